package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The simulator on the VC-class specs (docs/vc-classes.md), which route every packet through
 * the same {@code vc-classes} function as the explorer and the dependency graph: the
 * deadlock-free ones, loaded to the point where the accepted load falls short of the offered
 * one, never deadlock and drain; the same networks with the class function of a
 * counterexample spec deadlock. (The source-relative dateline's trace replays in the
 * simulator through ExplorerAgreesWithSimulatorTest, which takes every deterministic
 * counterexample in counterexamples/.)
 */
class VcClassesSimulationTest {

    static SimResult run(Spec spec, double load, long seed) throws Exception {
        SimConfig cfg = SimulationReader.read(spec);
        cfg = cfg.withWorkload(cfg.workload().atLoad(load)).withRun(10000, 2000, seed).withCheck(true);
        return new Simulator(cfg).run(null);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mesh8x8-xy-yx-2vc-classes", "mesh4x4-xy-yx-2vc-classes", "dragonfly-a2h1-minimal-2-classes",
        "dragonfly-a2h1-ugal-3-classes", "dragonfly-a3h1-ugal-router-4-classes", "ring4-c2-classes-dateline",
        "ring4-c1-classes-dateline-bubble-on-vc1", "ring3-bidir-valiant-2-classes", "fb2d-4x4-ugal-2-classes",
        "ring4-c2-classes-two-type-dateline"})
    void deadlockFreeClassSpecsDrainPastSaturation(String name) throws Exception {
        Spec spec = SpecReader.read(Path.of("specs/" + name + ".yaml"));
        SimResult r = run(spec, 1.0, 7);
        assertThat(r.deadlock()).as("deadlock").isNull();
        assertThat(r.drained()).as("drained").isTrue();
        assertThat(r.unstable()).as("past saturation").isTrue();
        assertThat(r.packetsDelivered()).isPositive();
    }

    /** The counterexample specs, with every pair sending, deadlock the simulator under full load. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"large/dragonfly-a3h1-ugal-global-classes-all-pairs", "ring4-c1-classes-source-dateline"})
    void counterexampleClassSpecsDeadlockTheSimulator(String name) throws Exception {
        Spec spec = SpecReader.read(Path.of("specs/" + name + ".yaml"));
        boolean deadlocked = false;
        for (long seed = 1; seed <= 5 && !deadlocked; seed++) {
            SimResult r = run(spec, 1.0, seed);
            deadlocked = r.deadlock() != null;
            if (deadlocked) {
                assertThat(r.drained()).isFalse();
            }
        }
        assertThat(deadlocked).as("a deadlock in one of 5 runs at full load").isTrue();
    }
}
