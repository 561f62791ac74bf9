package flowproof.sim;

/**
 * iSLIP matching (McKeown, "The iSLIP scheduling algorithm for input-queued switches", 1999),
 * as BookSim's {@code iSLIP_Sparse}: requesters (inputs) ask for resources (outputs); per
 * iteration every output not yet matched grants one unmatched requesting input (by the
 * caller's round-robin order, {@link GrantOrder}), and every unmatched input accepts the
 * granting output nearest after its accept pointer. The accept pointers move past an output
 * accepted in the first iteration only (the caller moves its grant pointers on the same
 * rule, {@link #firstIteration}). Used by the switch allocator (inputs: input ports, outputs:
 * output ports) and the VC allocator (input VCs, output VCs) with
 * {@code switch-allocator}/{@code vc-allocator: islip}.
 *
 * <p>Requests are added per cycle ({@link #clear}, {@link #request}); {@link #match} leaves each
 * input's output in {@link #matched}. Nothing is allocated per cycle.
 */
final class Islip {

    /** The grant arbiter of an output: whether input {@code in} wins output {@code out} over input {@code other}. */
    interface GrantOrder {
        boolean beats(int in, int other, int out);
    }

    private final int outputs;
    private final int maxRequests;
    private final int iterations;
    private final int[] req;
    /**
     * Per input, side by side at {@code IN * in}: its request count, accept pointer, the cycle
     * key (cycle plus one) it was matched in, its output and whether the match came in the
     * first iteration (1) or later (0).
     */
    private final int[] in;
    private static final int IN = 8;
    private static final int COUNT = 0;
    private static final int ACCEPT = 1;
    private static final int IN_MATCHED = 2;
    private static final int RESULT = 3;
    private static final int FIRST = 4;
    /** Per output, side by side at {@code OUT * out}: the round of its grant, the input granted, the cycle key it was matched in. */
    private final int[] out;
    private static final int OUT = 4;
    private static final int ROUND = 0;
    private static final int GRANTED = 1;
    private static final int OUT_MATCHED = 2;
    private int round;

    Islip(int inputs, int outputs, int maxRequests, int iterations) {
        this.outputs = outputs;
        this.maxRequests = maxRequests;
        this.iterations = iterations;
        req = new int[inputs * maxRequests];
        in = new int[inputs * IN];
        out = new int[outputs * OUT];
    }

    /** Input {@code i} starts its requests of this cycle: none yet. */
    void clear(int i) {
        in[i * IN + COUNT] = 0;
    }

    /** Input {@code i} asks for output {@code o} (each output at most once per input and cycle). */
    void request(int i, int o) {
        req[i * maxRequests + in[i * IN + COUNT]++] = o;
    }

    /** How many outputs input {@code i} asks for this cycle. */
    int requests(int i) {
        return in[i * IN + COUNT];
    }

    /** The {@code k}-th output input {@code i} asks for. */
    int requested(int i, int k) {
        return req[i * maxRequests + k];
    }

    /**
     * Matches the {@code n} inputs of {@code inputs} (each with its requests of this cycle) in
     * cycle {@code cycle}; returns how many were matched. Afterwards {@link #matched} gives
     * each listed input's output, or -1.
     */
    int match(int[] inputs, int n, long cycle, GrantOrder order) {
        int key = (int) cycle + 1;
        for (int k = 0; k < n; k++) {
            in[inputs[k] * IN + RESULT] = -1;
        }
        int matches = 0;
        for (int iter = 0; iter < iterations && matches < n; iter++) {
            int thisRound = ++round;
            // grant: every output not yet matched, the unmatched requesting input its order puts first
            for (int k = 0; k < n; k++) {
                int i = inputs[k];
                int r = i * IN;
                if (in[r + IN_MATCHED] == key) {
                    continue;
                }
                for (int q = 0, base = i * maxRequests, c = in[r + COUNT]; q < c; q++) {
                    int o = req[base + q] * OUT;
                    if (out[o + OUT_MATCHED] != key && (out[o + ROUND] != thisRound
                        || order.beats(i, out[o + GRANTED], req[base + q]))) {
                        out[o + ROUND] = thisRound;
                        out[o + GRANTED] = i;
                    }
                }
            }
            // accept: every unmatched input granted, the granting output nearest after its accept pointer
            int before = matches;
            for (int k = 0; k < n; k++) {
                int i = inputs[k];
                int r = i * IN;
                if (in[r + IN_MATCHED] == key) {
                    continue;
                }
                int chosen = -1;
                for (int q = 0, base = i * maxRequests, c = in[r + COUNT]; q < c; q++) {
                    int o = req[base + q];
                    if (out[o * OUT + ROUND] == thisRound && out[o * OUT + GRANTED] == i
                        && (chosen < 0 || nearer(o, chosen, in[r + ACCEPT], outputs))) {
                        chosen = o;
                    }
                }
                if (chosen < 0) {
                    continue;
                }
                in[r + IN_MATCHED] = key;
                out[chosen * OUT + OUT_MATCHED] = key;
                in[r + RESULT] = chosen;
                in[r + FIRST] = iter == 0 ? 1 : 0;
                if (iter == 0) {
                    in[r + ACCEPT] = chosen + 1 == outputs ? 0 : chosen + 1;
                }
                matches++;
            }
            if (matches == before) {
                break;
            }
        }
        return matches;
    }

    /** The output listed input {@code i} was matched with by the last {@link #match}, or -1. */
    int matched(int i) {
        return in[i * IN + RESULT];
    }

    /** Whether input {@code i}'s match came in the first iteration (only those move round-robin pointers). */
    boolean firstIteration(int i) {
        return in[i * IN + FIRST] == 1;
    }

    /** Whether {@code a} comes before {@code b} in a rotation of {@code n} starting at {@code ptr}. */
    static boolean nearer(int a, int b, int ptr, int n) {
        int x = a - ptr;
        int y = b - ptr;
        return (x < 0 ? x + n : x) < (y < 0 ? y + n : y);
    }
}
