package flowproof.explore;

import java.util.Map;

/**
 * What a search established, with its counts.
 *
 * @param verdict       overall answer
 * @param complete      whether every reachable state was explored
 * @param limit         the limit that stopped the search ("states", "seconds", "memory"),
 *                      "first-violation" when asked to stop there, or null
 * @param states        distinct reachable states found (all reachable states when complete)
 * @param transitions   enabled moves summed over the expanded states
 * @param depth         BFS depth reached: the longest shortest path from the empty network (-1: not
 *                      computed, see {@code product})
 * @param seconds       wall-clock time of the search, drainability included
 * @param properties    status of every property
 * @param traces        the least shortest trace ({@link TraceOrder}) of every violated property, in property order
 * @param stuckStates   reachable states that are stuck (among the expanded ones)
 * @param undrainableStates reachable states from which the network cannot drain (-1 when not checked)
 * @param stateWords    longs per packed state
 * @param stateBits     bits of information per packed state
 * @param storedBytes   bytes held by the visited set at the end (with the level lists of a parallel search)
 * @param orbits        distinct states stored: orbit representatives under symmetry reduction,
 *                      else equal to {@code states} (which then counts every state they stand for)
 * @param symmetryOrder size of the symmetry group the search reduced by (1: no reduction)
 * @param symmetry      one line on the reduction (which group, or why it is off), or null when not asked for
 * @param threads       threads that expanded states
 * @param product       one line on how a model with injection queues was decided from the same
 *                      model without them ({@link InjectionQueueProduct}), or null when it was not
 */
public record ExplorationResult(
    Model model,
    Verdict verdict,
    boolean complete,
    String limit,
    long states,
    long transitions,
    int depth,
    double seconds,
    Map<Property, PropertyStatus> properties,
    Map<Property, Trace> traces,
    long stuckStates,
    long undrainableStates,
    int stateWords,
    long stateBits,
    long storedBytes,
    long orbits,
    int symmetryOrder,
    String symmetry,
    int threads,
    String product) {

    /** A result of a search of the model as given (no injection-queue product). */
    public ExplorationResult(Model model, Verdict verdict, boolean complete, String limit, long states, long transitions,
                             int depth, double seconds, Map<Property, PropertyStatus> properties,
                             Map<Property, Trace> traces, long stuckStates, long undrainableStates, int stateWords,
                             long stateBits, long storedBytes, long orbits, int symmetryOrder, String symmetry,
                             int threads) {
        this(model, verdict, complete, limit, states, transitions, depth, seconds, properties, traces, stuckStates,
            undrainableStates, stateWords, stateBits, storedBytes, orbits, symmetryOrder, symmetry, threads, null);
    }

    /** A result of the sequential search without symmetry reduction. */
    public ExplorationResult(Model model, Verdict verdict, boolean complete, String limit, long states, long transitions,
                             int depth, double seconds, Map<Property, PropertyStatus> properties,
                             Map<Property, Trace> traces, long stuckStates, long undrainableStates, int stateWords,
                             long stateBits, long storedBytes) {
        this(model, verdict, complete, limit, states, transitions, depth, seconds, properties, traces, stuckStates,
            undrainableStates, stateWords, stateBits, storedBytes, states, 1, null, 1);
    }

    /** The trace to show first: the first violated property in property order. */
    public Trace primaryTrace() {
        return traces.isEmpty() ? null : traces.values().iterator().next();
    }

    /** Bytes per stored state (per orbit under symmetry reduction). */
    public double bytesPerState() {
        return orbits == 0 ? 0 : (double) storedBytes / orbits;
    }
}
