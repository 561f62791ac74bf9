package flowproof.throttle;

/**
 * "Best Local" flow control, the local baseline of the multiple-critical-bubbles
 * experiments (004_c7ed88898bbdda05.txt): a new packet enters the network only when its
 * first-hop buffer has at least {@code slots} free packet slots ({@code slots: 2} is
 * Localized BFC's injection condition; the paper tunes n per pattern). Default 2.
 */
public final class BestLocal implements Scheme {

    private final int slots;
    private final String description;

    private BestLocal(int slots, String description) {
        this.slots = slots;
        this.description = description;
    }

    static Scheme read(Params p, SchemeContext c) {
        int max = c.network().capacity();
        int n = (int) p.integer("slots", Math.min(2, max), 1, max);
        return new BestLocal(n, p.describe("best-local"));
    }

    @Override
    public String key() {
        return "best-local";
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        int need = slots * state.slotFlits();
        return (terminal, destination, size, firstQueues, n) -> {
            for (int i = 0; i < n; i++) {
                if (state.credits(firstQueues[i]) >= need) {
                    return true;
                }
            }
            return n == 0;
        };
    }
}
