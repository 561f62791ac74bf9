package flowproof.solve;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.ortools.sat.CpSolverStatus;
import flowproof.explore.Semantics;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.topology.Network;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import flowproof.routing.DimensionOrderRouting;
import flowproof.rule.BufferView;
import flowproof.rule.CriticalBubble;
import flowproof.rule.TheoreticalBubble;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.util.Set;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Inductiveness by parts against the monolithic model (the oracle), on every spec of
 * {@code specs/} and {@code specs/solve} that prove supports and whose monolithic check takes
 * at most a few seconds: the same answer, by parts with one move per class of identical local
 * models and with every move; where not inductive, both name a counterexample, and the one by
 * parts is checked on the rule itself: a state satisfying every invariant in which the rule
 * admits the move, and after which an invariant (or the capacity) is broken.
 */
class InductionByPartsTest {

    /** Specs whose monolithic check takes longer than this are left out (seconds). */
    private static final double QUICK = 3;
    /**
     * Specs with more queues are left out before the monolithic check runs: it takes well over
     * {@link #QUICK} there (16x16 tori: 10-15 s), and on the scale cases of specs/solve (32x32 and
     * larger) it runs out of memory before its time limit.
     */
    private static final int MAX_QUEUES = 600;

    @TestFactory
    Stream<DynamicTest> byPartsAgreesWithTheMonolithicModel() throws Exception {
        List<Path> specs = new ArrayList<>();
        for (String dir : List.of("specs", "specs/solve")) {
            try (Stream<Path> files = Files.list(Path.of(dir))) {
                files.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(specs::add);
            }
        }
        assertThat(specs).hasSizeGreaterThan(30);
        return specs.stream().map(p -> DynamicTest.dynamicTest(p.toString(), () -> check(p)));
    }

    /**
     * Rules whose invariants are not inductive, on rings and tori (the specs' rules all keep
     * theirs): every move kind that can break them, an injection or forward move into the last
     * bubble, a move into a marked queue, a drift onto a full queue.
     */
    @TestFactory
    Stream<DynamicTest> byPartsFindsTheCounterexamplesToInductionTheMonolithicModelFinds() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int[] radix : List.of(new int[] {4}, new int[] {3, 3}, new int[] {4, 3})) {
            for (boolean bidirectional : List.of(false, true)) {
                for (int capacity : List.of(1, 2)) {
                    Torus t = Torus.torus(radix, bidirectional);
                    Network net = new Network(t, 1, capacity);
                    String name = java.util.Arrays.toString(radix) + (bidirectional ? " bidirectional" : "") + " C="
                        + capacity;
                    TheoreticalBubble bubble = new TheoreticalBubble();
                    CriticalBubble cbs = new CriticalBubble(1, false, true);
                    tests.add(DynamicTest.dynamicTest(name + " greedy with bubble invariant", () -> compare(name, net,
                        new DimensionOrderRouting(t), greedy(bubble, 0, false), TrafficPattern.ALL_PAIRS.pairs(t))));
                    tests.add(DynamicTest.dynamicTest(name + " greedy with critical-bubble invariant", () -> compare(
                        name, net, new DimensionOrderRouting(t), greedy(cbs, 1, false),
                        TrafficPattern.ALL_PAIRS.pairs(t))));
                    tests.add(DynamicTest.dynamicTest(name + " careless drift", () -> compare(name, net,
                        new DimensionOrderRouting(t), greedy(cbs, 1, true), TrafficPattern.ALL_PAIRS.pairs(t))));
                }
            }
        }
        return tests.stream();
    }

    /**
     * Admits any move with a free slot (no mark moves) but claims {@code like}'s invariants and
     * marks; with {@code drift}, it is {@code like} itself except that it drifts a mark whenever
     * there is one, even onto a full queue.
     */
    private static FlowControlRule greedy(FlowControlRule like, int marks, boolean drift) {
        return new FlowControlRule() {
            @Override
            public int admit(BufferView view, int from, int to) {
                return drift ? like.admit(view, from, to) : view.freeSlots(to) > 0 ? ADMIT : DENY;
            }

            @Override
            public boolean marksDrift() {
                return drift;
            }

            @Override
            public boolean drifts(BufferView view, int queue, int upstream) {
                return view.criticalMarks(queue) > 0 && view.freeSlots(upstream) >= 0;
            }

            @Override
            public int marksPerRing() {
                return marks;
            }

            @Override
            public int initialMarks(Network network, int queue) {
                return like.initialMarks(network, queue);
            }

            @Override
            public Set<Invariant> invariants() {
                return like.invariants();
            }
        };
    }

    private static void compare(String name, Network net, flowproof.routing.RoutingFunction routing,
                                FlowControlRule rule, List<int[]> pairs) {
        DeadlockProver.Options opts = new DeadlockProver.Options(30, 1);
        DeadlockProver.InductionCheck mono = DeadlockProver.induction(net, routing, rule, pairs, opts,
            DeadlockProver.Induction.MONOLITHIC);
        for (DeadlockProver.Induction mode : List.of(DeadlockProver.Induction.PARTS,
                DeadlockProver.Induction.PARTS_ALL)) {
            DeadlockProver.InductionCheck parts = DeadlockProver.induction(net, routing, rule, pairs, opts, mode);
            assertThat(parts.shapeMismatches()).as("%s: moves of one shape, different answers", name).isEmpty();
            assertThat(parts.status()).as("%s %s (monolithic: %s; by parts: %s)", name, mode, mono.cti(), parts.cti())
                .isEqualTo(mono.status());
            if (mono.status() != CpSolverStatus.INFEASIBLE) {
                assertThat(mono.cti()).isNotNull();
                assertThat(parts.cti()).isNotNull().contains(" leaves them (");
                genuine(Path.of(name), net, rule, parts);
            }
            System.out.printf("by parts: %s %s: %s %s (%d models); monolithic: %s%n", name, mode, parts.status(),
                parts.cti(), parts.parts(), mono.cti());
        }
    }

    private static void check(Path file) throws Exception {
        Spec spec = SpecReader.read(file);
        var m = spec.model();
        if (m.semantics() != Semantics.INTERLEAVING || m.wormhole() != null || m.messages() != null) {
            return; // prove refuses these
        }
        if (spec.network().queues() > MAX_QUEUES) {
            return;
        }
        DeadlockProver.Options opts = new DeadlockProver.Options(30, 1);
        long t0 = System.nanoTime();
        DeadlockProver.InductionCheck mono;
        try {
            mono = DeadlockProver.induction(spec.network(), spec.routing(), spec.rule(), spec.pairs(), opts,
                DeadlockProver.Induction.MONOLITHIC);
        } catch (UnsupportedOperationException e) {
            return; // a rule the tables cannot express: prove refuses it too
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (seconds > QUICK || mono.status() == CpSolverStatus.UNKNOWN) {
            return;
        }
        boolean inductive = mono.status() == CpSolverStatus.INFEASIBLE;
        List<String> counts = new ArrayList<>();
        for (DeadlockProver.Induction mode : List.of(DeadlockProver.Induction.PARTS,
                DeadlockProver.Induction.PARTS_ALL)) {
            DeadlockProver.InductionCheck parts = DeadlockProver.induction(spec.network(), spec.routing(), spec.rule(),
                spec.pairs(), opts, mode);
            assertThat(parts.shapeMismatches()).as("%s: moves of one shape, different answers", file).isEmpty();
            counts.add(mode + " " + parts.parts() + (inductive ? "" : ": " + parts.cti()));
            assertThat(parts.status() == CpSolverStatus.INFEASIBLE).as("%s %s inductive (monolithic: %s; by parts: %s)",
                file, mode, mono.cti(), parts.cti()).isEqualTo(inductive);
            if (!inductive) {
                assertThat(mono.cti()).as("%s monolithic cti", file).isNotNull();
                assertThat(parts.cti()).as("%s %s cti", file, mode).isNotNull().contains(" leaves them (");
                genuine(file, spec.network(), spec.rule(), parts);
            }
        }
        System.out.printf("by parts: %s inductive %s (monolithic %.2f s; models %s)%s%n", file, inductive, seconds,
            counts, inductive ? "" : "; monolithic: " + mono.cti());
    }

    /** The by-parts counterexample is one: an invariant state, the move admitted, an invariant broken after. */
    private static void genuine(Path file, Network net, FlowControlRule rule, DeadlockProver.InductionCheck parts) {
        int[] occ = parts.state()[0].clone();
        int[] marks = parts.state()[1].clone();
        char kind = (char) parts.state()[2][0];
        int from = parts.state()[2][1];
        int to = parts.state()[2][2];
        int c = net.capacity();
        for (int q = 0; q < occ.length; q++) {
            assertThat(occ[q]).as("%s occupancy of %s", file, net.queueName(q)).isBetween(0, c);
        }
        ArrayView before = new ArrayView(net, occ, marks);
        for (Invariant i : rule.invariants()) {
            assertThat(i.holds(before, rule.marksPerRing())).as("%s: %s holds before %s", file, i.key(), parts.cti())
                .isTrue();
        }
        switch (kind) {
            case 'e' -> {
                assertThat(occ[from]).isPositive();
                occ[from]--;
            }
            case 'f', 'i' -> {
                if (kind == 'f') {
                    assertThat(occ[from]).isPositive();
                }
                int outcome = rule.admit(before, from, to);
                assertThat(outcome).as("%s: %s admitted", file, parts.cti()).isNotEqualTo(FlowControlRule.DENY);
                if (kind == 'f') {
                    occ[from]--;
                }
                occ[to]++;
                if (outcome == FlowControlRule.ADMIT_SHIFT_MARK) {
                    marks[to]--;
                    marks[from]++;
                }
            }
            case 'd' -> {
                assertThat(marks[from] > 0 && rule.drifts(before, from, to)).as("%s: %s drifts", file, parts.cti())
                    .isTrue();
                marks[from]--;
                marks[to]++;
            }
            default -> throw new AssertionError(kind);
        }
        boolean broken = occ[to] > c;
        for (int q = 0; q < marks.length; q++) {
            broken |= marks[q] < 0;
        }
        ArrayView after = new ArrayView(net, occ, marks);
        for (Invariant i : rule.invariants()) {
            broken |= !broken && !i.holds(after, rule.marksPerRing());
        }
        assertThat(broken).as("%s: %s breaks an invariant", file, parts.cti()).isTrue();
    }
}
