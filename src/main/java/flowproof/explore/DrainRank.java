package flowproof.explore;

/**
 * A rank of states that every drain move lowers, when the model has one: the sum over the
 * packets of one more than the most forward moves the packet's routes can still take from its
 * queue and header. A forward move takes a packet to a (queue, header) with fewer moves left,
 * an eject removes it, so the rank drops by at least one; the empty network has rank 0. Drain
 * graphs ranked so are acyclic, and drainability can be decided rank by rank from 0 up
 * ({@link MemberDrainability}). Drifting marks (a drain move that moves no packet) and routes
 * that can come back to where they were (non-minimal, adaptive cycles) have no such rank.
 */
final class DrainRank {

    private static final int UNSEEN = -1;
    private static final int ON_PATH = -2;

    private final Expander ex;
    /** By {@code queue * headers + header}: forward moves left at most, or UNSEEN / ON_PATH. */
    private final int[] left;
    private boolean cyclic;

    private DrainRank(Expander ex) {
        this.ex = ex;
        this.left = new int[ex.queues * ex.headers];
        java.util.Arrays.fill(left, UNSEEN);
    }

    /** The rank of the expander's states, or null when its drain moves include drifts. */
    static DrainRank of(Expander ex) {
        return ex.upstream != null ? null : new DrainRank(ex);
    }

    /** The rank of the state last loaded into the expander, or -1 when a route it holds can cycle. */
    int rank() {
        int destBits = ex.layout.destBits;
        long destMask = ex.layout.destMask;
        int r = 0;
        for (int q = 0; q < ex.queues; q++) {
            long sl = ex.slots[q];
            for (int i = 0; i < ex.occ[q]; i++) {
                int moves = left(q, (int) ((sl >>> (i * destBits)) & destMask) - 1);
                if (moves < 0) {
                    return -1;
                }
                r += moves + 1;
            }
        }
        return r;
    }

    private int left(int q, int header) {
        int k = q * ex.headers + header;
        if (left[k] >= 0 || cyclic) {
            return cyclic ? -1 : left[k];
        }
        if (left[k] == ON_PATH) {
            cyclic = true;
            return -1;
        }
        int[] targets = ex.targetsOf(q, header);
        if (targets == Expander.EXIT) {
            left[k] = 0;
            return 0;
        }
        left[k] = ON_PATH;
        int[] after = ex.fwdHeaders[k];
        int most = 0;
        for (int i = 0; i < targets.length; i++) {
            int m = left(targets[i], after[i]);
            if (m < 0) {
                return -1;
            }
            most = Math.max(most, m + 1);
        }
        left[k] = most;
        return most;
    }
}
