package flowproof.sim;

/**
 * The VC allocator's active set and wake-up lists: which input VCs have a head that asks for
 * an output VC this cycle, and which sleep until an output VC they wait on changes.
 *
 * <p>An input VC is <em>active</em> (one bit of {@link #active}, so that the allocator visits
 * the active ones in increasing order, word by word) from when a head reaches the front of
 * its buffer until it is granted an output VC, except while it sleeps. It sleeps when every
 * candidate output VC failed the tests the simulator makes before asking the rule (owned, or
 * short of credits): until one of them passes them again nothing the head reads changes, so
 * asking again would give -1 again, with no call made. It is then linked into the list of
 * each candidate: node {@code (iv << shift) + i} for its i-th candidate ({@code 1 << shift}
 * the least power of two of at least {@code slots}), doubly linked through
 * {@code next}/{@code prev} from {@code head[ov]}. The first change to one of them
 * ({@link #wake}) unlinks it from all and makes it active again.
 *
 * <p>Everything is in preallocated int arrays: {@code 1 << shift} nodes per input VC, one list
 * head per output VC; nothing is allocated while the simulator runs.
 */
final class WakeUpLists {

    /** Input VCs that ask for an output VC: one bit each, {@code iv >>> 6} the word. */
    final long[] active;
    private final int slots;
    /** log2 of {@code slots}, a power of two: a node's input VC is {@code node >>> shift}. */
    private final int shift;
    private final int[] head;
    private final int[] next;
    private final int[] prev;
    private final int[] ovOf;
    private final int[] count;

    /** Lists for {@code inVcs} input VCs waiting on up to {@code slots} of {@code outVcs} output VCs each. */
    WakeUpLists(int inVcs, int outVcs, int slots) {
        this.active = new long[(inVcs + 63) >>> 6];
        this.slots = slots;
        this.shift = 32 - Integer.numberOfLeadingZeros(Math.max(1, slots) - 1);
        this.head = new int[outVcs];
        java.util.Arrays.fill(head, -1);
        this.next = new int[inVcs << shift];
        this.prev = new int[inVcs << shift];
        this.ovOf = new int[inVcs << shift];
        this.count = new int[inVcs];
    }

    /** The most output VCs an input VC may wait on. */
    int slots() {
        return slots;
    }

    void activate(int iv) {
        active[iv >>> 6] |= 1L << iv;
    }

    void deactivate(int iv) {
        active[iv >>> 6] &= ~(1L << iv);
    }

    /** Whether some input VC sleeps on output VC {@code ov}. */
    boolean waitedOn(int ov) {
        return head[ov] >= 0;
    }

    /**
     * Puts input VC {@code iv} to sleep on the {@code n} (at most {@link #slots}) output VCs of
     * {@code ovs}, read at {@code ovs[off + stride * i]}: out of the active set, onto their lists.
     */
    void sleep(int iv, int[] ovs, int off, int stride, int n) {
        int node = iv << shift;
        for (int i = 0; i < n; i++) {
            link(node + i, ovs[off + stride * i]);
        }
        count[iv] = n;
        deactivate(iv);
    }

    /** Puts input VC {@code iv} to sleep on the {@code n} consecutive output VCs from {@code first}. */
    void sleepOnRange(int iv, int first, int n) {
        int node = iv << shift;
        for (int i = 0; i < n; i++) {
            link(node + i, first + i);
        }
        count[iv] = n;
        deactivate(iv);
    }

    private void link(int node, int ov) {
        int h = head[ov];
        ovOf[node] = ov;
        prev[node] = -1;
        next[node] = h;
        if (h >= 0) {
            prev[h] = node;
        }
        head[ov] = node;
    }

    private void unlink(int node) {
        int p = prev[node];
        int n = next[node];
        if (p >= 0) {
            next[p] = n;
        } else {
            head[ovOf[node]] = n;
        }
        if (n >= 0) {
            prev[n] = p;
        }
    }

    /** Wakes every input VC sleeping on output VC {@code ov}: off all its lists, back into the active set. */
    void wake(int ov) {
        while (head[ov] >= 0) {
            int iv = head[ov] >>> shift;
            int node = iv << shift;
            for (int i = 0, n = count[iv]; i < n; i++) {
                unlink(node + i);
            }
            count[iv] = 0;
            activate(iv);
        }
    }
}
