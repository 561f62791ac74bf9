package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.sim.SimConfig.Arbiter;
import flowproof.sim.SimConfig.Switching;
import flowproof.spec.SimulationReader;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import org.junit.jupiter.api.Test;

/** The simulation section of a spec: defaults, rule slots, scripted traffic, and one-line errors. */
class SimulationReaderTest {

    private static final String HEAD = "name: t\n"
        + "topology: {kind: torus, radix: [4, 4], bidirectional: true}\n"
        + "vcs: 1\n"
        + "rule: %s\n"
        + "simulation:\n";

    private static String spec(String rule, String simulation) {
        return String.format(HEAD, rule) + simulation.indent(2);
    }

    private static SpecException refused(String yaml) {
        try {
            SimulationReader.read(SpecReader.fromTree("t.yaml", "", SimTestSupport.yaml(yaml)));
        } catch (SpecException e) {
            return e;
        }
        throw new AssertionError("accepted:\n" + yaml);
    }

    @Test
    void defaults() {
        SimConfig cfg = SimTestSupport.fromYaml(spec("vct", "buffer: 16"));
        assertThat(cfg.switching()).isEqualTo(Switching.VCT);
        assertThat(cfg.arbiter()).isEqualTo(Arbiter.ROUND_ROBIN);
        assertThat(cfg.workload().maxPacketSize()).isEqualTo(8);
        assertThat(cfg.pipeline()).isEqualTo(4);
        assertThat(cfg.linkLatency()).isEqualTo(1);
        assertThat(cfg.creditLatency()).isEqualTo(1);
        assertThat(cfg.cycles()).isEqualTo(10_000);
        assertThat(cfg.warmup()).isEqualTo(2_000);
        assertThat(cfg.seed()).isEqualTo(1);
        assertThat(cfg.network().capacity()).isEqualTo(2);
        assertThat(cfg.check()).isFalse();
        assertThat(SimTestSupport.fromYaml(spec("vct", "buffer: 16\nlink-latency: 3")).creditLatency()).isEqualTo(3);
    }

    @Test
    void ruleSlotsArePacketsPerBufferUnderVctAndOneUnderWormhole() {
        assertThat(SimTestSupport.fromYaml(spec("vct", "buffer: 64\npacket-size: 8")).network().capacity()).isEqualTo(8);
        assertThat(SimTestSupport.fromYaml(spec("vct", "buffer: 20\npacket-size: 8")).network().capacity()).isEqualTo(2);
        assertThat(SimTestSupport.fromYaml(spec("vct", "switching: wormhole\nbuffer: 64\npacket-size: 8")).network()
            .capacity()).isEqualTo(1);
        assertThat(SimTestSupport.fromYaml(spec("vct", "buffer: 64\npacket-size: {sizes: [4, 16]}")).slotFlits())
            .isEqualTo(16);
    }

    @Test
    void aWholeFloatingPointPacketSizeCountsForTheSlotsTheRuleSees() {
        // 64 / 8.0 = 8 slots: two critical bubbles fit (they used to be checked against 1 slot)
        SimConfig cfg = SimTestSupport.fromYaml(spec("{kind: critical-bubble, bubbles: 2}", "buffer: 64\npacket-size: 8.0"));
        assertThat(cfg.network().capacity()).isEqualTo(8);
        assertThat(cfg.workload().maxPacketSize()).isEqualTo(8);
        assertThat(refused(spec("{kind: critical-bubble, bubbles: 9}", "buffer: 64\npacket-size: 8.0")).getMessage())
            .contains("rule.bubbles").contains("capacity (8)");
    }

    @Test
    void scriptedTraffic() {
        SimConfig cfg = SimTestSupport.fromYaml(spec("vct", "buffer: 16\ntraffic: {script: [[0, 0, 5, 4], [3, 1, 2, 8]]}"));
        assertThat(cfg.workload().describe()).isEqualTo("2 scripted packets");
        assertThat(cfg.workload().maxPacketSize()).isEqualTo(8);
        SimResult r = new Simulator(cfg.withCheck(true)).run(null);
        assertThat(r.packetsDelivered()).isEqualTo(2);
        assertThat(r.completion()).isPositive();
        // the script gives every packet: a load, an injection process or a packet size would be ignored
        for (String field : new String[] {"load: 0.5", "packet-size: 4", "injection: bernoulli"}) {
            String name = field.substring(0, field.indexOf(':'));
            assertThat(refused(spec("vct", "buffer: 16\ntraffic: {script: [[0, 0, 5, 4]]}\n" + field)).getMessage())
                .startsWith("t.yaml: simulation." + name + ": expected no " + name + " with scripted traffic");
        }
        assertThat(refused(spec("vct", "buffer: 16\ntraffic: {script: [[0, 0, 16, 4]]}")).getMessage())
            .contains("simulation.traffic.script[0]");
        assertThat(refused(spec("vct", "buffer: 16\ntraffic: {script: [[0, 0, 5]]}")).getMessage())
            .contains("simulation.traffic.script[0]");
        assertThat(refused(spec("vct", "buffer: 4\ntraffic: {script: [[0, 0, 5, 8]]}")).getMessage())
            .contains("simulation.buffer");
    }

    @Test
    void badFieldsAreNamed() {
        assertThat(refused(spec("vct", "buffer: 16\nswitching: store-and-forward")).getMessage())
            .contains("simulation.switching");
        assertThat(refused(spec("vct", "buffer: 16\narbiter: age")).getMessage()).contains("simulation.arbiter");
        assertThat(refused(spec("vct", "buffer: 16\npipeline: 0")).getMessage()).contains("simulation.pipeline");
        assertThat(refused(spec("vct", "buffer: 16\ncycles: 100\nwarmup: 100")).getMessage())
            .contains("simulation.warmup");
        assertThat(refused(spec("vct", "buffer: 16\ndeadlock-cycles: -1")).getMessage())
            .contains("simulation.deadlock-cycles");
        assertThat(refused(spec("vct", "buffer: 16\nspace-time: {row: 9}")).getMessage())
            .contains("simulation.space-time.row");
        assertThat(refused(spec("vct", "packet-size: 8")).getMessage()).contains("simulation.buffer");
        assertThat(refused(spec("dateline", "buffer: 16")).getMessage()).contains(": vcs: ");
    }
}
