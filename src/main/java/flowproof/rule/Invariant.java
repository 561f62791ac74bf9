package flowproof.rule;

import flowproof.topology.Network;

/** State invariants of bubble-style rules, judged on a {@link BufferView}. */
public enum Invariant {

    /** Every directional ring has at least one free slot (Theoretical BFC, CBS). */
    BUBBLE("bubble-invariant") {
        @Override
        public boolean holds(BufferView view, int marksPerRing) {
            Network net = view.network();
            for (int r = 0; r < net.rings(); r++) {
                if (view.ringFreeSlots(r) < 1) {
                    return false;
                }
            }
            return true;
        }
    },

    /**
     * Every ring holds exactly m critical marks and no queue has more marks than free
     * slots (CBS).
     */
    CRITICAL_BUBBLE("critical-bubble-invariant") {
        @Override
        public boolean holds(BufferView view, int marksPerRing) {
            Network net = view.network();
            for (int q = 0; q < net.queues(); q++) {
                int b = view.criticalMarks(q);
                if (b < 0 || b > view.freeSlots(q) || (b != 0 && net.ringOf(q) < 0)) {
                    return false;
                }
            }
            for (int r = 0; r < net.rings(); r++) {
                int sum = 0;
                for (int q : net.ringQueues(r)) {
                    sum += view.criticalMarks(q);
                }
                if (sum != marksPerRing) {
                    return false;
                }
            }
            return true;
        }
    };

    private final String key;

    Invariant(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public abstract boolean holds(BufferView view, int marksPerRing);
}
