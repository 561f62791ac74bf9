package flowproof.fuzz;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.routing.MessageRouting;
import flowproof.rule.Invariant;
import flowproof.sim.CycleObserver;
import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.sim.SimState;
import flowproof.sim.SimulationError;
import flowproof.sim.Simulator;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.RouterControl;
import flowproof.sim.control.Scheme;
import flowproof.sim.queues.FbicmView;
import flowproof.sim.queues.QueueEngine;
import flowproof.spec.SpecException;
import flowproof.throttle.CbcmView;
import flowproof.throttle.ForwardingControl;
import flowproof.throttle.SpthView;
import flowproof.throttle.TuneView;
import flowproof.topology.Network;
import flowproof.traffic.ScriptedWorkload;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a {@link Scenario} in the cycle-accurate {@link Simulator} and checks every invariant
 * of the run, of its rule and of its scheme; returns the first one broken, or null.
 *
 * <ul>
 *   <li><b>conservation</b>: every scripted packet is delivered exactly once, to its
 *       destination, flits in order, and nothing is delivered that was not scripted (the
 *       simulator's check mode, plus a delivery log matched against the script); control
 *       packets are counted apart by the simulator; with message classes (a chain of any
 *       length) the answers are delivered too, and the log, which carries each message's
 *       class, must be the protocol's: each delivered message of a class but the sink
 *       answered once by the next class, of its size, back to its source, created no earlier
 *       than its delivery, nothing else ({@link Answers});</li>
 *   <li><b>buffers</b>: at the end of every cycle, per network VC, occupancy is at most the
 *       capacity and credits + reserved + flits on the link + occupancy + returning credits
 *       equal the capacity;</li>
 *   <li><b>deadlock-freedom</b>: a scenario claimed deadlock-free drains after injection stops
 *       (within the scenario's drain bound, no deadlock);</li>
 *   <li><b>rule</b>: every VC allocation the simulator commits is one the scenario's real rule
 *       admits on that state (a variant's rule is judged by the real one);
 *       <b>bubble-invariant</b> (Theoretical BFC, CBS under VCT): every ring keeps a free packet
 *       slot, counting the slots of packets already leaving as free;
 *       <b>critical-bubble-invariant</b> (CBS, cbs-global): every ring holds its m marks
 *       (counting those on a control line) and no queue more marks than free slots;</li>
 *   <li><b>determinism</b>: a second run with the same seed delivers the same packets at the
 *       same cycles and gives the same result;</li>
 *   <li><b>throttling-only-delays</b>: with a scheme, every packet is still delivered, and
 *       with one VC, one injection channel and deterministic routing each flow's packets
 *       arrive in the order they were created;</li>
 *   <li><b>starvation</b>: the scenario's first packet alone in an empty network is delivered
 *       within {@link #STARVATION_BOUND} cycles;</li>
 *   <li>scheme invariants: <b>alo</b> injects only when the ALO condition holds; <b>spth</b>
 *       holds a packet back only while a register of its direction shows a busy bit, and bit
 *       i of a register is set at cycle t only if the buffer i+1 hops ahead was busy at the end
 *       of cycle {@code t - 1 - i*hop-delay} (no reaction earlier than the hop delay allows);
 *       <b>tune</b>: the threshold stays in [0, all buffers] and every tuning step follows the
 *       decision table and the local-maxima rule; <b>cbcm</b>: a throttled flow's tokens
 *       stay in [0, (cycles since their reset) / D_t]; <b>fbicm</b> (through
 *       {@link QueueEngine#observe}, every cycle): at most c CFQs per input port, every
 *       packet in a CFQ has its destination in that CFQ's CAM line, and each flow's packets
 *       stay in creation order inside every port.</li>
 * </ul>
 */
public final class Invariants {

    /** Cycles within which a lone packet in an empty network must be delivered. */
    public static final int STARVATION_BOUND = 2_000;

    private Invariants() {
    }

    /** The first broken invariant of {@code s} (its variant resolved by {@code variants}), or null. */
    public static Violation check(Scenario s, Variants variants) {
        SimConfig real;
        try {
            real = s.config();
        } catch (SpecException e) {
            throw new IllegalArgumentException("scenario spec refused: " + e.getMessage(), e);
        }
        SimConfig cfg = variants.apply(s.variant(), real).withCheck(true);
        String key = s.schemeKey();
        Run first = run(cfg, real.effectiveRule(), key, true);
        if (first.violation != null) {
            return first.violation;
        }
        Violation v = starvation(s, cfg);
        if (v != null) {
            return v;
        }
        v = afterRun(s, cfg, first);
        if (v != null) {
            return v;
        }
        Run second = run(cfg, real.effectiveRule(), key, false);
        if (!first.log.toString().equals(second.log.toString()) || !first.summary().equals(second.summary())) {
            return new Violation("determinism", "two runs with seed " + cfg.seed() + " differ: " + first.summary()
                + " vs " + second.summary());
        }
        return null;
    }

    private static Violation afterRun(Scenario s, SimConfig cfg, Run run) {
        List<Packet> script = s.packets();
        if (cfg.routing() instanceof MessageRouting) {
            return afterProtocolRun(s, cfg, run);
        }
        Map<String, Integer> expected = new HashMap<>();
        for (Packet p : script) {
            expected.merge(p.cycle() + ":" + p.source() + "->" + p.destination() + ":" + p.size(), 1, Integer::sum);
        }
        Map<String, Integer> seen = new HashMap<>();
        for (long[] d : run.deliveries) {
            String k = d[3] + ":" + d[0] + "->" + d[1] + ":" + d[2];
            int n = seen.merge(k, 1, Integer::sum);
            if (n > expected.getOrDefault(k, 0)) {
                return new Violation("conservation", "packet " + k + " (cycle:source->destination:size) delivered "
                    + n + " times, scripted " + expected.getOrDefault(k, 0));
            }
        }
        SimResult r = run.result;
        if (s.deadlockFree() && (r.deadlock() != null || !r.drained())) {
            return new Violation("deadlock-freedom", "a deadlock-free configuration did not drain: "
                + (r.deadlock() != null ? describe(r.deadlock())
                : "not drained in " + cfg.drainCycles() + " cycles"));
        }
        if (r.drained() && r.deadlock() == null && !seen.equals(expected)) {
            return new Violation(cfg.control() == Scheme.NONE ? "conservation" : "throttling-only-delays",
                "drained, but delivered " + run.deliveries.size() + " of " + script.size() + " scripted packets");
        }
        if (r.deadlock() == null && r.drained() && cfg.control() != Scheme.NONE && inOrderExpected(cfg)) {
            Map<Long, Long> lastCreated = new HashMap<>();
            for (long[] d : run.deliveries) {
                long flow = d[0] * 1_000_000 + d[1];
                Long before = lastCreated.put(flow, d[3]);
                if (before != null && before > d[3]) {
                    return new Violation("throttling-only-delays", "flow " + d[0] + "->" + d[1] + ": the packet created at "
                        + d[3] + " arrived after the one created at " + before);
                }
            }
        }
        return null;
    }

    /**
     * {@link #afterRun} with message classes: the answers the terminals create are delivered
     * too, so conservation is the protocol's ({@link Answers}); deadlock freedom as without
     * them (the simulator drains only when no message waits in an endpoint queue either).
     */
    private static Violation afterProtocolRun(Scenario s, SimConfig cfg, Run run) {
        SimResult r = run.result;
        boolean drained = r.drained() && r.deadlock() == null;
        List<String> classes = ((MessageRouting) cfg.routing()).classNames();
        Violation v = Answers.check(s.packets(), run.messages, classes, false);
        if (v != null) {
            return v;
        }
        if (s.deadlockFree() && !drained) {
            return new Violation("deadlock-freedom", "a deadlock-free configuration did not drain: "
                + (r.deadlock() != null ? describe(r.deadlock())
                : "not drained in " + cfg.drainCycles() + " cycles"));
        }
        return drained ? Answers.check(s.packets(), run.messages, classes, true) : null;
    }

    private static boolean inOrderExpected(SimConfig cfg) {
        return cfg.network().vcs() == 1 && cfg.injectionPorts() == 1 && cfg.routing().maxCandidates() == 1
            && cfg.routing().maxInjectHeaders() <= 1;
    }

    private static Violation starvation(Scenario s, SimConfig cfg) {
        List<Packet> script = s.packets();
        if (script.isEmpty()) {
            return null;
        }
        Packet p = script.get(0);
        ScriptedWorkload lone = new ScriptedWorkload(cfg.workload().terminals(),
            List.of(new Packet(0, p.source(), p.destination(), p.size())));
        SimConfig one = cfg.withWorkload(lone).withRun(1, 0, cfg.seed()).withDrain(STARVATION_BOUND);
        long[] done = {-1};
        // the first delivery is the lone packet's (with message classes its answer follows)
        Simulator.DeliveryListener l = (src, dst, size, created, injected, at, hops) -> done[0] = done[0] < 0 ? at : done[0];
        if (one.control() instanceof Engine.Factory f && f.engine(one) instanceof QueueEngine qe) {
            qe.onDelivery(l).run(null);
        } else {
            new Simulator(one).onDelivery(l).run(null);
        }
        if (done[0] < 0 || done[0] > STARVATION_BOUND) {
            return new Violation("starvation", "a lone packet " + p.source() + "->" + p.destination()
                + " in an empty network was not delivered within " + STARVATION_BOUND + " cycles");
        }
        return null;
    }

    /** One run's record. */
    private static final class Run {
        SimResult result;
        Violation violation;
        final List<long[]> deliveries = new ArrayList<>();
        /** With message classes: every delivered message, {source, destination, size, created, done, class}. */
        final List<long[]> messages = new ArrayList<>();
        final StringBuilder log = new StringBuilder();

        String summary() {
            if (result == null) {
                return "failed";
            }
            return result.packetsCreated() + "/" + result.packetsDelivered() + "/" + result.cycles() + "/"
                + (result.deadlock() == null ? "-" : result.deadlock().cycle()) + "/" + result.drained();
        }
    }

    private static Run run(SimConfig cfg, FlowControlRule reference, String key, boolean observe) {
        Run run = new Run();
        if (cfg.control() instanceof Engine.Factory f) {
            // input-queued organisations (FBICM, VOQ, single queue): the packet-level engine, whose check
            // mode verifies credits, RAM and, for FBICM, at most c CFQs per port and every CFQ packet's
            // destination in its CAM line; it delivers each flow in order or fails
            Engine e = f.engine(cfg);
            if (e instanceof QueueEngine qe) {
                qe.onDelivery((src, dst, size, created, injected, done, hops) -> {
                    run.deliveries.add(new long[] {src, dst, size, created, done});
                    run.log.append(src).append('>').append(dst).append('@').append(done).append(';');
                });
                if (observe) {
                    // FBICM: the CFQs and CAM lines of every port, checked here at the end of every cycle
                    qe.observe(v -> checkFbicm(v, key));
                }
            }
            try {
                run.result = e.run(null);
            } catch (Violated err) {
                run.violation = err.violation;
            } catch (SimulationError err) {
                String m = err.getMessage();
                run.violation = new Violation(m.contains("CFQ") || m.contains("CAM") ? key
                    : m.contains("out of order") ? "throttling-only-delays"
                    : m.contains("credit") || m.contains("memory") || m.contains("RAM") ? "buffers" : "conservation", m);
            }
            return run;
        }
        Checker checker = new Checker(cfg, reference, key);
        SimConfig c = observe ? cfg.withControl(new CheckedScheme(cfg.control(), key, checker)) : cfg;
        Simulator sim = new Simulator(c).onDelivery((src, dst, size, created, injected, done, hops) -> {
            run.deliveries.add(new long[] {src, dst, size, created, done});
            run.log.append(src).append('>').append(dst).append('@').append(done).append(';');
        });
        if (cfg.routing() instanceof MessageRouting) {
            sim.onMessage((cls, src, dst, size, created, done) ->
                run.messages.add(new long[] {src, dst, size, created, done, cls}));
        }
        if (observe) {
            sim.observe(checker);
        }
        try {
            run.result = sim.run(null);
        } catch (SimulationError e) {
            String m = e.getMessage();
            run.violation = new Violation(m.contains("overflow") || m.contains("capacity") || m.contains("credits")
                ? "buffers" : "conservation", m);
            return run;
        } catch (Violated e) {
            run.violation = e.violation;
            return run;
        }
        if (checker.found != null) {
            run.violation = checker.found;
        }
        return run;
    }

    /**
     * The {@code fbicm} invariants on one cycle's input ports: at most c CFQs (active CAM lines)
     * per port; every packet in a CFQ has its destination in that CFQ's active CAM line; and
     * per-flow order inside the port: each queue holds a flow's packets in creation order, a
     * flow's packets are in at most one CFQ, and those are all older than its packets in the
     * NFQ (a CFQ is drained before the NFQ head of its destinations moves on).
     */
    private static void checkFbicm(FbicmView v, String key) {
        int lines = v.lines();
        for (int p : v.ports()) {
            int active = 0;
            for (int i = 0; i < lines; i++) {
                active += v.lineActive(p, i) || v.queueLength(p, 1 + i) > 0 ? 1 : 0;
            }
            if (active > v.cfqLimit()) {
                throw new Violated(new Violation(key, "cycle " + v.now() + ": " + v.portName(p) + " holds " + active
                    + " CFQs, more than c = " + v.cfqLimit()));
            }
            // flow -> [the CFQ holding it or -1, the last sequence seen in that CFQ]
            Map<Long, int[]> inCfq = new HashMap<>();
            for (int i = 0; i < lines; i++) {
                Map<Long, Integer> last = new HashMap<>();
                for (int[] k : v.packets(p, 1 + i)) {
                    if (!v.lineActive(p, i) || !v.lineHolds(p, i, k[1])) {
                        throw new Violated(new Violation(key, "cycle " + v.now() + ": " + v.portName(p)
                            + ": a packet for " + k[1] + " is in CFQ " + i + ", whose CAM line "
                            + (v.lineActive(p, i) ? "does not list " + k[1] : "is not allocated")));
                    }
                    long flow = (long) k[0] << 32 | k[1];
                    Integer before = last.put(flow, k[2]);
                    int[] other = inCfq.get(flow);
                    if ((before != null && before >= k[2]) || (other != null && other[0] != i)) {
                        throw new Violated(new Violation(key, "cycle " + v.now() + ": " + v.portName(p) + ": flow "
                            + k[0] + "->" + k[1] + " out of order in its CFQs (packet " + k[2] + " in CFQ " + i
                            + (before != null ? " behind packet " + before : " and others in CFQ " + other[0]) + ")"));
                    }
                    inCfq.put(flow, new int[] {i, k[2]});
                }
            }
            Map<Long, Integer> last = new HashMap<>();
            for (int[] k : v.packets(p, 0)) {
                long flow = (long) k[0] << 32 | k[1];
                Integer before = last.put(flow, k[2]);
                int[] cfq = inCfq.get(flow);
                if ((before != null && before >= k[2]) || (cfq != null && cfq[1] >= k[2])) {
                    throw new Violated(new Violation(key, "cycle " + v.now() + ": " + v.portName(p) + ": flow " + k[0]
                        + "->" + k[1] + " out of order: packet " + k[2] + " in the NFQ behind "
                        + (before != null && before >= k[2] ? "packet " + before + " in the NFQ"
                            : "packet " + cfq[1] + " in CFQ " + cfq[0])));
                }
            }
        }
    }

    /** Thrown from inside the run to stop it at the first broken invariant. */
    private static final class Violated extends RuntimeException {
        final transient Violation violation;

        Violated(Violation v) {
            super(v.toString(), null, false, false);
            this.violation = v;
        }
    }

    /** Wraps a scheme so its injection decisions can be judged (RouterControls are left as they are). */
    private record CheckedScheme(Scheme inner, String key, Checker checker) implements Scheme {
        @Override
        public String describe() {
            return inner.describe();
        }

        @Override
        public FlowControlRule rule(FlowControlRule specRule, Network network) {
            return inner.rule(specRule, network);
        }

        @Override
        public InjectionControl create(NetworkState state, long seed) {
            InjectionControl c = inner.create(state, seed);
            checker.control = c;
            if (c instanceof RouterControl || c == InjectionControl.NONE) {
                return c;
            }
            return new ForwardingControl(c) {
                @Override
                public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
                    boolean ok = delegate.mayInject(terminal, destination, size, firstQueues, n);
                    checker.judgeInjection(state, ok, terminal, firstQueues, n);
                    return ok;
                }
            };
        }
    }

    /** The per-cycle and per-decision checks of one run. */
    private static final class Checker implements CycleObserver {
        private final SimConfig cfg;
        private final FlowControlRule reference;
        private final String key;
        private final Network net;
        private final int queues;
        private final int cap;
        private final int slot;
        private final boolean vct;
        private final boolean bubble;
        private final int marksPerRing;
        InjectionControl control;
        Violation found;

        // spth: busy state of every queue at the end of recent cycles
        private boolean[][] busyHistory;
        // tune
        private long tuneThreshold = -1;
        private long tuneThroughput = -1;
        private boolean tuneThrottled;

        Checker(SimConfig cfg, FlowControlRule reference, String key) {
            this.cfg = cfg;
            this.reference = reference;
            this.key = key;
            this.net = cfg.network();
            this.queues = net.queues();
            this.cap = cfg.bufferFlits();
            this.slot = cfg.slotFlits();
            this.vct = cfg.switching() == SimConfig.Switching.VCT;
            this.bubble = vct && !reference.invariants().isEmpty();
            int m = 0;
            if (net.rings() > 0) {
                for (int q : net.ringQueues(0)) {
                    m += reference.initialMarks(net, q);
                }
            }
            this.marksPerRing = m;
        }

        private void fail(String invariant, String message) {
            if (found == null) {
                found = new Violation(invariant, message);
            }
            throw new Violated(found);
        }

        @Override
        public void allocating(SimState s, int from, int q) {
            if (reference.admit(s, from, q) == FlowControlRule.DENY) {
                fail("rule", "cycle " + s.now() + ": the simulator moved a packet " + (from < 0 ? "by injection"
                    : "from " + net.queueName(from)) + " into " + net.queueName(q) + ", which rule "
                    + reference.describe() + " denies on that state");
            }
        }

        @Override
        public void endOfCycle(SimState s) {
            long now = s.now();
            for (int q = 0; q < queues; q++) {
                int occ = s.occupancy(q);
                int sum = s.credits(q) + s.reserved(q) + s.onLink(q) + occ + s.creditsReturning(q);
                if (occ > cap || sum != cap || s.credits(q) < 0) {
                    fail("buffers", "cycle " + now + ": " + net.queueName(q) + ": occupancy " + occ + ", credits "
                        + s.credits(q) + " + reserved " + s.reserved(q) + " + on link " + s.onLink(q)
                        + " + occupancy + returning " + s.creditsReturning(q) + " = " + sum + " for capacity " + cap);
                }
            }
            if (bubble) {
                checkBubbles(s, now);
            }
            if (control instanceof SpthView v) {
                checkSpth(s, v, now);
            } else if (control instanceof TuneView v) {
                checkTune(v, now);
            } else if (control instanceof CbcmView c) {
                checkCbcm(c, now);
            }
        }

        /** Free packet slots at packet boundaries: the flits of a packet already leaving count as free. */
        private int packetFree(SimState s, int q) {
            int flits = s.credits(q) + s.creditsReturning(q);
            if (s.departing(q) && s.occupancy(q) > 0) {
                // the leaving packet's flits not yet gone from q: in the buffer, on the link or still upstream
                flits += s.size(s.bufferedPacket(q, 0)) - s.bufferedFlit(q, 0);
            }
            return flits / slot;
        }

        /**
         * The explorer's invariants of the rule ({@link FlowControlRule#invariants}) on the
         * packet-level state: a leaving packet's flits count as free in the queue it leaves, and
         * critical marks on a control line count on the queue they are going to. Judged only
         * when no packet is between boundaries in a way the buffers do not show (cut through
         * with all its flits on the link or upstream).
         */
        private void checkBubbles(SimState s, long now) {
            for (int q = 0; q < queues; q++) {
                if (s.departing(q) && s.occupancy(q) == 0) {
                    return;
                }
            }
            BufferView packets = new BufferView() {
                @Override
                public Network network() {
                    return net;
                }

                @Override
                public int freeSlots(int queue) {
                    return packetFree(s, queue);
                }

                @Override
                public int criticalMarks(int queue) {
                    return s.criticalMarks(queue) + s.marksInFlight(queue);
                }

                @Override
                public int ringFreeSlots(int ring) {
                    int free = 0;
                    for (int q : net.ringQueues(ring)) {
                        free += packetFree(s, q);
                    }
                    return free;
                }
            };
            for (Invariant inv : reference.invariants()) {
                if (!inv.holds(packets, marksPerRing)) {
                    StringBuilder rings = new StringBuilder();
                    for (int r = 0; r < net.rings(); r++) {
                        rings.append(r == 0 ? "" : "; ").append("ring ").append(r).append(":");
                        for (int q : net.ringQueues(r)) {
                            rings.append(' ').append(net.queueName(q)).append(" free ").append(packetFree(s, q));
                            if (packets.criticalMarks(q) > 0) {
                                rings.append(" marks ").append(packets.criticalMarks(q));
                            }
                        }
                    }
                    fail(inv.key(), "cycle " + now + ": " + inv.key() + " of rule " + reference.describe()
                        + " (m = " + marksPerRing + ") broken: " + rings);
                }
            }
        }

        void judgeInjection(NetworkState state, boolean ok, int terminal, int[] firstQueues, int n) {
            if (key.equals("alo") && ok && n > 0 && !aloHolds(state, firstQueues, n)) {
                fail("alo", "cycle " + state.now() + ": terminal " + terminal + " injected although neither every "
                    + "useful channel has a free VC nor one useful channel has all its VCs free");
            }
            if (control instanceof SpthView v && !ok) {
                int vcs = net.vcs();
                boolean busy = false;
                for (int i = 0; i < n && !busy; i++) {
                    int q = firstQueues[i];
                    if (v.anyVc()) {
                        for (int k = 0; k < vcs; k++) {
                            busy |= v.register(q - q % vcs + k) != 0;
                        }
                    } else {
                        busy = v.register(q) != 0;
                    }
                }
                if (!busy) {
                    fail("spth", "cycle " + state.now() + ": terminal " + terminal + " held back with no busy bit "
                        + "in the registers of its first direction");
                }
            }
        }

        private boolean aloHolds(NetworkState state, int[] firstQueues, int n) {
            int vcs = net.vcs();
            boolean everyHasOne = true;
            for (int i = 0; i < n; i++) {
                int c = net.channelOf(firstQueues[i]);
                int free = 0;
                for (int v = 0; v < vcs; v++) {
                    int q = net.queue(c, v);
                    if (!state.allocated(q) && state.credits(q) >= state.slotFlits()) {
                        free++;
                    }
                }
                if (free == vcs) {
                    return true;
                }
                everyHasOne &= free > 0;
            }
            return everyHasOne;
        }

        private void checkSpth(SimState s, SpthView v, long now) {
            int depth = 64 * v.hopDelay() + 2;
            if (busyHistory == null) {
                busyHistory = new boolean[depth][queues];
            }
            if (!v.byOccupancy()) {
                for (int q = 0; q < queues; q++) {
                    long reg = v.register(q);
                    int qi = q;
                    for (int i = 0; reg != 0 && i < 64 && qi >= 0; i++) {
                        if ((reg & 1L) != 0) {
                            long at = now - 1 - (long) i * v.hopDelay();
                            if (at < 0 || now - at >= depth || !busyHistory[(int) (at % depth)][qi]) {
                                fail("spth", "cycle " + now + ": the register of " + net.queueName(q) + " shows "
                                    + net.queueName(qi) + ", " + (i + 1) + " hop(s) ahead, busy, but it was not busy "
                                    + (1 + i * v.hopDelay()) + " cycle(s) before");
                            }
                        }
                        reg >>>= 1;
                        qi = v.next(qi);
                    }
                }
            }
            boolean[] row = busyHistory[(int) (now % depth)];
            for (int q = 0; q < queues; q++) {
                int free = v.byOccupancy() ? cap - s.occupancy(q) : s.credits(q);
                row[q] = free <= v.margin();
            }
        }

        private void checkTune(TuneView v, long now) {
            long t = v.threshold();
            if (t < 0 || t > v.buffers()) {
                fail("tune", "cycle " + now + ": threshold " + t + " outside [0, " + v.buffers() + "]");
            }
            int period = v.scheme().tuningPeriod();
            if (now > 0 && now % period == 0 && tuneThreshold >= 0) {
                String why = decisionError(v, tuneThreshold, tuneThroughput, tuneThrottled);
                if (why != null) {
                    fail("tune", "cycle " + now + ": " + why);
                }
                tuneThrottled = false;
            }
            tuneThrottled |= v.gateClosed();
            tuneThreshold = t;
            tuneThroughput = v.lastThroughput();
        }

        private static String decisionError(TuneView v, long before, long previous, boolean throttled) {
            long after = v.threshold();
            long thr = v.lastThroughput();
            var s = v.scheme();
            switch (v.decision()) {
                case NONE:
                    return after == before ? null : "no tuning, yet the threshold moved " + before + " -> " + after;
                case RESET_FORGET:
                    return s.localMaxima() ? null : "a local-maxima reset with local-maxima off";
                case RESET:
                    if (!s.localMaxima()) {
                        return "a local-maxima reset with local-maxima off";
                    }
                    long want = Math.max(0, Math.min(v.buffers(), Math.min(v.tMax(), v.nMax())));
                    return after == want ? null : "reset to " + after + ", not min(T_max, N_max) = " + want;
                default:
                    break;
            }
            if (s.localMaxima() && v.maxThroughput() > 0 && thr < s.resetBelow() * v.maxThroughput()) {
                return "throughput " + thr + " below " + s.resetBelow() + " of the maximum " + v.maxThroughput()
                    + " but decision " + v.decision() + ", not a reset";
            }
            boolean drop = previous >= 0 && thr < s.drop() * previous;
            if (drop) {
                long want = Math.max(0, before - v.decrement());
                return v.decision() == TuneView.Decision.DECREASE && after == want ? null
                    : "a drop (" + previous + " -> " + thr + ") must decrease " + before + " to " + want + ", got "
                    + v.decision() + " " + after;
            }
            if (throttled) {
                long want = Math.min(v.buffers(), before + v.increment());
                return v.decision() == TuneView.Decision.INCREASE && after == want ? null
                    : "no drop and throttling must increase " + before + " to " + want + ", got " + v.decision() + " "
                    + after;
            }
            return v.decision() == TuneView.Decision.KEEP && after == before ? null
                : "no drop, no throttling must keep " + before + ", got " + v.decision() + " " + after;
        }

        private void checkCbcm(CbcmView c, long now) {
            int n = c.terminals();
            for (int t = 0; t < n; t++) {
                for (int d = 0; d < n; d++) {
                    int dt = c.degree(t, d);
                    if (dt == 0) {
                        continue;
                    }
                    double tokens = c.tokens(t, d);
                    double bound = (double) (now - c.tokensSince(t, d)) / dt + 1e-9;
                    if (tokens < -1e-9 || tokens > bound) {
                        fail("cbcm", "cycle " + now + ": flow " + t + "->" + d + " holds " + tokens + " tokens, outside"
                            + " [0, " + bound + "] (D_t " + dt + ", reset at " + c.tokensSince(t, d) + ")");
                    }
                }
            }
        }
    }

    /** A deadlock in one line: when, the queues held and, if known, a cycle of them each waiting on the next. */
    static String describe(SimResult.Deadlock d) {
        return "deadlock at cycle " + d.cycle() + ", held " + d.heldQueues()
            + (d.waitCycle().isEmpty() ? "" : ", each waiting on the next: " + d.waitCycle());
    }
}
