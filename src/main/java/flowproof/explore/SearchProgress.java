package flowproof.explore;

/**
 * Receives the state of a long search a few times a second, from the thread that runs it.
 * Implementations must return quickly; they never change the search.
 */
@FunctionalInterface
public interface SearchProgress {

    /**
     * @param phase       "search" (breadth-first enumeration), "drainability" (then {@code done}
     *                    and {@code total} count slots of the visited set), or "done" (the last report)
     * @param depth       the BFS level being expanded (search), or -1
     * @param done        states of the current level expanded so far, or states decided (drainability)
     * @param total       states of the current level, or states to decide (drainability)
     * @param queued      states already found for the next level (the queue behind the current one)
     * @param orbits      distinct states stored (orbit representatives under symmetry reduction)
     * @param states      states those stand for (equal to {@code orbits} without reduction)
     * @param bytes       bytes held by the visited set and the level lists
     * @param seconds     wall-clock seconds since the search started
     */
    record Status(String phase, int depth, long done, long total, long queued, long orbits, long states, long bytes,
                  double seconds) {
    }

    void update(Status status);
}
