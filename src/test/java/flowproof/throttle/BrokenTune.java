package flowproof.throttle;

import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;

/**
 * A deliberately broken Tune for the property suite: it climbs the wrong way (where the
 * decision table says decrease it increases, where it says increase it decreases) and gates
 * injection on its own threshold. The hill climber's inputs (snapshots, estimate, throughput,
 * decisions) are the real {@link TuneControl}'s.
 */
public final class BrokenTune implements Scheme {

    private final Tune real;

    public BrokenTune(Scheme real) {
        this.real = (Tune) real;
    }

    @Override
    public String key() {
        return "tune";
    }

    @Override
    public String describe() {
        return "tune-wrong-direction";
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return new Wrong(new TuneControl(real, state));
    }

    private static final class Wrong extends ForwardingControl implements TuneView {
        private final TuneControl c;
        private long threshold;
        private boolean closed;

        Wrong(TuneControl c) {
            super(c);
            this.c = c;
            this.threshold = c.threshold();
        }

        @Override
        public void beginCycle(long now) {
            c.beginCycle(now);
            if (now > 0 && now % c.scheme().tuningPeriod() == 0) {
                switch (c.decision()) {
                    case INCREASE -> threshold = Math.max(0, threshold - c.decrement());
                    case DECREASE -> threshold = Math.min(c.buffers(), threshold + c.increment());
                    case RESET, RESET_FORGET -> threshold = c.threshold();
                    default -> {
                    }
                }
            }
            closed = c.estimate() > threshold;
        }

        @Override
        public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
            return !closed;
        }

        @Override
        public long threshold() {
            return threshold;
        }

        @Override
        public int buffers() {
            return c.buffers();
        }

        @Override
        public long increment() {
            return c.increment();
        }

        @Override
        public long decrement() {
            return c.decrement();
        }

        @Override
        public Decision decision() {
            return c.decision();
        }

        @Override
        public long lastThroughput() {
            return c.lastThroughput();
        }

        @Override
        public long maxThroughput() {
            return c.maxThroughput();
        }

        @Override
        public long nMax() {
            return c.nMax();
        }

        @Override
        public long tMax() {
            return c.tMax();
        }

        @Override
        public boolean gateClosed() {
            return closed;
        }

        @Override
        public Tune scheme() {
            return c.scheme();
        }
    }
}
