package flowproof.rule;

import flowproof.topology.Automorphism;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What every flow-control rule must satisfy, checked on generated buffer states of a network:
 * for flowproof's own rules (the contract test) and for a user's rule (a plugin's tests, before
 * a spec names it). No test library is needed: {@link #violations} returns what is broken,
 * {@link #check} throws an {@link AssertionError} naming the rule's class, the state and the
 * move.
 *
 * <p>The states are deterministic for a seed: the empty network, every queue full, and random
 * occupancies of several densities, with critical marks (never more than a queue's free slots)
 * for rules that keep them; and, for the invariants, the same states repaired until every
 * invariant the rule declares holds. The moves are every injection into every queue and every
 * forward move from a queue to a queue of a channel that leaves the router where it sits.
 *
 * <p>Checked, on every state and move:
 * <ul>
 *   <li>{@code outcome}: {@link FlowControlRule#admit} returns DENY, ADMIT or ADMIT_SHIFT_MARK,
 *       the same answer when asked twice, and throws nothing;</li>
 *   <li>{@code free-slot}: nothing is admitted into a queue without a free slot;</li>
 *   <li>{@code may-use}: nothing is admitted that {@link FlowControlRule#mayUse} forbids (the
 *       channel dependency graph is built from it);</li>
 *   <li>{@code may-use-destination}: the form for a destination
 *       ({@link FlowControlRule#mayUse(Network, int, int, int)}) allows, for any destination,
 *       only moves the three-argument form allows;</li>
 *   <li>{@code free-slot-suffices}: a rule that declares {@link FlowControlRule#freeSlotSuffices}
 *       admits exactly the allowed moves into a queue with a free slot;</li>
 *   <li>{@code shift-mark}: ADMIT_SHIFT_MARK only from a rule with marks, for a move within a
 *       ring, into a queue that holds a mark;</li>
 *   <li>{@code reads-ring-occupancy}: a rule that says it does not read ring occupancy never
 *       asks {@link BufferView#ringFreeSlots} (engines keep the count only for rules that say so);</li>
 *   <li>{@code initial-marks}: between 0 and the capacity, none outside rings, none at all
 *       without {@link FlowControlRule#marksPerRing}, else that many per ring;</li>
 *   <li>{@code drift}: marks drift only for a rule that declares {@link FlowControlRule#marksDrift},
 *       from a queue holding one to its upstream queue;</li>
 *   <li>{@code invariant}: from a state where every invariant the rule declares holds, one
 *       admitted move (or a drift) leads to a state where they still hold;</li>
 *   <li>{@code symmetry}: a rule that declares {@link FlowControlRule#translationInvariant}
 *       decides every move as it decides its image under every translation of the topology, and
 *       its initial marks map onto themselves; likewise for {@link FlowControlRule#reflectionInvariant}
 *       and each reflection the topology has.</li>
 * </ul>
 */
public final class RuleContract {

    /** Generated states per network unless told otherwise. */
    public static final int DEFAULT_STATES = 48;
    /** The seed unless told otherwise. */
    public static final long DEFAULT_SEED = 1;
    /** At most this many violations are kept per check (the first ones found). */
    private static final int PER_CHECK = 3;

    /**
     * One broken promise.
     *
     * @param rule   the rule's class (and its description when that says more)
     * @param check  which check, e.g. {@code free-slot} (see the class comment)
     * @param detail what happened
     * @param move   the move asked, e.g. {@code inject into 0-d0+->1 vc0}
     * @param state  the buffer state it was asked in
     */
    public record Violation(String rule, String check, String detail, String move, String state) {
        @Override
        public String toString() {
            return rule + ": " + check + ": " + detail + (move.isEmpty() ? "" : "; move: " + move)
                + (state.isEmpty() ? "" : "; state: " + state);
        }
    }

    private RuleContract() {
    }

    /** Throws an {@link AssertionError} listing every violation found on the default states; returns quietly otherwise. */
    public static void check(FlowControlRule rule, Network network) {
        List<Violation> v = violations(rule, network);
        if (!v.isEmpty()) {
            StringBuilder b = new StringBuilder(label(rule) + " breaks the flow-control rule contract on "
                + network.topology().describe() + " (vcs " + network.vcs() + ", capacity " + network.capacity() + "):");
            for (Violation x : v) {
                b.append("\n  ").append(x);
            }
            throw new AssertionError(b.toString());
        }
    }

    /** The violations on {@link #DEFAULT_STATES} states of seed {@link #DEFAULT_SEED}. */
    public static List<Violation> violations(FlowControlRule rule, Network network) {
        return violations(rule, network, DEFAULT_STATES, DEFAULT_SEED);
    }

    /** The violations on {@code states} generated states (at least the empty and the full network) of a seed. */
    public static List<Violation> violations(FlowControlRule rule, Network network, int states, long seed) {
        Checker c = new Checker(rule, network);
        c.initialMarks();
        c.destinations();
        List<Sample> samples = samples(network, rule.marksPerRing() > 0, states, seed);
        for (Sample s : samples) {
            c.moves(s);
            c.drifts(s);
        }
        if (!rule.invariants().isEmpty()) {
            SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
            for (Sample s : samples) {
                Sample r = s.repaired(rule, rnd);
                if (r != null) {
                    c.invariants(r);
                }
            }
        }
        if (rule.translationInvariant()) {
            List<int[]> translations = translationMaps(network);
            for (int i = 1; i < translations.size(); i++) {
                c.symmetry(translations.get(i), "the translation taking node " + nodeImage(network, translations.get(i)),
                    "translationInvariant", samples);
            }
        }
        if (rule.reflectionInvariant()) {
            for (int d = 0; d < dimensions(network.topology()); d++) {
                Automorphism r = network.topology().reflection(d);
                if (r != null) {
                    c.symmetry(queueMap(network, r.channels()), "the reflection in dimension " + d, "reflectionInvariant",
                        samples);
                }
            }
        }
        if (!rule.translationInvariant()) {
            respected(network, rule, c, samples);
        }
        List<Violation> all = new ArrayList<>();
        c.found.values().forEach(all::addAll);
        return all;
    }

    /**
     * The violations of the rule's own behaviour on {@link #DEFAULT_STATES} states of seed
     * {@link #DEFAULT_SEED}: every check but the invariants and the symmetries (which the engines
     * that rely on them check where they use them). What {@link CheckedRule} runs on a user's rule
     * before any engine relies on it.
     */
    public static List<Violation> behaviour(FlowControlRule rule, Network network) {
        Checker c = new Checker(rule, network);
        c.initialMarks();
        c.destinations();
        for (Sample s : samples(network, rule.marksPerRing() > 0, DEFAULT_STATES, DEFAULT_SEED)) {
            c.moves(s);
            c.drifts(s);
        }
        List<Violation> all = new ArrayList<>();
        c.found.values().forEach(all::addAll);
        return all;
    }

    /** The most elements {@link #respected} checks. */
    private static final int MAX_RESPECTED = 256;

    /**
     * A rule that is not translation-invariant may still respect single elements of the
     * topology's translations x reflections ({@link FlowControlRule#respects}, the dateline the
     * reflections that map its dateline channels onto themselves): each element it says it
     * respects (at most {@value #MAX_RESPECTED}) is checked like a declared symmetry.
     */
    private static void respected(Network network, FlowControlRule rule, Checker c, List<Sample> samples) {
        Topology t = network.topology();
        List<Automorphism> translations = translations(t);
        List<Automorphism> reflections = new ArrayList<>();
        for (int d = 0; d < dimensions(t); d++) {
            Automorphism r = t.reflection(d);
            if (r != null) {
                reflections.add(r);
            }
        }
        int checked = 0;
        for (int mask = 0; mask < 1 << reflections.size(); mask++) {
            for (Automorphism translation : translations) {
                int[] nodes = translation.nodes().clone();
                int[] channels = translation.channels().clone();
                StringBuilder name = new StringBuilder();
                for (int i = 0; i < reflections.size(); i++) {
                    if ((mask >> i & 1) == 1) {
                        // first the reflection, then what was composed so far
                        Automorphism r = reflections.get(i);
                        int[] n2 = new int[nodes.length];
                        for (int v = 0; v < nodes.length; v++) {
                            n2[v] = nodes[r.nodes()[v]];
                        }
                        int[] c2 = new int[channels.length];
                        for (int ch = 0; ch < channels.length; ch++) {
                            c2[ch] = channels[r.channels()[ch]];
                        }
                        nodes = n2;
                        channels = c2;
                        name.append(name.length() == 0 ? " after the reflection in dimension " : ", ").append(
                            r.name().replace("reflect d", ""));
                    }
                }
                boolean identity = true;
                for (int ch = 0; ch < channels.length && identity; ch++) {
                    identity = channels[ch] == ch;
                }
                Automorphism a = new Automorphism("element", nodes, channels);
                if (identity || !rule.respects(network, a, mask != 0)) {
                    continue;
                }
                int[] qm = queueMap(network, channels);
                c.symmetry(qm, "the element taking node " + nodeImage(network, qm) + name, "respects", samples);
                if (++checked == MAX_RESPECTED) {
                    return;
                }
            }
        }
    }

    /**
     * Compares the rule's decisions on generated states with its decisions on their images under
     * one symmetry: for the explorer, which reduces by a symmetry only when the rule decides
     * alike on both sides. Returns null when they agree, else one line: the move, both answers,
     * the symmetry and the state.
     *
     * @param queueMap queueMap[q]: the queue the symmetry moves q to
     * @param name     the symmetry in words, e.g. "the translation taking node 0 to node 1"
     */
    public static String symmetryMismatch(FlowControlRule rule, Network network, int[] queueMap, String name,
                                          int states, long seed) {
        Checker c = new Checker(rule, network);
        c.symmetry(queueMap, name, "", samples(network, rule.marksPerRing() > 0, states, seed));
        for (List<Violation> v : c.found.values()) {
            if (!v.isEmpty()) {
                return v.get(0).detail() + (v.get(0).state().isEmpty() ? "" : ", in " + v.get(0).state());
            }
        }
        return null;
    }

    /** The rule's class, with its description when that says more: what messages name. */
    public static String label(FlowControlRule rule) {
        if (rule instanceof CheckedRule checked) {
            return label(checked.rule());
        }
        String cls = rule.getClass().getName();
        String d;
        try {
            d = rule.describe();
        } catch (RuntimeException e) {
            d = null;
        }
        return d == null || d.equals(cls) ? cls : cls + " (" + d + ")";
    }

    // ------------------------------------------------------------------ the checks

    private static final class Checker {
        final FlowControlRule rule;
        final Network net;
        final String label;
        final int[][] moves;
        final Map<String, List<Violation>> found = new LinkedHashMap<>();

        Checker(FlowControlRule rule, Network net) {
            this.rule = rule;
            this.net = net;
            this.label = label(rule);
            this.moves = RuleContract.moves(net);
        }

        void fail(String check, String detail, int[] move, Sample s) {
            List<Violation> l = found.computeIfAbsent(check, k -> new ArrayList<>());
            if (l.size() < PER_CHECK) {
                l.add(new Violation(label, check, detail, move == null ? "" : moveName(net, move[0], move[1]),
                    s == null ? "" : s.toString()));
            }
        }

        /** admit, or -99 after recording what it threw. */
        int admit(Sample s, int[] m, String check) {
            try {
                return rule.admit(s, m[0], m[1]);
            } catch (RingRead e) {
                throw e;
            } catch (RuntimeException | StackOverflowError e) {
                fail(check, "admit threw " + e, m, s);
                return -99;
            }
        }

        void moves(Sample s) {
            boolean marks = rule.marksPerRing() > 0;
            boolean suffices = rule.freeSlotSuffices();
            boolean ringsRead = rule.readsRingOccupancy();
            for (int[] m : moves) {
                int a = admit(s, m, "outcome");
                if (a == -99) {
                    continue;
                }
                if (a != FlowControlRule.DENY && a != FlowControlRule.ADMIT && a != FlowControlRule.ADMIT_SHIFT_MARK) {
                    fail("outcome", "admit returned " + a + " (expected DENY 0, ADMIT 1 or ADMIT_SHIFT_MARK 2)", m, s);
                    continue;
                }
                int again = admit(s, m, "outcome");
                if (again != a && again != -99) {
                    fail("outcome", "admit answered " + outcome(a) + ", then " + outcome(again) + " in the same state", m, s);
                }
                int to = m[1];
                boolean allowed = rule.mayUse(net, m[0], to);
                if (a != FlowControlRule.DENY && s.freeSlots(to) < 1) {
                    fail("free-slot", "admits (" + outcome(a) + ") into a queue without a free slot", m, s);
                }
                if (a != FlowControlRule.DENY && !allowed) {
                    fail("may-use", "admits (" + outcome(a) + ") a move that mayUse forbids", m, s);
                }
                if (suffices && (a != FlowControlRule.DENY) != (s.freeSlots(to) > 0 && allowed)) {
                    fail("free-slot-suffices", "declares freeSlotSuffices() but " + (a == FlowControlRule.DENY
                        ? "denies an allowed move into a queue with a free slot" : "admits a move it should deny"), m, s);
                }
                if (a == FlowControlRule.ADMIT_SHIFT_MARK) {
                    if (!marks) {
                        fail("shift-mark", "answers ADMIT_SHIFT_MARK but keeps no marks (marksPerRing() is 0)", m, s);
                    } else if (!net.withinRing(m[0], to)) {
                        fail("shift-mark", "answers ADMIT_SHIFT_MARK for a move that does not stay within a ring", m, s);
                    } else if (s.criticalMarks(to) < 1) {
                        fail("shift-mark", "answers ADMIT_SHIFT_MARK into a queue without a mark", m, s);
                    }
                }
                if (!ringsRead) {
                    s.ringsForbidden = true;
                    try {
                        rule.admit(s, m[0], to);
                    } catch (RingRead e) {
                        fail("reads-ring-occupancy", "reads the free slots of a ring (BufferView.ringFreeSlots) but "
                            + "readsRingOccupancy() is false, so the simulator does not keep them", m, s);
                    } catch (RuntimeException e) {
                        // recorded under outcome
                    } finally {
                        s.ringsForbidden = false;
                    }
                }
            }
        }

        /** Every move the destination form allows, for any destination, the three-argument form allows. */
        void destinations() {
            int nodes = net.topology().nodes();
            for (int[] m : moves) {
                boolean allowed = rule.mayUse(net, m[0], m[1]);
                for (int d = 0; d < nodes && !allowed; d++) {
                    try {
                        if (rule.mayUse(net, m[0], m[1], d)) {
                            fail("may-use-destination", "mayUse for destination " + net.topology().nodeName(d)
                                + " allows a move that mayUse forbids", m, null);
                            break;
                        }
                    } catch (RuntimeException e) {
                        fail("may-use-destination", "mayUse for destination " + net.topology().nodeName(d) + " threw " + e,
                            m, null);
                        break;
                    }
                }
            }
        }

        void initialMarks() {
            int m = rule.marksPerRing();
            int[] perRing = new int[net.rings()];
            for (int q = 0; q < net.queues(); q++) {
                int b;
                try {
                    b = rule.initialMarks(net, q);
                } catch (RuntimeException e) {
                    fail("initial-marks", "initialMarks(" + net.queueName(q) + ") threw " + e, null, null);
                    return;
                }
                int r = net.ringOf(q);
                if (b < 0 || b > net.capacity()) {
                    fail("initial-marks", net.queueName(q) + " starts with " + b + " marks (expected 0 to the capacity, "
                        + net.capacity() + ")", null, null);
                } else if (b > 0 && m == 0) {
                    fail("initial-marks", net.queueName(q) + " starts with " + b + " marks but marksPerRing() is 0", null,
                        null);
                } else if (b > 0 && r < 0) {
                    fail("initial-marks", net.queueName(q) + " starts with " + b + " marks but belongs to no ring", null,
                        null);
                } else if (r >= 0) {
                    perRing[r] += b;
                }
            }
            for (int r = 0; m > 0 && r < perRing.length; r++) {
                if (perRing[r] != m) {
                    fail("initial-marks", "ring " + r + " starts with " + perRing[r] + " marks, but marksPerRing() is " + m,
                        null, null);
                }
            }
        }

        void drifts(Sample s) {
            int[] up = net.ringUpstream();
            for (int q = 0; q < net.queues(); q++) {
                if (up[q] < 0) {
                    continue;
                }
                boolean d;
                try {
                    d = rule.drifts(s, q, up[q]);
                } catch (RuntimeException e) {
                    fail("drift", "drifts(" + net.queueName(q) + ") threw " + e, null, s);
                    continue;
                }
                if (d && !rule.marksDrift()) {
                    fail("drift", "a mark drifts from " + net.queueName(q) + " but marksDrift() is false", null, s);
                } else if (d && s.criticalMarks(q) < 1) {
                    fail("drift", "a mark drifts from " + net.queueName(q) + ", which holds none", null, s);
                }
            }
        }

        void invariants(Sample s) {
            int m = rule.marksPerRing();
            for (int[] mv : moves) {
                if (mv[0] != FlowControlRule.INJECT && s.occ[mv[0]] == 0) {
                    continue; // no packet to move
                }
                int a;
                try {
                    a = rule.admit(s, mv[0], mv[1]);
                } catch (RuntimeException e) {
                    continue; // recorded under outcome
                }
                if (a == FlowControlRule.DENY || s.freeSlots(mv[1]) < 1) {
                    continue; // a move into a full queue is recorded under free-slot
                }
                Sample next = s.copy();
                if (mv[0] != FlowControlRule.INJECT) {
                    next.occ[mv[0]]--;
                }
                next.occ[mv[1]]++;
                if (a == FlowControlRule.ADMIT_SHIFT_MARK && next.marks[mv[1]] > 0 && mv[0] >= 0) {
                    next.marks[mv[1]]--;
                    next.marks[mv[0]]++;
                }
                next.refresh();
                for (Invariant inv : rule.invariants()) {
                    if (!inv.holds(next, m)) {
                        fail("invariant", "the admitted move (" + outcome(a) + ") breaks the " + inv.key() + " it declares",
                            mv, s);
                    }
                }
            }
            if (rule.marksDrift()) {
                int[] up = net.ringUpstream();
                for (int q = 0; q < net.queues(); q++) {
                    if (up[q] < 0 || !rule.drifts(s, q, up[q]) || s.marks[q] < 1) {
                        continue;
                    }
                    Sample next = s.copy();
                    next.marks[q]--;
                    next.marks[up[q]]++;
                    next.refresh();
                    for (Invariant inv : rule.invariants()) {
                        if (!inv.holds(next, m)) {
                            fail("invariant", "a mark drifting from " + net.queueName(q) + " breaks the " + inv.key()
                                + " it declares", null, s);
                        }
                    }
                }
            }
        }

        void symmetry(int[] qm, String name, String declaration, List<Sample> samples) {
            String what = declaration.isEmpty() ? "" : "declares " + declaration + "() but ";
            if (rule.marksPerRing() > 0) {
                for (int q = 0; q < net.queues(); q++) {
                    int a = rule.initialMarks(net, q);
                    int b = rule.initialMarks(net, qm[q]);
                    if (a != b) {
                        fail("symmetry", what + net.queueName(q) + " starts with " + a + " marks and its image "
                            + net.queueName(qm[q]) + " under " + name + " with " + b, null, null);
                        return;
                    }
                }
            }
            for (Sample s : samples) {
                Sample image = s.image(qm);
                for (int[] m : moves) {
                    int[] im = {m[0] < 0 ? m[0] : qm[m[0]], qm[m[1]]};
                    int a;
                    int b;
                    try {
                        a = rule.admit(s, m[0], m[1]);
                        b = rule.admit(image, im[0], im[1]);
                    } catch (RuntimeException e) {
                        continue; // recorded under outcome
                    }
                    if (a != b) {
                        fail("symmetry", what + "admit(" + moveName(net, m[0], m[1]) + ") is " + outcome(a)
                            + " while admit(" + moveName(net, im[0], im[1]) + "), its image under " + name + ", is "
                            + outcome(b), m, s);
                        return;
                    }
                }
                if (rule.marksDrift()) {
                    int[] up = net.ringUpstream();
                    for (int q = 0; q < net.queues(); q++) {
                        if (up[q] >= 0 && rule.drifts(s, q, up[q]) != rule.drifts(image, qm[q], qm[up[q]])) {
                            fail("symmetry", what + "a mark drifts from " + net.queueName(q) + " and not from its image "
                                + net.queueName(qm[q]) + " under " + name + ", or the other way round", null, s);
                            return;
                        }
                    }
                }
            }
        }
    }

    private static String outcome(int a) {
        return switch (a) {
            case FlowControlRule.DENY -> "DENY";
            case FlowControlRule.ADMIT -> "ADMIT";
            case FlowControlRule.ADMIT_SHIFT_MARK -> "ADMIT_SHIFT_MARK";
            default -> Integer.toString(a);
        };
    }

    /** e.g. {@code inject into 0-d0+->1 vc0}, {@code 0-d0+->1 vc0 => 1-d0+->2 vc0}. */
    public static String moveName(Network net, int from, int to) {
        return from == FlowControlRule.INJECT ? "inject into " + net.queueName(to)
            : net.queueName(from) + " => " + net.queueName(to);
    }

    /** Every injection, and every move from a queue to a queue of a channel leaving the router where it sits. */
    private static int[][] moves(Network net) {
        Topology t = net.topology();
        List<List<Integer>> leaving = new ArrayList<>();
        for (int v = 0; v < t.nodes(); v++) {
            leaving.add(new ArrayList<>());
        }
        for (int c = 0; c < t.channels(); c++) {
            leaving.get(t.source(c)).add(c);
        }
        List<int[]> moves = new ArrayList<>();
        for (int q = 0; q < net.queues(); q++) {
            moves.add(new int[] {FlowControlRule.INJECT, q});
        }
        for (int from = 0; from < net.queues(); from++) {
            for (int c : leaving.get(net.nodeOf(from))) {
                for (int vc = 0; vc < net.vcs(); vc++) {
                    moves.add(new int[] {from, net.queue(c, vc)});
                }
            }
        }
        return moves.toArray(new int[0][]);
    }

    // ------------------------------------------------------------------ symmetries of the topology

    private static int dimensions(Topology t) {
        int d = 0;
        for (int c = 0; c < t.channels(); c++) {
            d = Math.max(d, t.dimension(c) + 1);
        }
        return d;
    }

    private static String nodeImage(Network net, int[] qm) {
        Topology t = net.topology();
        int c = net.channelOf(0);
        int image = net.channelOf(qm[0]);
        return t.nodeName(t.source(c)) + " to node " + t.nodeName(t.source(image));
    }

    private static int[] queueMap(Network net, int[] channelMap) {
        int[] qm = new int[net.queues()];
        for (int c = 0; c < channelMap.length; c++) {
            for (int vc = 0; vc < net.vcs(); vc++) {
                qm[net.queue(c, vc)] = net.queue(channelMap[c], vc);
            }
        }
        return qm;
    }

    /** The translations of the topology as queue maps, the identity first (channels matched by ends, dimension and direction). */
    private static List<int[]> translationMaps(Network net) {
        List<int[]> maps = new ArrayList<>();
        for (Automorphism a : translations(net.topology())) {
            maps.add(queueMap(net, a.channels()));
        }
        return maps;
    }

    /** The translations of the topology with their channel maps, the identity first (those that map some channel to none are left out). */
    private static List<Automorphism> translations(Topology t) {
        Map<Long, Integer> index = new HashMap<>();
        for (int c = 0; c < t.channels(); c++) {
            index.put(key(t, t.source(c), t.target(c), c), c);
        }
        List<Automorphism> list = new ArrayList<>();
        for (int[] perm : t.translations()) {
            int[] cm = new int[t.channels()];
            boolean ok = true;
            for (int c = 0; c < t.channels() && ok; c++) {
                Integer image = index.get(key(t, perm[t.source(c)], perm[t.target(c)], c));
                ok = image != null;
                cm[c] = ok ? image : -1;
            }
            if (ok) {
                list.add(new Automorphism("translation", perm, cm));
            }
        }
        return list;
    }

    private static long key(Topology t, int source, int target, int like) {
        return (((long) source * t.nodes() + target) * 64 + t.dimension(like) + 1) * 4 + t.direction(like) + 1;
    }

    // ------------------------------------------------------------------ states

    /** Thrown by a sample that forbids ring reads. */
    private static final class RingRead extends RuntimeException {
        RingRead() {
            super("ring occupancy read", null, false, false);
        }
    }

    private static List<Sample> samples(Network net, boolean marks, int count, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Sample> list = new ArrayList<>();
        int q = net.queues();
        int c = net.capacity();
        list.add(new Sample(net, new int[q], new int[q]));
        int[] full = new int[q];
        Arrays.fill(full, c);
        list.add(new Sample(net, full, new int[q]));
        if (marks) {
            int[] one = new int[q];
            for (int i = 0; i < q; i++) {
                one[i] = net.ringOf(i) >= 0 ? 1 : 0;
            }
            list.add(new Sample(net, new int[q], one));
        }
        double[] densities = {0.15, 0.5, 0.85, 0.3, 0.7};
        for (int k = list.size(); k < Math.max(count, list.size()); k++) {
            double p = densities[k % densities.length];
            int[] occ = new int[q];
            int[] mk = new int[q];
            for (int i = 0; i < q; i++) {
                for (int slot = 0; slot < c; slot++) {
                    if (rnd.nextDouble() < p) {
                        occ[i]++;
                    }
                }
                if (marks && net.ringOf(i) >= 0 && rnd.nextInt(3) == 0) {
                    mk[i] = rnd.nextInt(c - occ[i] + 1);
                }
            }
            list.add(new Sample(net, occ, mk));
        }
        return list;
    }

    /** A buffer state: packets and marks per queue, ring free slots kept up to date by {@link #refresh}. */
    private static final class Sample implements BufferView {
        final Network net;
        final int[] occ;
        final int[] marks;
        final int[] ringFree;
        boolean ringsForbidden;

        Sample(Network net, int[] occ, int[] marks) {
            this.net = net;
            this.occ = occ;
            this.marks = marks;
            this.ringFree = new int[net.rings()];
            refresh();
        }

        void refresh() {
            Arrays.fill(ringFree, 0);
            for (int q = 0; q < occ.length; q++) {
                int r = net.ringOf(q);
                if (r >= 0) {
                    ringFree[r] += net.capacity() - occ[q];
                }
            }
        }

        Sample copy() {
            return new Sample(net, occ.clone(), marks.clone());
        }

        Sample image(int[] qm) {
            int[] o = new int[occ.length];
            int[] m = new int[occ.length];
            for (int q = 0; q < occ.length; q++) {
                o[qm[q]] = occ[q];
                m[qm[q]] = marks[q];
            }
            return new Sample(net, o, m);
        }

        /**
         * This state changed until every invariant the rule declares holds: a packet removed from a
         * ring without a free slot, and for the critical-bubble invariant exactly marksPerRing marks
         * per ring, each on a free slot. Null when that fails.
         */
        Sample repaired(FlowControlRule rule, SplittableRandom rnd) {
            Sample s = copy();
            int m = rule.marksPerRing();
            boolean bubble = rule.invariants().contains(Invariant.BUBBLE);
            boolean critical = rule.invariants().contains(Invariant.CRITICAL_BUBBLE);
            for (int r = 0; r < net.rings(); r++) {
                int[] members = net.ringQueues(r);
                int need = Math.max(bubble ? 1 : 0, critical ? m : 0);
                int free = 0;
                for (int q : members) {
                    free += net.capacity() - s.occ[q];
                }
                for (int guard = 0; free < need && guard < 10_000; guard++) {
                    int q = members[rnd.nextInt(members.length)];
                    if (s.occ[q] > 0) {
                        s.occ[q]--;
                        free++;
                    }
                }
                if (critical) {
                    for (int q : members) {
                        s.marks[q] = 0;
                    }
                    for (int placed = 0, guard = 0; placed < m && guard < 10_000; guard++) {
                        int q = members[rnd.nextInt(members.length)];
                        if (s.marks[q] < net.capacity() - s.occ[q]) {
                            s.marks[q]++;
                            placed++;
                        }
                    }
                }
            }
            if (critical) {
                for (int q = 0; q < occ.length; q++) {
                    if (net.ringOf(q) < 0) {
                        s.marks[q] = 0;
                    }
                }
            }
            s.refresh();
            for (Invariant inv : rule.invariants()) {
                if (!inv.holds(s, m)) {
                    return null;
                }
            }
            return s;
        }

        @Override
        public Network network() {
            return net;
        }

        @Override
        public int freeSlots(int queue) {
            return net.capacity() - occ[queue];
        }

        @Override
        public int criticalMarks(int queue) {
            return marks[queue];
        }

        @Override
        public int ringFreeSlots(int ring) {
            if (ringsForbidden) {
                throw new RingRead();
            }
            return ringFree[ring];
        }

        @Override
        public String toString() {
            int packets = 0;
            int marked = 0;
            boolean allFull = true;
            for (int q = 0; q < occ.length; q++) {
                packets += occ[q];
                marked += marks[q];
                allFull &= occ[q] == net.capacity();
            }
            if (packets == 0 && marked == 0) {
                return "the empty network";
            }
            if (allFull && marked == 0) {
                return "every queue full";
            }
            StringBuilder b = new StringBuilder(packets == 0 ? "no packets" : "packets {");
            int shown = 0;
            for (int q = 0; q < occ.length && packets > 0; q++) {
                if (occ[q] > 0) {
                    if (shown == 12) {
                        b.append(", ...");
                        break;
                    }
                    b.append(shown++ == 0 ? "" : ", ").append(net.queueName(q)).append(": ").append(occ[q]).append('/')
                        .append(net.capacity());
                }
            }
            if (packets > 0) {
                b.append('}');
            }
            if (marked > 0) {
                b.append(", marks {");
                shown = 0;
                for (int q = 0; q < occ.length; q++) {
                    if (marks[q] > 0) {
                        if (shown == 12) {
                            b.append(", ...");
                            break;
                        }
                        b.append(shown++ == 0 ? "" : ", ").append(net.queueName(q)).append(": ").append(marks[q]);
                    }
                }
                b.append('}');
            }
            return b.toString();
        }
    }
}
