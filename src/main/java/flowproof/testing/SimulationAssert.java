package flowproof.testing;

import flowproof.sim.SimResult;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a simulation's {@link SimResult}; start with
 * {@link FlowproofAssertions#assertThat(SimResult)}. A failure message names the network and
 * workload and shows what the run found: its deadlock (cycle, whether a knot, the held queues
 * and the waiting cycle) or why it was unstable.
 *
 * <pre>{@code
 * assertThat(Flowproof.simulate(cfg)).drains().isStable();
 * assertThat(Flowproof.simulate(broken)).deadlocks().withWaitCycleOfLength(8);
 * }</pre>
 *
 * A run in which no packet was created checks nothing: {@link #drains} and {@link #isStable}
 * fail on it.
 */
public final class SimulationAssert extends AbstractAssert<SimulationAssert, SimResult> {

    SimulationAssert(SimResult actual) {
        super(actual, SimulationAssert.class);
    }

    private String run() {
        return actual.network() + ", " + actual.workload() + " at " + actual.load();
    }

    private static String describe(SimResult.Deadlock d) {
        StringBuilder s = new StringBuilder("deadlock at cycle " + d.cycle());
        s.append(d.knot() ? " (a knot of " + d.heldQueues().size() + " held queues)" : " (no flit moved)");
        s.append(String.format("%n  held: %s", d.heldQueues()));
        if (!d.waitCycle().isEmpty()) {
            s.append(String.format("%n  each waiting on the next: %s", String.join(" -> ", d.waitCycle())));
        }
        return s.toString();
    }

    /**
     * Some packet was created, no deadlock was found and the network drained after
     * generation stopped.
     *
     * @return this assertion
     */
    public SimulationAssert drains() {
        isNotNull();
        if (actual.packetsCreated() == 0) {
            failWithMessage("Expected %s to drain, but no packet was created: the run checked nothing", run());
        }
        if (actual.deadlock() != null) {
            failWithMessage("Expected %s to drain, but it found a %s", run(), describe(actual.deadlock()));
        }
        if (!actual.drained()) {
            failWithMessage("Expected %s to drain, but it did not within %,d cycles after generation stopped", run(),
                actual.drainCycles());
        }
        return this;
    }

    /**
     * Some packet was created and the run is not unstable: accepted at least 98% of offered,
     * no source saturated, every measured packet delivered, no deadlock.
     *
     * @return this assertion
     */
    public SimulationAssert isStable() {
        isNotNull();
        if (actual.packetsCreated() == 0) {
            failWithMessage("Expected %s to be stable, but no packet was created: the run checked nothing", run());
        }
        if (actual.unstable()) {
            failWithMessage("Expected %s to be stable, but it is unstable: %s%s", run(), actual.unstableReason(),
                actual.deadlock() == null ? "" : String.format("%n%s", describe(actual.deadlock())));
        }
        return this;
    }

    /**
     * Accepted at least {@code flits} flits per node per cycle in the measurement window.
     *
     * @param flits the least accepted throughput
     * @return this assertion
     */
    public SimulationAssert acceptsAtLeast(double flits) {
        isNotNull();
        if (!(actual.accepted() >= flits)) {
            failWithMessage("Expected %s to accept at least %.4f flits/node/cycle, but it accepted %.4f (offered %.4f)",
                run(), flits, actual.accepted(), actual.offered());
        }
        return this;
    }

    /**
     * A deadlock was found (then {@link #withWaitCycleOfLength}, {@link #asAKnot},
     * {@link #holding} narrow it down).
     *
     * @return this assertion
     */
    public SimulationAssert deadlocks() {
        isNotNull();
        if (actual.deadlock() == null) {
            failWithMessage("Expected %s to deadlock, but it %s", run(), actual.drained() ? "drained" : "did not drain,"
                + " without a deadlock found");
        }
        return this;
    }

    /**
     * The deadlock's waiting cycle has {@code queues} held queues.
     *
     * @param queues the cycle's length
     * @return this assertion
     */
    public SimulationAssert withWaitCycleOfLength(int queues) {
        deadlocks();
        List<String> cycle = actual.deadlock().waitCycle();
        if (cycle.size() != queues) {
            failWithMessage("Expected %s's waiting cycle to have %d queues, but it has %d: %s", run(), queues,
                cycle.size(), describe(actual.deadlock()));
        }
        return this;
    }

    /**
     * The deadlock was found as a knot: queues waiting only on each other, possibly while
     * flits still moved elsewhere.
     *
     * @return this assertion
     */
    public SimulationAssert asAKnot() {
        deadlocks();
        if (!actual.deadlock().knot()) {
            failWithMessage("Expected %s's deadlock to be found as a knot, but it was found by the network-wide "
                + "timeout: %s", run(), describe(actual.deadlock()));
        }
        return this;
    }

    /**
     * Some held queue's name starts with {@code queue} (names as the report prints them, e.g.
     * {@code (0,0)-d0+->(1,0) vc0} or {@code input queue request of terminal 2}).
     *
     * @param queue the start of a held queue's name
     * @return this assertion
     */
    public SimulationAssert holding(String queue) {
        deadlocks();
        if (actual.deadlock().heldQueues().stream().noneMatch(q -> q.startsWith(queue))) {
            failWithMessage("Expected %s's deadlock to hold %s, but it holds: %s", run(), queue,
                describe(actual.deadlock()));
        }
        return this;
    }
}
