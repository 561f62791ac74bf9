package flowproof.sim;

import flowproof.traffic.Workload;
import java.util.function.LongConsumer;

/**
 * The run protocol every engine follows, written once: the generation phase with its
 * warm-up and measurement window, the end of a finite workload, the unstable rule, the
 * drain phase and deadlock detection. An engine ({@link Simulator}, the
 * packet-level {@code sim.queues.QueueEngine}) supplies the cycle and its counters as a
 * {@link Machine}; the protocol's outcome is then packed into a {@link SimResult} by the
 * engine, which alone knows its statistics.
 *
 * <p><b>The unstable rule.</b> A run of an endless workload (not a finite, collective one)
 * without a deadlock is unstable when any of these holds, checked in this order:
 * <ol>
 *   <li>the network as a whole falls behind: accepted throughput below 98% of offered, both
 *       averaged over all terminals and the measurement window;</li>
 *   <li>some source saturates: its source queue (flits created and not yet entered into
 *       the network) is longer at the end of the measurement window than at its start by
 *       more than both 2% of the flits that source created in the window and
 *       {@value #SLACK_PACKETS} packets of the workload's mean size. A source that keeps up
 *       leaves its queue where it found it, give or take its random fluctuation, which the
 *       slack absorbs; one that does not keeps a queue that grows in proportion to the
 *       window. The first rule alone misses sources that saturate while the others do not
 *       (a hot spot, a tornado's busiest rows): averaged over all terminals they are a few
 *       percent of the offered load;</li>
 *   <li>packets created in the measurement window are not all delivered within
 *       {@code drain} cycles after generation stops.</li>
 * </ol>
 * The latency of an unstable run is not meaningful: its sources' queues grow with the run.
 */
public final class RunProtocol {

    /** What an engine offers the protocol. */
    public interface Machine {
        /** Simulates cycle {@code now}; {@code measuring} while inside the measurement window. */
        void step(Workload.Generator gen, long now, boolean measuring);

        /** Flits generated since the last call (the cycle's), then zero. */
        long takeGenerated();

        /** Flits delivered since the last call, then zero. */
        long takeAccepted();

        /** Whether the network can never move again with packets in it. */
        boolean deadlocked();

        /** What the deadlock looks like (called once, when {@link #deadlocked} said so). */
        SimResult.Deadlock deadlockReport();

        /** Data packets created and delivered so far. */
        long created();

        long delivered();

        /**
         * Whether nothing is left to do: the network (and the injection channels, and any
         * control traffic) is empty and, when {@code injecting}, every created packet is
         * delivered.
         */
        boolean drained(boolean injecting);

        /** Whether sources still generate packets and whether queued packets still enter. */
        void phase(boolean generating, boolean injecting);

        /** Packets created in the measurement window and not delivered yet. */
        long measuredOutstanding();

        /** Flits in source {@code source}'s queue: created, not yet begun to enter the network. */
        long queuedFlits(int source);

        /** Flits source {@code source} has created so far. */
        long createdFlits(int source);

        /** Check mode: every packet delivered once, in order, credits restored; throws if not. */
        void checkConservation();
    }

    /**
     * The outcome of a run: cycles simulated in all ({@code cycles}) and in the generation
     * phase, the measurement window, offered and accepted load in flits/node/cycle over it,
     * whether the run is unstable and why, the deadlock if any, whether it drained and in
     * how many cycles, and the wall time.
     */
    public record Outcome(long cycles, long generationCycles, long window, double offered, double accepted,
                          boolean unstable, String reason, SimResult.Deadlock deadlock, boolean drained,
                          long drainCycles, double seconds) {
    }

    /** The slack of the per-source rule, in packets of the workload's mean size. */
    public static final int SLACK_PACKETS = 32;

    private RunProtocol() {
    }

    /**
     * Why some source saturated over the measurement window (the second unstable rule: its
     * queue grew by more than 2% of the flits it created in the window and by more than
     * {@code slack} flits), or null when none did.
     */
    static String saturatedSources(Machine m, int terminals, long[] queuedAtStart, long[] createdAtStart,
                                   double slack) {
        int saturated = 0;
        int worst = -1;
        long worstGrowth = 0;
        long worstCreated = 0;
        for (int t = 0; t < terminals; t++) {
            long growth = m.queuedFlits(t) - queuedAtStart[t];
            long made = m.createdFlits(t) - createdAtStart[t];
            if (growth > 0.02 * made && growth > slack) {
                saturated++;
                if (growth > worstGrowth) {
                    worst = t;
                    worstGrowth = growth;
                    worstCreated = made;
                }
            }
        }
        if (saturated == 0) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "%d source%s saturated: the queue of terminal %d grew by %d flits"
                + " over the measurement window (%.1f%% of the %d it created there; slack %.0f flits)", saturated,
            saturated == 1 ? "" : "s", worst, worstGrowth, 100.0 * worstGrowth / worstCreated, worstCreated, slack);
    }

    /** Runs {@code m} for {@code cfg}'s workload; {@code progress} (may be null) is told the cycle now and then. */
    public static Outcome run(Machine m, SimConfig cfg, Workload.Generator gen, int terminals, LongConsumer progress) {
        long start = System.nanoTime();
        long cycles = cfg.cycles();
        long warmup = cfg.warmup();
        boolean finite = gen.lastGeneration() < Long.MAX_VALUE;
        m.phase(true, true);
        SimResult.Deadlock deadlock = null;
        long genFlits = 0;
        long accFlits = 0;
        // every source's queue and created flits when the measurement window opens
        long[] queuedAtStart = null;
        long[] createdAtStart = null;
        long now;
        // generation phase (for a finite workload: until everything is delivered, at most cycles)
        for (now = 0; now < cycles; now++) {
            boolean measuring = now >= warmup;
            if (measuring && queuedAtStart == null) {
                queuedAtStart = new long[terminals];
                createdAtStart = new long[terminals];
                for (int t = 0; t < terminals; t++) {
                    queuedAtStart[t] = m.queuedFlits(t);
                    createdAtStart[t] = m.createdFlits(t);
                }
            }
            m.step(gen, now, measuring);
            long g = m.takeGenerated();
            long a = m.takeAccepted();
            if (measuring) {
                genFlits += g;
                accFlits += a;
            }
            if ((now & 1023) == 0 && progress != null) {
                progress.accept(now);
            }
            if (m.deadlocked()) {
                deadlock = m.deadlockReport();
                now++;
                break;
            }
            if (finite && now >= gen.lastGeneration() && m.created() == m.delivered()) {
                now++;
                break;
            }
        }
        long generationCycles = now;
        long window = Math.max(1, Math.min(generationCycles, cycles) - warmup);
        double offered = (double) genFlits / terminals / window;
        double accepted = (double) accFlits / terminals / window;
        boolean unstable = false;
        String reason = null;
        if (!finite && deadlock == null && accepted < 0.98 * offered) {
            unstable = true;
            reason = String.format("accepted %.4f is below 98%% of offered %.4f flits/node/cycle", accepted, offered);
        }
        if (!finite && deadlock == null && !unstable && queuedAtStart != null) {
            reason = saturatedSources(m, terminals, queuedAtStart, createdAtStart,
                SLACK_PACKETS * cfg.workload().meanPacketSize());
            unstable = reason != null;
        }
        // drain: no new packets; a stable run still injects its queued packets so that every
        // measured packet gets a latency, an unstable one only empties the network
        boolean injecting = !unstable;
        m.phase(false, injecting);
        long drainStart = now;
        boolean drained = deadlock == null && m.drained(injecting);
        long drainLimit = now + cfg.drainCycles();
        while (deadlock == null && !drained && now < drainLimit) {
            m.step(gen, now, false);
            m.takeGenerated();
            m.takeAccepted();
            if (m.deadlocked()) {
                deadlock = m.deadlockReport();
            }
            drained = m.drained(injecting);
            now++;
            if ((now & 1023) == 0 && progress != null) {
                progress.accept(now);
            }
        }
        long outstanding = m.measuredOutstanding();
        if (!unstable && !finite && outstanding > 0 && deadlock == null) {
            unstable = true;
            reason = outstanding + " packets created in the measurement window were not delivered within "
                + cfg.drainCycles() + " drain cycles";
        }
        if (deadlock != null) {
            unstable = true;
            reason = "deadlock";
        }
        if (cfg.check()) {
            m.checkConservation();
        }
        return new Outcome(now, generationCycles, window, offered, accepted, unstable, reason, deadlock, drained,
            now - drainStart, (System.nanoTime() - start) / 1e9);
    }
}
