package flowproof.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Breadth-first search from the empty network toward a goal, over the explorer's own
 * moves ({@link Expander}: the rule and routing are consulted exactly as in
 * {@link Explorer}), optionally restricted to a set of allowed moves. Used to decide
 * whether a deadlock configuration found by CP-SAT is reachable: restricted to the
 * injections and forward moves that bring the configuration's packets in, the search is
 * small even on a 16x16 torus, and every trace it returns is a genuine trace of the
 * model. Unrestricted and complete, it decides reachability exactly.
 *
 * <p>The default goal is a stuck state (packets, and no forward or eject move enabled,
 * judged on all moves of the model, not only the allowed ones): a stuck-freedom
 * counterexample that {@link Replayer} replays.
 */
public final class GuidedSearch {

    /**
     * @param trace    the trace to the first goal state found (shortest within the restriction), or null
     * @param states   states stored
     * @param complete whether the (restricted) space was searched to the end
     * @param limit    the limit that stopped it ("states", "seconds", "memory") or null
     */
    public record Result(Trace trace, long states, boolean complete, String limit, double seconds) {

        public boolean found() {
            return trace != null;
        }
    }

    private GuidedSearch() {
    }

    /**
     * @param allowed the moves that may be taken (as {@link Move} records; a move's
     *                {@code node} is ignored for forward and eject), or null for all moves
     * @param goal    the goal test on a state, or null for "stuck"
     */
    public static Result search(Model model, Set<Move> allowed, Predicate<Snapshot> goal, long maxStates,
                                double maxSeconds) {
        return search(model, allowed, goal, null, maxStates, maxSeconds);
    }

    /**
     * Best-first when {@code score} is given: the stored state with the highest score is
     * expanded next (ties in discovery order), which finds a trace fast where breadth-first
     * drowns in interleavings (64 packets filling a ring); the trace is then not
     * necessarily the shortest. Breadth-first (shortest traces) when it is null.
     */
    public static Result search(Model model, Set<Move> allowed, Predicate<Snapshot> goal,
                                java.util.function.ToIntFunction<Snapshot> score, long maxStates, double maxSeconds) {
        return search(model, allowed, goal, score, maxStates, maxSeconds, Long.MAX_VALUE);
    }

    /**
     * As {@link #search(Model, Set, Predicate, java.util.function.ToIntFunction, long, double)}, with the
     * visited set held to {@code maxBytes}. Running out of that budget or of heap ends the search
     * with limit "memory": not complete, nothing found (never an exception).
     */
    static Result search(Model model, Set<Move> allowed, Predicate<Snapshot> goal,
                         java.util.function.ToIntFunction<Snapshot> score, long maxStates, double maxSeconds,
                         long maxBytes) {
        long start = System.nanoTime();
        try {
            return searchWithin(model, allowed, goal, score, maxStates, maxSeconds, maxBytes, start);
        } catch (OutOfMemoryError e) {
            return new Result(null, 0, false, "memory", secs(start));
        }
    }

    private static Result searchWithin(Model model, Set<Move> allowed, Predicate<Snapshot> goal,
                                       java.util.function.ToIntFunction<Snapshot> score, long maxStates,
                                       double maxSeconds, long maxBytes, long start) {
        long deadline = start + (long) (maxSeconds * 1e9);
        if (allowed != null) {
            // Only the allowed injections' pairs: the expander then never judges the others
            // (65,280 pairs on a 16x16 torus), and every move is still one of the model's.
            // In the model's traffic order, whatever order the set iterates in (a HashSet of
            // records with an enum iterates in an order that changes from run to run): the
            // expander's move order, hence the trace, must not.
            java.util.Set<java.util.List<Integer>> pairs = new java.util.HashSet<>();
            for (Move m : allowed) {
                if (m.kind() == Move.Kind.INJECT) {
                    pairs.add(List.of(m.node(), model.routing().destinationOf(m.destination())));
                }
            }
            model = model.restrictedTo(pairs);
        }
        if (model.semantics() != Semantics.INTERLEAVING) {
            throw new IllegalArgumentException("the guided search runs interleaved moves only");
        }
        Model m0 = model;
        StateLayout layout = StateLayout.of(model);
        Expander ex = Expander.create(model, layout);
        StateSet set = new StateSet(layout.words, maxStates, maxBytes);
        if (set.add(Explorer.initialState(model, layout), 0) == StateSet.FULL) {
            // not even the empty network fits: nothing searched, nothing decided
            return new Result(null, 0, false, "memory", secs(start));
        }
        Parents parents = new Parents();
        List<Move> via = new ArrayList<>();
        parents.of[0] = -1;
        via.add(null);
        long[] state = new long[layout.words];
        String[] limit = {null};
        int[] current = {0};
        java.util.PriorityQueue<Long> open = score == null ? null : new java.util.PriorityQueue<>();
        if (open != null) {
            set.get(0, state, 0);
            open.add(rank(score.applyAsInt(layout.decode(state, 0)), 0));
        }
        Expander.Sink sink = (kind, a, b, d, succ) -> {
            if (limit[0] != null) {
                return;
            }
            Move m = Expander.move(kind, a, b, d, m0.network());
            // generate moves (injection queues) are those of the allowed pairs' traffic
            if (allowed != null && kind != Expander.GENERATE && !allowed.contains(new Move(m.kind(),
                kind == Expander.INJECT ? m.node() : -1,
                m.destination(), m.from(), m.to()))) {
                return;
            }
            if (set.size() >= maxStates) {
                if (set.find(succ, 0) < 0) {
                    limit[0] = "states";
                }
                return;
            }
            int id = set.add(succ, 0);
            if (id == StateSet.FULL) {
                limit[0] = "memory";
                return;
            }
            if (id >= 0) {
                if (id >= parents.of.length) {
                    parents.of = Arrays.copyOf(parents.of, parents.of.length * 2);
                }
                parents.of[id] = current[0];
                via.add(m);
                if (open != null) {
                    open.add(rank(score.applyAsInt(layout.decode(succ, 0)), id));
                }
            }
        };
        for (int processed = 0; ; processed++) {
            int id;
            if (open == null) {
                if (processed >= set.size()) {
                    break;
                }
                id = processed;
            } else {
                Long next = open.poll();
                if (next == null) {
                    break;
                }
                id = (int) (next & 0xffffffffL);
            }
            if ((processed & 255) == 0 && System.nanoTime() > deadline) {
                limit[0] = "seconds";
                break;
            }
            set.get(id, state, 0);
            ex.load(state, 0);
            current[0] = id;
            ex.expand(sink, true);
            boolean hit = goal == null ? ex.packets() > 0 && ex.drainMoves == 0 : goal.test(layout.decode(state, 0));
            if (hit) {
                return new Result(trace(id, set, layout, via, parents.of), set.size(), false, null, secs(start));
            }
            if (limit[0] != null) {
                break;
            }
        }
        return new Result(null, set.size(), limit[0] == null, limit[0], secs(start));
    }

    /** Breadth-first parent of every stored state (no parent array in the explorer; here the spaces are small). */
    private static final class Parents {
        int[] of = new int[1024];
    }

    /** Priority-queue key: higher scores first, then lower ids. */
    private static long rank(int score, int id) {
        return ((long) (Integer.MAX_VALUE - score) << 32) | id;
    }

    private static double secs(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private static Trace trace(int id, StateSet set, StateLayout layout, List<Move> via, int[] parent) {
        List<Move> moves = new ArrayList<>();
        List<Snapshot> states = new ArrayList<>();
        long[] s = new long[layout.words];
        for (int i = id; i >= 0; i = parent[i]) {
            set.get(i, s, 0);
            states.add(layout.decode(s, 0));
            if (parent[i] >= 0) {
                moves.add(via.get(i));
            }
        }
        Collections.reverse(moves);
        Collections.reverse(states);
        return new Trace(Property.STUCK_FREEDOM, List.copyOf(moves), List.copyOf(states));
    }
}
