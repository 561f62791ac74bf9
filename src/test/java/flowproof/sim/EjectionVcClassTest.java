package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code ejection-vc: class}: a packet ejects only on the ejection VCs of its VC class, as
 * BookSim's {@code min} routing on its dragonfly names the packet's phase as its only VC at
 * the ejection port. Two packets of one class meeting at an ejection channel with a VC per
 * class then take turns instead of sharing it; the option needs vc-classes and as many
 * ejection VCs as VCs, or it is one line naming the field.
 */
class EjectionVcClassTest {

    /**
     * Two 8-flit packets created in the same cycle at the routers east (1) and south (4) of
     * router 0 of a 4x4 mesh, both to terminal 0, all packets in VC class 0 of 2.
     */
    private static String meeting(String extra) {
        return "name: mesh-classes\ntopology: {kind: mesh, radix: [4, 4]}\nrouting: dor\nvcs: 2\nrule: vct\n"
            + "vc-classes: {classes: 2}\nsimulation:\n  switching: wormhole\n  buffer: 8\n  ejection-vcs: 2\n"
            + "  traffic: {script: [[5, 1, 0, 8], [5, 4, 0, 8]]}\n  cycles: 400\n  warmup: 0\n" + extra;
    }

    private static long tailGap(String yaml) {
        Map<List<Long>, Long> lat = SimTestSupport.latencies(yaml);
        assertThat(lat).hasSize(2);
        return Math.abs(lat.get(List.of(1L, 0L, 5L)) - lat.get(List.of(4L, 0L, 5L)));
    }

    @Test
    void packetsOfOneClassTakeTurnsOnTheirEjectionVc() {
        // any ejection VC: each packet holds one, and their flits share the channel cycle by cycle
        assertThat(tailGap(meeting(""))).isLessThanOrEqualTo(1);
        assertThat(tailGap(meeting("  ejection-vc: any\n"))).isLessThanOrEqualTo(1);
        // class: both need VC 0 of the ejection channel, so the second waits for the first's tail
        assertThat(tailGap(meeting("  ejection-vc: class\n"))).isGreaterThanOrEqualTo(7);
    }

    @Test
    void itNeedsVcClassesAndAnEjectionVcPerVc() {
        assertThat(SimTestSupport.refused(meeting("  ejection-vc: class\n").replace("vc-classes: {classes: 2}\n", "")))
            .isEqualTo("t.yaml: simulation.ejection-vc: expected any unless the routing has vc-classes and"
                + " ejection-vcs equals vcs (2; class: each VC class ejects on its own VCs), found class with no"
                + " vc-classes");
        assertThat(SimTestSupport.refused(meeting("  ejection-vc: class\n").replace("ejection-vcs: 2", "ejection-vcs: 1")))
            .endsWith("found class with ejection-vcs 1");
        assertThat(SimTestSupport.refused(meeting("  ejection-vc: some\n"))).isEqualTo("t.yaml: simulation.ejection-vc:"
            + " expected any or class (class: a packet ejects only on the ejection VCs of its VC class, as BookSim's"
            + " min routing on a dragonfly), found \"some\"");
    }
}
