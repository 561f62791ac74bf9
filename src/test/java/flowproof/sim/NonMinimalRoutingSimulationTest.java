package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The deadlock-free non-minimal specs (Valiant with one VC per hop, a looping table under a
 * hop limit with one VC per hop), simulated at high load and past saturation: no deadlock,
 * and they drain once sources stop. The same specs on one VC deadlock, as the explorer finds:
 * the runs are loaded enough to catch a deadlock the routing allows.
 */
class NonMinimalRoutingSimulationTest {

    static SimResult run(Spec spec, double load) throws Exception {
        SimConfig cfg = SimulationReader.read(spec);
        cfg = cfg.withWorkload(cfg.workload().atLoad(load)).withRun(20000, 2000, 11).withCheck(true);
        return new Simulator(cfg).run(null);
    }

    @ParameterizedTest(name = "{0} at load {1}")
    @CsvSource({"ring3-bidir-valiant-vc-per-hop, 0.5", "ring3-bidir-valiant-vc-per-hop, 1.0",
        "triangle-loop-table-hop-limit-vc-per-hop, 0.5", "triangle-loop-table-hop-limit-vc-per-hop, 1.0",
        "booksim-anynet-example-valiant-vc-per-hop, 0.5", "booksim-anynet-example-valiant-vc-per-hop, 1.0"})
    void deadlockFreeSpecsDrainAtHighLoad(String name, double load) throws Exception {
        Spec spec = SpecReader.read(Path.of("specs/" + name + ".yaml"));
        SimResult r = run(spec, load);
        assertThat(r.deadlock()).as("deadlock").isNull();
        assertThat(r.drained()).as("drained").isTrue();
        assertThat(r.packetsDelivered()).isPositive();
        if (load == 1.0) {
            assertThat(r.unstable()).as("past saturation").isTrue();
        }
    }

    @ParameterizedTest(name = "{0} on one VC")
    @CsvSource({"ring3-bidir-valiant-vc-per-hop, 2", "triangle-loop-table-hop-limit-vc-per-hop, 3",
        "booksim-anynet-example-valiant-vc-per-hop, 2"})
    void theSameOnOneVcDeadlocks(String name, int vcs) throws Exception {
        String text = Files.readString(Path.of("specs/" + name + ".yaml"))
            .replace("vcs: " + vcs, "vcs: 1").replace("rule: vc-per-hop", "rule: vct");
        Spec spec = SpecReader.fromTree("specs/test.yaml", "", Yaml.read(text));
        assertThat(spec.network().vcs()).isEqualTo(1);
        SimResult r = run(spec, 1.0);
        assertThat(r.deadlock()).as("deadlock").isNotNull();
        assertThat(r.drained()).isFalse();
    }
}
