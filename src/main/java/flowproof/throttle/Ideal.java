package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.RouterControl;
import flowproof.sim.control.Scheme;

/**
 * The "ideal" of the CBCM paper (003_4abd1b2c8ca2b731.txt, section II-B): hot-spot
 * traffic isolated on a VC of its own and routed minimally, everything else on the other
 * VCs under the spec's routing and rule; no throttling, no control packets. An oracle:
 * the hot spot is given, {@code node} (terminal, default 0), and every packet to it is
 * hot-spot traffic. The hot-spot VC (the highest VC of every channel,
 * {@link ReservedClassVcs}) has the same allocation priority as the others. Registry key
 * {@code ideal}.
 */
public final class Ideal extends ClassVcScheme {

    private final int node;

    private Ideal(int node, Params p) {
        super("ideal", 1);
        this.node = node;
        described(p);
    }

    static Scheme read(Params p, SchemeContext c) {
        ClassVcs.requireVcs(p, c, "ideal", 1);
        int terminals = c.network().topology().endpoints().length * c.network().topology().concentration();
        int node = (int) p.integer("node", 0, 0, terminals - 1);
        return new Ideal(node, p);
    }

    /** The hot-spot terminal. */
    public int node() {
        return node;
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return new RouterControl() {
            @Override
            public void bind(Port port) {
            }

            @Override
            public int classes() {
                return 1;
            }

            @Override
            public int sourceClass(int terminal, int destination, int size) {
                return destination == node ? 1 : 0;
            }

            @Override
            public void deliveredData(int source, int destination, int size, boolean marked) {
            }

            @Override
            public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
                return true;
            }
        };
    }
}
