package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorer's wormhole verdicts against the simulator's {@code switching: wormhole} on the
 * same ring: Theoretical BFC with 2-flit packets over 1-flit VCs deadlocks in both engines,
 * dateline drains in both (specs/wh-ring4-c1-l2-*).
 */
class WormholeAgreementTest {

    private static final String SPEC = """
        name: %s
        topology: {kind: ring, radix: [4]}
        vcs: %d
        capacity: 1
        flow: wormhole
        packet-flits: 2
        rule: %s
        simulation:
          switching: wormhole
          buffer: 1
          packet-size: 2
          pipeline: 1
          traffic: uniform
          load: 0.5
          cycles: 20000
          warmup: 1000
          seed: 1
          deadlock-cycles: 200
        """;

    @TempDir
    Path dir;

    private SimResult simulate(String name, int vcs, String rule) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, String.format(SPEC, name, vcs, rule));
        Spec spec = SpecReader.read(file);
        return new Simulator(SimulationReader.read(spec)).run(null);
    }

    @Test
    void theoreticalBubbleDeadlocksUnderWormholeInTheSimulatorToo() throws Exception {
        SimResult r = simulate("tb", 1, "theoretical-bubble");
        assertThat(r.deadlock()).as("deadlock").isNotNull();
    }

    @Test
    void datelineDrainsUnderWormholeInTheSimulatorToo() throws Exception {
        SimResult r = simulate("dl", 2, "dateline");
        assertThat(r.deadlock()).as("deadlock").isNull();
        assertThat(r.drained()).isTrue();
    }
}
