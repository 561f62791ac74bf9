package flowproof.testing;

import static flowproof.testing.FlowproofAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.check.Flowproof;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Simulation assertions pass on what the run found and fail, showing the deadlock and its waiting cycle, on what it did not. */
class SimulationAssertTest {

    private static SimResult simulate(String spec, double load) throws Exception {
        return simulate(spec, load, 3000, 1000);
    }

    private static SimResult simulate(String spec, double load, long cycles, long warmup) throws Exception {
        SimConfig cfg = Flowproof.simulation(Flowproof.read(Path.of("specs/sim", spec)));
        return Flowproof.simulate(cfg.withWorkload(cfg.workload().atLoad(load)).withRun(cycles, warmup, 1));
    }

    @Test
    void aDeadlockFreeRunDrainsAndADeadlockedOneShowsItsCycle() throws Exception {
        SimResult ok = simulate("torus8x8-dateline.yaml", 0.2);
        assertThat(ok).drains().isStable().acceptsAtLeast(0.19);
        assertThatThrownBy(() -> assertThat(ok).deadlocks()).hasMessageContaining("to deadlock, but it drained");
        assertThatThrownBy(() -> assertThat(ok).acceptsAtLeast(0.5)).hasMessageContaining("to accept at least 0.5000");

        SimResult dead = simulate("torus8x8-vct-1vc.yaml", 0.8);
        assertThat(dead).deadlocks().withWaitCycleOfLength(8).holding("(0,0)-d0+->(1,0) vc0");
        assertThatThrownBy(() -> assertThat(dead).drains()).isInstanceOf(AssertionError.class)
            .hasMessageContaining("to drain, but it found a deadlock at cycle")
            .hasMessageContaining("(no flit moved)")
            .hasMessageContaining("each waiting on the next: (0,0)-d0+->(1,0) vc0 -> (1,0)-d0+->(2,0) vc0 ->");
        assertThatThrownBy(() -> assertThat(dead).isStable()).hasMessageContaining("unstable: deadlock");
        assertThatThrownBy(() -> assertThat(dead).asAKnot()).hasMessageContaining("found by the network-wide timeout");
        assertThatThrownBy(() -> assertThat(dead).withWaitCycleOfLength(3)).hasMessageContaining("has 8");
        assertThatThrownBy(() -> assertThat(dead).holding("injection 9")).hasMessageContaining("to hold injection 9");
    }

    @Test
    void aRunThatCreatedNothingNeitherDrainsNorIsStable() throws Exception {
        SimResult none = simulate("torus8x8-dateline.yaml", 0.001, 2, 0);
        org.assertj.core.api.Assertions.assertThat(none.packetsCreated()).isZero();
        assertThatThrownBy(() -> assertThat(none).drains()).hasMessageContaining("no packet was created: the run checked nothing");
        assertThatThrownBy(() -> assertThat(none).isStable()).hasMessageContaining("no packet was created: the run checked nothing");
    }
}
