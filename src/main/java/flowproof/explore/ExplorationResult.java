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
 * @param depth         BFS depth reached: the longest shortest path from the empty network
 * @param seconds       wall-clock time of the search, drainability included
 * @param properties    status of every property
 * @param traces        the shortest trace of every violated property, in property order
 * @param stuckStates   reachable states that are stuck (among the expanded ones)
 * @param undrainableStates reachable states from which the network cannot drain (-1 when not checked)
 * @param stateWords    longs per packed state
 * @param stateBits     bits of information per packed state
 * @param storedBytes   bytes held by the visited set at the end
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
    long storedBytes) {

    /** The trace to show first: the first violated property in property order. */
    public Trace primaryTrace() {
        return traces.isEmpty() ? null : traces.values().iterator().next();
    }

    public double bytesPerState() {
        return states == 0 ? 0 : (double) storedBytes / states;
    }
}
