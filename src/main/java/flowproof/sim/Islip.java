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
    private final int[] count;
    private final int[] acceptPtr;
    /** Per output: the round of its grant this cycle and the input granted. */
    private final int[] grantRound;
    private final int[] granted;
    /** Per input and output: the cycle key (plus one) it was matched in. */
    private final int[] inMatched;
    private final int[] outMatched;
    private final int[] result;
    private final boolean[] first;
    private int round;

    Islip(int inputs, int outputs, int maxRequests, int iterations) {
        this.outputs = outputs;
        this.maxRequests = maxRequests;
        this.iterations = iterations;
        req = new int[inputs * maxRequests];
        count = new int[inputs];
        acceptPtr = new int[inputs];
        grantRound = new int[outputs];
        granted = new int[outputs];
        inMatched = new int[inputs];
        outMatched = new int[outputs];
        result = new int[inputs];
        first = new boolean[inputs];
    }

    /** Input {@code in} starts its requests of this cycle: none yet. */
    void clear(int in) {
        count[in] = 0;
    }

    /** Input {@code in} asks for output {@code out} (each output at most once per input and cycle). */
    void request(int in, int out) {
        req[in * maxRequests + count[in]++] = out;
    }

    /** How many outputs input {@code in} asks for this cycle. */
    int requests(int in) {
        return count[in];
    }

    /** The {@code k}-th output input {@code in} asks for. */
    int requested(int in, int k) {
        return req[in * maxRequests + k];
    }

    /**
     * Matches the {@code n} inputs of {@code inputs} (each with its requests of this cycle) in
     * cycle {@code cycle}; returns how many were matched. Afterwards {@link #matched} gives
     * each listed input's output, or -1.
     */
    int match(int[] inputs, int n, long cycle, GrantOrder order) {
        int key = (int) cycle + 1;
        for (int i = 0; i < n; i++) {
            result[inputs[i]] = -1;
        }
        int matches = 0;
        for (int iter = 0; iter < iterations && matches < n; iter++) {
            int thisRound = ++round;
            for (int i = 0; i < n; i++) {
                int in = inputs[i];
                if (inMatched[in] == key) {
                    continue;
                }
                for (int q = 0, base = in * maxRequests; q < count[in]; q++) {
                    int out = req[base + q];
                    if (outMatched[out] != key && (grantRound[out] != thisRound || order.beats(in, granted[out], out))) {
                        grantRound[out] = thisRound;
                        granted[out] = in;
                    }
                }
            }
            int before = matches;
            for (int i = 0; i < n; i++) {
                int in = inputs[i];
                if (inMatched[in] == key) {
                    continue;
                }
                int chosen = -1;
                for (int q = 0, base = in * maxRequests; q < count[in]; q++) {
                    int out = req[base + q];
                    if (grantRound[out] == thisRound && granted[out] == in
                        && (chosen < 0 || nearer(out, chosen, acceptPtr[in], outputs))) {
                        chosen = out;
                    }
                }
                if (chosen < 0) {
                    continue;
                }
                inMatched[in] = key;
                outMatched[chosen] = key;
                result[in] = chosen;
                first[in] = iter == 0;
                if (iter == 0) {
                    acceptPtr[in] = chosen + 1 == outputs ? 0 : chosen + 1;
                }
                matches++;
            }
            if (matches == before) {
                break;
            }
        }
        return matches;
    }

    /** The output listed input {@code in} was matched with by the last {@link #match}, or -1. */
    int matched(int in) {
        return result[in];
    }

    /** Whether input {@code in}'s match came in the first iteration (only those move round-robin pointers). */
    boolean firstIteration(int in) {
        return first[in];
    }

    /** Whether {@code a} comes before {@code b} in a rotation of {@code n} starting at {@code ptr}. */
    static boolean nearer(int a, int b, int ptr, int n) {
        int x = a - ptr;
        int y = b - ptr;
        return (x < 0 ? x + n : x) < (y < 0 ? y + n : y);
    }
}
