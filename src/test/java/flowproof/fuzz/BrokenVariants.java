package flowproof.fuzz;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.RuleKind;
import flowproof.sim.SimConfig;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.throttle.Spth;
import flowproof.throttle.SpthView;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Deliberately broken rules and schemes, each of which one invariant of {@link Invariants}
 * must catch:
 * <ul>
 *   <li>{@code cbs-no-backward-transfer}: the Critical Bubble Scheme admits as CBS does but
 *       never moves the mark back when an in-ring packet takes the critical slot;</li>
 *   <li>{@code theoretical-no-ring-check}: Theoretical BFC admitting injections and turns
 *       with one free slot in the target, without the ring-wide bubble check;</li>
 *   <li>{@code spth-no-hop-delay}: SPTh whose registers read every buffer along the
 *       direction in the same cycle (stale-free, so earlier than the hop delay allows);</li>
 *   <li>{@code alo-unconditional}: ALO that lets every packet in;</li>
 *   <li>{@code threshold-unseeded}: a throttle deciding with an unseeded random source (not
 *       reproducible);</li>
 *   <li>{@code threshold-starving}: a throttle that holds packets while the network is empty;</li>
 *   <li>{@code threshold-reordering}: a throttle that lets a flow's second queued packet
 *       overtake its first;</li>
 *   <li>{@code tune-wrong-direction}: Tune climbing against its decision table
 *       ({@link flowproof.throttle.BrokenTune});</li>
 *   <li>{@code cbcm-no-token-reset}: CBCM whose throttle packets never reset the tokens
 *       ({@link flowproof.throttle.BrokenCbcm});</li>
 *   <li>{@code fbicm-misfiling}: FBICM moving an NFQ head into a CFQ whose CAM line does not
 *       list its destination ({@link flowproof.throttle.BrokenFbicm}).</li>
 * </ul>
 */
final class BrokenVariants implements Variants {

    static final BrokenVariants ALL = new BrokenVariants();

    private static final Map<String, UnaryOperator<SimConfig>> VARIANTS = Map.ofEntries(
        Map.entry("cbs-no-backward-transfer", cfg -> withRule(cfg, new NoBackwardTransfer(cfg.rule()))),
        Map.entry("theoretical-no-ring-check", cfg -> withRule(cfg, new NoRingCheck(cfg.rule()))),
        Map.entry("spth-no-hop-delay", cfg -> cfg.control() instanceof Spth s ? cfg.withControl(new SpthNoHopDelay(s)) : cfg),
        Map.entry("cbcm-no-token-reset", cfg -> cfg.control().key().equals("cbcm")
            ? cfg.withControl(new flowproof.throttle.BrokenCbcm(cfg.control())) : cfg),
        Map.entry("tune-wrong-direction", cfg -> cfg.control().key().equals("tune")
            ? cfg.withControl(new flowproof.throttle.BrokenTune(cfg.control())) : cfg),
        Map.entry("threshold-unseeded", cfg -> cfg.control().key().equals("static-threshold") ? cfg.withControl(new Unseeded()) : cfg),
        Map.entry("threshold-starving", cfg -> cfg.control().key().equals("static-threshold") ? cfg.withControl(new Starving()) : cfg),
        Map.entry("threshold-reordering", cfg -> cfg.control().key().equals("static-threshold") ? cfg.withControl(new Reordering())
            : cfg),
        Map.entry("fbicm-misfiling", cfg -> cfg.control().key().equals("fbicm")
            ? cfg.withControl(new flowproof.throttle.BrokenFbicm(cfg.control())) : cfg),
        Map.entry("alo-unconditional", cfg -> cfg.control().key().equals("alo") ? cfg.withControl(new AloUnconditional()) : cfg));

    @Override
    public SimConfig apply(String variant, SimConfig cfg) {
        if (variant == null) {
            return cfg;
        }
        UnaryOperator<SimConfig> v = VARIANTS.get(variant);
        if (v == null) {
            throw new IllegalArgumentException("no variant " + variant);
        }
        return v.apply(cfg);
    }

    static SimConfig withRule(SimConfig c, FlowControlRule rule) {
        return new SimConfig(c.network(), c.routing(), rule, c.workload(), c.switching(), c.arbiter(), c.bufferFlits(),
            c.pipeline(), c.linkLatency(), c.creditLatency(), c.injectionPorts(), c.ejectionPorts(), c.cycles(),
            c.warmup(), c.seed(), c.deadlockCycles(), c.drainCycles(), c.escapeAny(), c.check(), c.window(),
            c.spaceTime(), c.control());
    }

    /** Delegates everything to a real rule. */
    private abstract static class Delegating implements FlowControlRule {
        final FlowControlRule real;

        Delegating(FlowControlRule real) {
            this.real = real;
        }

        @Override
        public Set<Invariant> invariants() {
            return real.invariants();
        }

        @Override
        public RuleKind kind() {
            return real.kind();
        }

        @Override
        public int initialMarks(Network network, int queue) {
            return real.initialMarks(network, queue);
        }

        @Override
        public boolean marksDrift() {
            return real.marksDrift();
        }

        @Override
        public boolean readsRingOccupancy() {
            return real.readsRingOccupancy();
        }
    }

    static final class NoBackwardTransfer extends Delegating {
        NoBackwardTransfer(FlowControlRule real) {
            super(real);
        }

        @Override
        public int admit(BufferView view, int from, int to) {
            int v = real.admit(view, from, to);
            return v == ADMIT_SHIFT_MARK ? ADMIT : v;
        }
    }

    static final class NoRingCheck extends Delegating {
        NoRingCheck(FlowControlRule real) {
            super(real);
        }

        @Override
        public int admit(BufferView view, int from, int to) {
            return view.freeSlots(to) >= 1 ? ADMIT : DENY;
        }
    }

    static final class AloUnconditional implements Scheme {
        @Override
        public String key() {
            return "alo";
        }

        @Override
        public String describe() {
            return "alo-unconditional";
        }

        @Override
        public InjectionControl create(NetworkState state, long seed) {
            return (terminal, destination, size, firstQueues, n) -> true;
        }
    }

    /** Decides with the clock: two runs with the same seed differ. */
    static final class Unseeded implements Scheme {
        @Override
        public String key() {
            return "static-threshold";
        }

        @Override
        public String describe() {
            return "threshold-unseeded";
        }

        @Override
        public InjectionControl create(NetworkState state, long seed) {
            java.util.Random clock = new java.util.Random(System.nanoTime());
            return (terminal, destination, size, firstQueues, n) -> clock.nextInt(3) != 0;
        }
    }

    /** Lets a packet in only while some buffer is full: an empty network starves. */
    static final class Starving implements Scheme {
        @Override
        public String key() {
            return "static-threshold";
        }

        @Override
        public String describe() {
            return "threshold-starving";
        }

        @Override
        public InjectionControl create(NetworkState state, long seed) {
            return (terminal, destination, size, firstQueues, n) -> state.fullBuffers() > 0;
        }
    }

    /** Takes a source queue's second packet before its first whenever two are waiting. */
    static final class Reordering implements Scheme {
        @Override
        public String key() {
            return "static-threshold";
        }

        @Override
        public String describe() {
            return "threshold-reordering";
        }

        @Override
        public InjectionControl create(NetworkState state, long seed) {
            boolean[] skip = new boolean[state.terminals()];
            return new flowproof.sim.control.RouterControl() {
                @Override
                public void bind(Port port) {
                }

                @Override
                public int classes() {
                    return 0;
                }

                @Override
                public int lookahead() {
                    return 2;
                }

                @Override
                public int sourceClass(int terminal, int destination, int size) {
                    skip[terminal] = !skip[terminal];
                    return skip[terminal] ? -1 : 0;
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

    /** SPTh registers that see every buffer ahead in the same cycle (no hop delay). */
    static final class SpthNoHopDelay implements Scheme {
        private final Spth real;

        SpthNoHopDelay(Spth real) {
            this.real = real;
        }

        @Override
        public String key() {
            return "spth";
        }

        @Override
        public String describe() {
            return "spth-no-hop-delay";
        }

        @Override
        public InjectionControl create(NetworkState state, long seed) {
            Network net = state.network();
            Topology topo = net.topology();
            int vcs = net.vcs();
            int queues = net.queues();
            int[] next = new int[queues];
            int[] bits = new int[queues];
            for (int c = 0; c < topo.channels(); c++) {
                int nc = topo.channel(topo.target(c), topo.dimension(c), topo.direction(c));
                int b = real.length() > 0 ? real.length() : Math.max(1, ((Torus) topo).radix(topo.dimension(c)) / 2);
                for (int v = 0; v < vcs; v++) {
                    next[net.queue(c, v)] = nc < 0 ? -1 : net.queue(nc, v);
                    bits[net.queue(c, v)] = b;
                }
            }
            long[] reg = new long[queues];
            return new Control(state, reg, next, bits, vcs);
        }

        private final class Control implements InjectionControl, SpthView {
            private final NetworkState state;
            private final long[] reg;
            private final int[] next;
            private final int[] bits;
            private final int vcs;

            Control(NetworkState state, long[] reg, int[] next, int[] bits, int vcs) {
                this.state = state;
                this.reg = reg;
                this.next = next;
                this.bits = bits;
                this.vcs = vcs;
            }

            private boolean busy(int q) {
                int free = real.byOccupancy() ? state.bufferFlits() - state.occupancy(q) : state.credits(q);
                return free <= real.margin();
            }

            @Override
            public void beginCycle(long now) {
                for (int q = 0; q < reg.length; q++) {
                    long r = 0;
                    int qi = q;
                    for (int i = 0; i < bits[q] && qi >= 0; i++) {
                        if (busy(qi)) {
                            r |= 1L << i;
                        }
                        qi = next[qi];
                    }
                    reg[q] = r;
                }
            }

            @Override
            public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
                for (int i = 0; i < n; i++) {
                    int q = firstQueues[i];
                    for (int v = 0; v < vcs; v++) {
                        if ((real.anyVc() ? reg[q - q % vcs + v] : reg[q]) != 0) {
                            return false;
                        }
                    }
                }
                return true;
            }

            @Override
            public long register(int q) {
                return reg[q];
            }

            @Override
            public int next(int q) {
                return next[q];
            }

            @Override
            public int hopDelay() {
                return real.hopDelay();
            }

            @Override
            public int margin() {
                return real.margin();
            }

            @Override
            public boolean byOccupancy() {
                return real.byOccupancy();
            }

            @Override
            public boolean anyVc() {
                return real.anyVc();
            }
        }
    }
}
