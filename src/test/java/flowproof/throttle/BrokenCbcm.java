package flowproof.throttle;

import flowproof.rule.FlowControlRule;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.RouterControl;
import flowproof.sim.control.Scheme;
import flowproof.topology.Network;

/**
 * A deliberately broken CBCM for the property suite: a throttle packet updates D_t but never
 * resets the flow's tokens (the source keeps what it saved, so it may burst above 1/D_t).
 * Everything else is the real {@link Cbcm}.
 */
public final class BrokenCbcm implements Scheme {

    private final Cbcm real;

    public BrokenCbcm(Scheme real) {
        this.real = (Cbcm) real;
    }

    @Override
    public String key() {
        return "cbcm";
    }

    @Override
    public String describe() {
        return "cbcm-no-token-reset";
    }

    @Override
    public FlowControlRule rule(FlowControlRule specRule, Network network) {
        return real.rule(specRule, network);
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return new NoReset((Cbcm.Control) real.create(state, seed));
    }

    private static final class NoReset extends ForwardingControl implements RouterControl, CbcmView {
        private final Cbcm.Control c;

        NoReset(Cbcm.Control c) {
            super(c);
            this.c = c;
        }

        @Override
        public void deliveredControl(int source, int destination, int payload) {
            if (payload > 0) {
                int f = destination * c.terminals() + source;
                double kept = c.tokens[f];
                c.deliveredControl(source, destination, payload);
                c.tokens[f] = kept;
            } else {
                c.deliveredControl(source, destination, payload);
            }
        }

        @Override
        public void bind(Port port) {
            c.bind(port);
        }

        @Override
        public int classes() {
            return c.classes();
        }

        @Override
        public int priority(int cls) {
            return c.priority(cls);
        }

        @Override
        public int controlClass() {
            return c.controlClass();
        }

        @Override
        public int lookahead() {
            return c.lookahead();
        }

        @Override
        public void generated(int terminal, int destination, int size) {
            c.generated(terminal, destination, size);
        }

        @Override
        public int sourceClass(int terminal, int destination, int size) {
            return c.sourceClass(terminal, destination, size);
        }

        @Override
        public void left(int terminal, int destination, int size, int cls) {
            c.left(terminal, destination, size, cls);
        }

        @Override
        public boolean wantsContention() {
            return c.wantsContention();
        }

        @Override
        public void degrees(int[] degree) {
            c.degrees(degree);
        }

        @Override
        public boolean marking() {
            return c.marking();
        }

        @Override
        public boolean mark(int inputVc, int outputPort, int occupancy) {
            return c.mark(inputVc, outputPort, occupancy);
        }

        @Override
        public void deliveredData(int source, int destination, int size, boolean marked) {
            c.deliveredData(source, destination, size, marked);
        }

        @Override
        public int terminals() {
            return c.terminals();
        }

        @Override
        public int degree(int terminal, int destination) {
            return c.degree(terminal, destination);
        }

        @Override
        public double tokens(int terminal, int destination) {
            return c.tokens(terminal, destination);
        }

        @Override
        public long tokensSince(int terminal, int destination) {
            return c.tokensSince(terminal, destination);
        }
    }
}
