package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * The iSLIP allocators in the simulator ({@code vc-allocator}, {@code switch-allocator},
 * {@code allocator-iterations}) and the switch's {@code input-speedup}: runs checked every cycle (conservation, flit order, credits)
 * carry the offered load below saturation as the separable allocators do, packets that never
 * meet are timed alike, and bad values are one line naming the field.
 */
class IslipSimulationTest {

    private static final List<String> ALLOCATORS = List.of(
        "vc-allocator: islip\nswitch-allocator: islip\n",
        "vc-allocator: islip\n",
        "switch-allocator: islip\n",
        "vc-allocator: islip\nswitch-allocator: islip\nallocator-iterations: 3\n");

    private static SimResult checked(String yaml) {
        SimResult r = new Simulator(SimTestSupport.fromYaml(yaml).withCheck(true)).run(null);
        assertThat(r.deadlock()).as(yaml).isNull();
        return r;
    }

    private static String mesh(String simulation) {
        return "name: mesh-adaptive\ntopology: {kind: mesh, radix: [6, 6]}\nrouting: minimal-adaptive\n"
            + "escape: {choose: when-blocked, leave: false}\nvcs: 4\nrule: vct\nsimulation:\n" + simulation.indent(2);
    }

    @Test
    void belowSaturationIslipCarriesTheOfferedLoadOnEveryNetwork() {
        String torusVct = "switching: vct\nbuffer: 32\npacket-size: 8\ntraffic: uniform\nload: 0.3\ncycles: 5000\n"
            + "warmup: 1000\n";
        String torusWh = "switching: wormhole\nbuffer: 8\npacket-size: 4\ntraffic: uniform\nload: 0.25\ncycles: 5000\n"
            + "warmup: 1000\nvc-release: tail\n";
        String meshWh = "switching: wormhole\nbuffer: 4\npacket-size: 1\ntraffic: uniform\nload: 0.05\ncycles: 5000\n"
            + "warmup: 1000\n";
        List<String> specs = List.of(SimTestSupport.torusDateline(6, torusVct), SimTestSupport.torusDateline(6, torusWh),
            mesh(meshWh));
        for (String spec : specs) {
            SimResult base = checked(spec);
            for (String a : ALLOCATORS) {
                SimResult r = checked(spec.replace("simulation:\n", "simulation:\n" + a.indent(2)));
                assertThat(r.accepted()).as("%s\n%s", a, spec).isCloseTo(base.accepted(),
                    org.assertj.core.data.Percentage.withPercentage(3));
                assertThat(r.latency().mean()).as("%s\n%s", a, spec).isCloseTo(base.latency().mean(),
                    org.assertj.core.data.Percentage.withPercentage(15));
            }
        }
    }

    @Test
    void pastSaturationIslipRunsCheckedWithoutDeadlock() {
        String sat = "switching: wormhole\nbuffer: 4\npacket-size: 2\ntraffic: uniform\nload: 1.0\ncycles: 3000\n"
            + "warmup: 500\n";
        for (String a : ALLOCATORS) {
            assertThat(checked(mesh(sat + a)).accepted()).isPositive();
            assertThat(checked(SimTestSupport.torusDateline(4, sat + "vc-release: tail\n" + a)).accepted()).isPositive();
        }
    }

    @Test
    void packetsThatNeverMeetAreTimedAsWithTheSeparableAllocators() {
        qt().withExamples(20).forAll(Generate.range(0, 35), Generate.range(0, 35), Generate.range(0, 3))
            .assuming((s, d, a) -> !s.equals(d)).checkAssert((s, d, a) -> {
                String sim = "switching: vct\nbuffer: 16\ntraffic: {script: [[5, " + s + ", " + d + ", 4], [300, " + d
                    + ", " + s + ", 4]]}\ncycles: 1000\nwarmup: 0\n";
                Map<List<Long>, Long> base = SimTestSupport.latencies(SimTestSupport.torusDateline(6, sim));
                assertThat(base).hasSize(2);
                assertThat(SimTestSupport.latencies(SimTestSupport.torusDateline(6, sim + ALLOCATORS.get(a)))).isEqualTo(base);
            });
    }

    private static String meshSpeedup(String allocator, int speedup) {
        return "name: sp\ntopology: {kind: mesh, radix: [6, 6]}\nrouting: dor\nvcs: 4\nrule: vct\nsimulation:\n"
            + ("switching: wormhole\nvc-release: tail\nbuffer: 8\npacket-size: 4\ntraffic: uniform\nload: 1.0\n"
            + "cycles: 4000\nwarmup: 1000\nvc-allocator: " + allocator + "\nswitch-allocator: " + allocator
            + "\ninput-speedup: " + speedup + "\n").indent(2);
    }

    /** input-speedup: two switch inputs per input port (VCs 0, 2 and 1, 3) carry more past saturation, checked every cycle. */
    @Test
    void inputSpeedupRaisesSaturationThroughput() {
        for (String a : List.of("separable-input-first", "islip")) {
            double one = checked(meshSpeedup(a, 1)).accepted();
            double two = checked(meshSpeedup(a, 2)).accepted();
            assertThat(two).as(a).isGreaterThan(one * 1.05);
            assertThat(checked(meshSpeedup(a, 4)).accepted()).as(a).isGreaterThanOrEqualTo(two * 0.97);
        }
    }

    @Test
    void badValuesAreOneLineNamingTheField() {
        String vct = "switching: vct\nbuffer: 16\npacket-size: 8\n";
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "vc-allocator: wavefront")))
            .isEqualTo("t.yaml: simulation.vc-allocator: expected separable-input-first or islip, found \"wavefront\"");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "switch-allocator: 2")))
            .isEqualTo("t.yaml: simulation.switch-allocator: expected separable-input-first or islip, found 2");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "switch-allocator: islip\nallocator-iterations: 0")))
            .isEqualTo("t.yaml: simulation.allocator-iterations: expected an integer from 1 to 16, found 0");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "allocator-iterations: 2")))
            .startsWith("t.yaml: simulation.allocator-iterations: expected 1 unless vc-allocator or switch-allocator is"
                + " islip");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "switch-allocator: islip\narbiter: oldest-first")))
            .startsWith("t.yaml: simulation.arbiter: expected round-robin with switch-allocator: islip");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "input-speedup: 3")))
            .startsWith("t.yaml: simulation.input-speedup: expected 1 to the VCs per channel (2)");
        assertThat(SimTestSupport.refused(SimTestSupport.torusDateline(4, vct + "input-speedup: 0")))
            .startsWith("t.yaml: simulation.input-speedup: expected an integer from 1 to the VCs per channel");
    }
    /**
     * An input port with {@code input-speedup: 2} returns up to two credits a cycle on its
     * channel: the credit wheel has room for them (it had one per channel, so a busy cycle's
     * credits spilled into the next slot's list and a credit was counted twice: a buffer
     * overflowed). The property test's counterexample (a 4-ring, 31 packets), run checked.
     */
    @Test
    void twoCreditsACycleOnAChannelAreAllCounted() {
        String script = "[[10, 0, 3, 2], [37, 0, 3, 2], [0, 0, 3, 2], [9, 1, 2, 2], [7, 0, 3, 2], [19, 2, 1, 2],"
            + " [0, 0, 3, 2], [24, 0, 3, 2], [1, 0, 3, 2], [5, 0, 3, 2], [4, 1, 2, 2], [1, 1, 2, 2], [3, 0, 3, 2],"
            + " [0, 0, 3, 2], [3, 1, 2, 2], [13, 0, 3, 2], [2, 0, 3, 2], [0, 1, 2, 2], [7, 2, 1, 2], [7, 2, 1, 2],"
            + " [4, 2, 1, 2], [16, 2, 1, 2], [3, 0, 3, 2], [44, 0, 3, 2], [16, 0, 3, 2], [0, 0, 3, 2], [3, 0, 3, 2],"
            + " [2, 0, 3, 2], [51, 0, 2, 2], [50, 2, 0, 2], [51, 1, 2, 2]]";
        String yaml = "name: ring4\ntopology: {kind: ring, radix: [4]}\nvcs: 2\nrule: dateline\nsimulation:\n"
            + "  switching: vct\n  buffer: 6\n  pipeline: 2\n  link-latency: 2\n  input-speedup: 2\n  cycles: 400\n"
            + "  warmup: 0\n  traffic: {script: " + script + "}\n";
        int[] delivered = {0};
        SimResult r = new Simulator(SimTestSupport.fromYaml(yaml).withCheck(true))
            .onDelivery((src, dst, size, created, inj, done, hops) -> delivered[0]++).run(null);
        assertThat(r.deadlock()).isNull();
        assertThat(delivered[0]).isEqualTo(31);
    }

    /**
     * One-iteration iSLIP in the switch allocator takes a one-pass path (grants decided as the
     * requests come in, then the accepts); it makes the same matches as the general matcher
     * {@link Islip#match}: generated runs (torus or mesh, VCT or wormhole, input speedup,
     * switch hold, either VC allocator, loads past saturation, seeds) give the same packets,
     * latencies and channel loads both ways.
     */
    @Test
    void oneIterationIslipMatchesTheGeneralMatcher() {
        qt().withExamples(40).forAll(Generate.range(0, 31), Generate.range(1, 10), Generate.longRange(1, 1_000_000))
            .checkAssert((net, load, seed) -> {
                // the bits of net: wormhole, iSLIP VC allocator, mesh, input speedup 2, switch hold
                boolean wormhole = (net & 1) == 1;
                int speedup = (net & 8) == 8 ? 2 : 1;
                boolean hold = (net & 16) == 16;
                String sim = (wormhole ? "switching: wormhole\nbuffer: 4\npacket-size: 3\nvc-release: tail\n"
                    : "switching: vct\nbuffer: 8\npacket-size: 4\n") + "traffic: uniform\nload: " + load / 10.0
                    + "\ncycles: 1500\nwarmup: 300\nseed: " + seed + "\nswitch-allocator: islip\n"
                    + ((net & 2) == 2 ? "vc-allocator: islip\n" : "") + "input-speedup: " + speedup + "\n"
                    + (hold ? "switch-hold: packet\n" : "");
                String yaml = (net & 4) == 4 ? "name: m\ntopology: {kind: mesh, radix: [4, 4]}\nrouting: dor\nvcs: 2\n"
                    + "rule: vct\nsimulation:\n" + sim.indent(2) : SimTestSupport.torusDateline(4, sim);
                SimConfig cfg = SimTestSupport.fromYaml(yaml).withCheck(true);
                SimResult one = new Simulator(cfg, true).run(null);
                SimResult general = new Simulator(cfg, false).run(null);
                assertThat(one.packetsDelivered()).as(yaml).isPositive().isEqualTo(general.packetsDelivered());
                assertThat(one.accepted()).as(yaml).isEqualTo(general.accepted());
                assertThat(one.latency()).as(yaml).isEqualTo(general.latency());
                assertThat(one.utilisation()).as(yaml).containsExactly(general.utilisation());
                assertThat(one.completion()).as(yaml).isEqualTo(general.completion());
            });
    }
}
