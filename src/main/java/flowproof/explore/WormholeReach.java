package flowproof.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reaches a wormhole deadlock configuration from the empty network by placing its worms one
 * after the other: each is injected at its source, its head is driven to the queue it waits
 * in, and its flits are injected and pushed forward until the worm stands as the configuration
 * has it (every queue but its last full). Every move is taken from the model's own
 * {@link WormholeExpander} (the rule and routing are consulted exactly as in {@link Explorer}):
 * a move the model does not offer ends the attempt, and the last state must be stuck, so a
 * trace returned is a genuine trace of the model, which {@link Replayer} replays.
 *
 * <p>A worm's head crosses the queues before its first one ({@link Worm#before}); a worm that
 * ends on such a queue is placed after it. When the worms' routes allow no such order, or the
 * rule refuses a move of the schedule, nothing is found (the result says which).
 */
public final class WormholeReach {

    /**
     * One worm to place.
     *
     * @param source       the injecting node
     * @param sourceHeader the header it injects with
     * @param before       the queues its head crosses before {@code queues[0]} (may be empty)
     * @param queues       the queues it holds in the configuration, tail end first
     * @param flits        how many of its flits enter the network (the packet's length, or fewer while
     *                     its source still injects)
     */
    public record Worm(int source, int sourceHeader, int[] before, int[] queues, int flits) {

        int[] path() {
            int[] p = Arrays.copyOf(before, before.length + queues.length);
            System.arraycopy(queues, 0, p, before.length, queues.length);
            return p;
        }
    }

    private WormholeReach() {
    }

    /** Places {@code worms} in order (see the class comment); the model must be a wormhole model. */
    public static GuidedSearch.Result reach(Model model, List<Worm> worms) {
        long start = System.nanoTime();
        if (model.wormhole() == null) {
            throw new IllegalArgumentException("not a wormhole model");
        }
        int[] order = order(worms);
        if (order == null) {
            return new GuidedSearch.Result(null, 0, false, "route-order", secs(start));
        }
        // only the worms' pairs: the expander then never judges the others, and every move is still one of the model's
        java.util.Set<List<Integer>> pairs = new java.util.HashSet<>();
        for (Worm w : worms) {
            pairs.add(List.of(w.source(), model.routing().destinationOf(w.sourceHeader())));
        }
        Model m = model.restrictedTo(pairs);
        Run run = new Run(m);
        for (int i : order) {
            if (!run.place(worms.get(i))) {
                return new GuidedSearch.Result(null, run.moves.size() + 1, false, "rule", secs(start));
            }
        }
        run.ex.load(run.state, 0);
        run.ex.expand((kind, a, b, d, succ) -> { }, false);
        if (run.ex.packets() == 0 || run.ex.drainMoves > 0) {
            return new GuidedSearch.Result(null, run.moves.size() + 1, false, "not-stuck", secs(start));
        }
        Trace t = new Trace(Property.STUCK_FREEDOM, List.copyOf(run.moves), List.copyOf(run.states));
        return new GuidedSearch.Result(t, run.states.size(), false, null, secs(start));
    }

    /**
     * The worms in an order in which no head crosses a queue a worm placed before it holds
     * (lowest index first among the ready ones), or null when there is none.
     */
    static int[] order(List<Worm> worms) {
        int n = worms.size();
        List<List<Integer>> after = new ArrayList<>();
        int[] indegree = new int[n];
        for (int w = 0; w < n; w++) {
            after.add(new ArrayList<>());
        }
        for (int w = 0; w < n; w++) {
            java.util.Set<Integer> crossed = new java.util.HashSet<>();
            for (int q : worms.get(w).before()) {
                crossed.add(q);
            }
            for (int x = 0; x < n; x++) {
                if (x == w) {
                    continue;
                }
                for (int q : worms.get(x).queues()) {
                    if (crossed.contains(q)) {
                        after.get(w).add(x); // w travels before x stands
                        indegree[x]++;
                        break;
                    }
                }
            }
        }
        java.util.PriorityQueue<Integer> ready = new java.util.PriorityQueue<>();
        for (int w = 0; w < n; w++) {
            if (indegree[w] == 0) {
                ready.add(w);
            }
        }
        int[] order = new int[n];
        int k = 0;
        while (!ready.isEmpty()) {
            int w = ready.poll();
            order[k++] = w;
            for (int x : after.get(w)) {
                if (--indegree[x] == 0) {
                    ready.add(x);
                }
            }
        }
        return k == n ? order : null;
    }

    /** The schedule's state, its moves and the snapshots after each. */
    private static final class Run {
        final WormholeLayout layout;
        final WormholeExpander ex;
        long[] state;
        final List<Move> moves = new ArrayList<>();
        final List<Snapshot> states = new ArrayList<>();
        private final Model model;

        Run(Model model) {
            this.model = model;
            this.layout = new WormholeLayout(model);
            this.ex = new WormholeExpander(model, layout);
            this.state = Explorer.initialState(model, layout);
            states.add(layout.decode(state, 0));
        }

        /** Takes the model's move (kind, a, b, header); false when the model does not offer it. */
        boolean take(int kind, int a, int b, int header) {
            ex.load(state, 0);
            long[][] found = {null};
            ex.expand((k, x, y, d, succ) -> {
                if (found[0] == null && k == kind && x == a && y == b && d == header) {
                    found[0] = succ.clone();
                }
            }, true);
            if (found[0] == null) {
                return false;
            }
            state = found[0];
            moves.add(Expander.move(kind, a, b, header, model.network()));
            states.add(layout.decode(state, 0));
            return true;
        }

        /** Injects the worm, drives its head to its last queue and pushes its flits in behind it. */
        boolean place(Worm w) {
            int[] path = w.path();
            if (!take(Expander.INJECT, w.source(), path[0], w.sourceHeader())) {
                return false;
            }
            for (int i = 0; i + 1 < path.length; i++) {
                if (!take(Expander.FORWARD, path[i], path[i + 1], headerAt(path[i]))) {
                    return false;
                }
            }
            for (int f = 1; f < w.flits(); f++) {
                if (!take(Expander.INJECT, w.source(), path[0], w.sourceHeader())) {
                    return false;
                }
                // push flits forward, the front-most one that can move first, until none can
                boolean moved = true;
                while (moved) {
                    moved = false;
                    for (int i = path.length - 2; i >= 0 && !moved; i--) {
                        if (flitsAt(path[i]) > 0 && flitsAt(path[i + 1]) < model.wormhole().queueFlits()
                            && layout.next(layout.queue(state, path[i])) == path[i + 1]) {
                            if (!take(Expander.FORWARD, path[i], path[i + 1], headerAt(path[i]))) {
                                return false;
                            }
                            moved = true;
                        }
                    }
                }
            }
            return true;
        }

        private int headerAt(int q) {
            return layout.header(layout.queue(state, q));
        }

        private int flitsAt(int q) {
            return layout.flits(layout.queue(state, q));
        }
    }

    private static double secs(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
