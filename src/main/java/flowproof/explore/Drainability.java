package flowproof.explore;

import java.util.Arrays;

/**
 * Decides drainability on a complete visited set, whatever holds it: a state drains iff it
 * holds no packet or one of its forward or eject successors drains.
 *
 * <p>With minimal routing those moves strictly shorten the packets' remaining routes, so
 * the graph is acyclic and one iterative depth-first pass with a status byte per state
 * decides every state. If a cycle shows up anyway (a non-minimal routing function), or
 * when asked, a fixpoint over all states decides instead. Drainability is invariant under
 * the symmetries of the model, so on a set of orbit representatives ({@link Index#find}
 * mapping any state to its representative's id) the same passes decide every orbit.
 */
final class Drainability {

    static final byte UNKNOWN = 0;
    static final byte ON_STACK = 1;
    static final byte DRAINS = 2;
    static final byte STUCK_FOREVER = 3;

    /** A visited set seen through ids {@code 0..idLimit()-1}, some of which may be unused. */
    interface Index {
        int idLimit();

        /** Copies the packed state of an id into {@code dst}; false when the id holds no state. */
        boolean get(int id, long[] dst);

        /**
         * Writes the ids of {@code count} packed states (one after another in {@code batch})
         * into {@code ids}, -1 for a state not in the set.
         */
        void findAll(long[] batch, int count, int[] ids);

        /** {@link System#nanoTime()} past which the pass gives up with {@link OutOfTime}; none by default. */
        default long deadline() {
            return Long.MAX_VALUE;
        }
    }

    /** Thrown by a pass that passed its index's {@link Index#deadline()}: drainability is then not decided. */
    static final class OutOfTime extends RuntimeException {
        OutOfTime() {
            super("the drainability pass reached the time limit", null, false, false);
        }
    }

    private Drainability() {
    }

    /** Drain status of every id: {@link #DRAINS}, {@link #STUCK_FOREVER}, or {@link #UNKNOWN} for unused ids. */
    static byte[] decide(Index index, Expander ex, boolean minimal, boolean forceFixpoint) {
        return decide(index, ex, minimal, forceFixpoint, null);
    }

    /** As {@link #decide(Index, Expander, boolean, boolean)}; {@code tick} (may be null) is told every 2^16 ids how far the pass is. */
    static byte[] decide(Index index, Expander ex, boolean minimal, boolean forceFixpoint, java.util.function.IntConsumer tick) {
        if (forceFixpoint) {
            return fixpoint(index, ex);
        }
        if (minimal) {
            byte[] status = depthFirst(index, ex, tick);
            if (status != null) {
                return status;
            }
        }
        // a cycle in the drain graph (non-minimal routes, drifting marks): one pass over its
        // strongly connected components
        return DrainComponents.decide(index, ex);
    }

    /** Collects the forward and eject successors of the loaded state and resolves them to ids. */
    static final class IdSink implements Expander.Sink {
        final Index index;
        final int w;
        long[] batch;
        int[] found = new int[64];
        int count;
        int[] ids = new int[64];
        int size;
        private final long deadline;
        private int resolves;

        IdSink(Index index, int w) {
            this.index = index;
            this.w = w;
            this.batch = new long[64 * w];
            this.deadline = index.deadline();
        }

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (count == found.length) {
                batch = Arrays.copyOf(batch, batch.length * 2);
                found = Arrays.copyOf(found, found.length * 2);
            }
            System.arraycopy(succ, 0, batch, count * w, w);
            count++;
        }

        void resolve() {
            if ((++resolves & 1023) == 0 && System.nanoTime() > deadline) {
                throw new OutOfTime();
            }
            index.findAll(batch, count, found);
            for (int k = 0; k < count; k++) {
                int sid = found[k];
                if (sid < 0) {
                    throw new IllegalStateException("a successor of a reachable state is missing from the visited set");
                }
                if (size == ids.length) {
                    ids = Arrays.copyOf(ids, size * 2);
                }
                ids[size++] = sid;
            }
            count = 0;
        }
    }

    /**
     * The forward and eject successors of the states on the depth-first stack, packed, one
     * after another: each is looked up only when the pass comes to it, and most states are
     * decided by their first (a state drains as soon as one successor does).
     */
    static final class SuccessorStack implements Expander.Sink {
        final int w;
        long[] states = new long[64];
        int size;

        SuccessorStack(int w) {
            this.w = w;
        }

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if ((size + 1) * w > states.length) {
                states = Arrays.copyOf(states, states.length * 2);
            }
            System.arraycopy(succ, 0, states, size * w, w);
            size++;
        }
    }

    private static byte[] depthFirst(Index index, Expander ex, java.util.function.IntConsumer tick) {
        int n = index.idLimit();
        byte[] status = new byte[n];
        int w = ex.layout.words;
        long[] state = new long[w];
        SuccessorStack succ = new SuccessorStack(w);
        long[] one = new long[w];
        int[] found = new int[1];
        long deadline = index.deadline();
        int resolves = 0;
        int[] frameId = new int[64];
        int[] frameNext = new int[64];
        int[] frameEnd = new int[64];
        // the id of the successor at frameNext once looked up (-1 before): the pass comes back to it after its subtree
        int[] frameSucc = new int[64];
        for (int root = 0; root < n; root++) {
            if (tick != null && (root & 0xFFFF) == 0) {
                tick.accept(root);
            }
            if (status[root] != UNKNOWN || !index.get(root, state)) {
                continue;
            }
            int top = -1;
            int pending = root;
            while (true) {
                if (pending >= 0) {
                    index.get(pending, state);
                    ex.load(state, 0);
                    if (ex.packets() == 0) {
                        status[pending] = DRAINS;
                    } else {
                        status[pending] = ON_STACK;
                        int begin = succ.size;
                        ex.expand(succ, false);
                        if ((++resolves & 1023) == 0 && System.nanoTime() > deadline) {
                            throw new OutOfTime();
                        }
                        if (++top == frameId.length) {
                            frameId = Arrays.copyOf(frameId, top * 2);
                            frameNext = Arrays.copyOf(frameNext, top * 2);
                            frameEnd = Arrays.copyOf(frameEnd, top * 2);
                            frameSucc = Arrays.copyOf(frameSucc, top * 2);
                        }
                        frameId[top] = pending;
                        frameNext[top] = begin;
                        frameEnd[top] = succ.size;
                        frameSucc[top] = -1;
                    }
                    pending = -1;
                }
                if (top < 0) {
                    break;
                }
                int f = frameId[top];
                boolean resolved = false;
                while (frameNext[top] < frameEnd[top]) {
                    int s = frameSucc[top];
                    if (s < 0) {
                        System.arraycopy(succ.states, frameNext[top] * w, one, 0, w);
                        index.findAll(one, 1, found);
                        s = found[0];
                        if (s < 0) {
                            throw new IllegalStateException("a successor of a reachable state is missing from the visited set");
                        }
                        frameSucc[top] = s;
                    }
                    byte st = status[s];
                    if (st == DRAINS) {
                        status[f] = DRAINS;
                        resolved = true;
                        break;
                    } else if (st == UNKNOWN) {
                        pending = s;
                        break;
                    } else if (st == ON_STACK) {
                        return null;
                    }
                    frameNext[top]++;
                    frameSucc[top] = -1;
                }
                if (pending >= 0) {
                    continue;
                }
                if (!resolved) {
                    status[f] = STUCK_FOREVER;
                }
                succ.size = top == 0 ? 0 : frameEnd[top - 1];
                top--;
            }
        }
        return status;
    }

    private static byte[] fixpoint(Index index, Expander ex) {
        int n = index.idLimit();
        byte[] status = new byte[n];
        long[] state = new long[ex.layout.words];
        IdSink succ = new IdSink(index, ex.layout.words);
        for (int id = 0; id < n; id++) {
            if (index.get(id, state)) {
                ex.load(state, 0);
                status[id] = ex.packets() == 0 ? DRAINS : STUCK_FOREVER;
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int id = 0; id < n; id++) {
                if (status[id] != STUCK_FOREVER) {
                    continue;
                }
                index.get(id, state);
                ex.load(state, 0);
                succ.size = 0;
                ex.expand(succ, false);
                succ.resolve();
                for (int i = 0; i < succ.size; i++) {
                    if (status[succ.ids[i]] == DRAINS) {
                        status[id] = DRAINS;
                        changed = true;
                        break;
                    }
                }
            }
        }
        return status;
    }
}
