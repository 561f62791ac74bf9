package flowproof.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.GuidedSearch;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.Trace;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Snapshot;
import flowproof.explore.Verdict;
import flowproof.routing.QueueRoutes;
import flowproof.solve.DeadlockProver;
import flowproof.solve.ProofResult;
import flowproof.solve.Witness;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Soundness of {@code prove} against the explorer, on every spec in {@code specs/} whose
 * state space the explorer enumerates completely within 300,000 states: a proof never
 * contradicts the explorer, every reachable stuck state is found as a deadlock
 * configuration, and every witness is classified exactly by an exhaustive search (reached,
 * or unreachable), with the guided search reaching a stuck state whenever the explorer does.
 * On routing that is not minimal (a looping table under a hop limit) prove never answers
 * {@code proved}; it may answer {@code unknown}, and only where the explorer finds no deadlock.
 */
class ProveAgreesWithExplorerTest {

    private static final long STATES = 300_000;
    /** CP-SAT for a minute, the guided searches within {@link #STATES} states and 30 s. */
    private static final Budget BUDGET = Budget.prove(new ProveOptions(60, 1, STATES, 30, null));

    @TestFactory
    Stream<DynamicTest> proveAgreesWithTheExplorerOnEveryExhaustiveSpec() throws Exception {
        List<Path> specs;
        try (Stream<Path> files = Files.list(Path.of("specs"))) {
            specs = files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(specs).hasSizeGreaterThan(30);
        return specs.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> check(p)));
    }

    private static void check(Path file) throws Exception {
        Spec spec = SpecReader.read(file);
        try {
            CpSat.requireSupported(spec);
        } catch (CpSat.UnsupportedModel e) {
            // clock cycles, wormhole: prove refuses rather than answer for another model
            assertThatThrownBy(() -> CpSat.prove(spec, Budget.prove(ProveOptions.defaults().withSeconds(60)))).isInstanceOf(CpSat.UnsupportedModel.class);
            return;
        }
        ExplorationResult r = new Explorer(spec.model(), spec.effectiveProperties(),
            new Limits(STATES, 30, Long.MAX_VALUE), false).run();
        if (!r.complete()) {
            return;
        }
        // injectability: prove establishes it (initial state, then a bounded search) as the explorer does
        Evidence.Injectable inj = CpSat.injectability(spec, STATES, 30);
        assertThat(inj.status()).as("%s: prove's injectability", file)
            .isEqualTo(r.properties().get(Property.INJECTABILITY));
        Trace starved = r.traces().get(Property.INJECTABILITY);
        if (starved != null) {
            assertThat(inj.starved()).as(file.toString()).isEqualTo(starved.starved());
        }
        if (spec.model().messages() != null) {
            checkMessages(file, spec, r);
            return;
        }
        ProofResult p = CpSat.proof(spec, new DeadlockProver.Options(60, 1));
        if (p.verdict() == ProofResult.Verdict.UNKNOWN && spec.model().injectionQueue() > 0) {
            // proved without injection queues, but an empty network the invariants allow
            // refuses a waiting packet: never a proof, and here the explorer finds the starvation
            assertThat(p.reason()).as(file.toString()).contains("a waiting packet may never enter");
            assertThat(r.verdict()).as("%s: the product's refusal is real here", file).isEqualTo(Verdict.COUNTEREXAMPLE);
            return;
        }
        boolean stuck = r.properties().get(Property.STUCK_FREEDOM) == PropertyStatus.VIOLATED
            || r.properties().get(Property.DRAINABILITY) == PropertyStatus.VIOLATED;
        if (!spec.routing().minimal()) {
            // routes that may circle (a looping table under a hop limit): no knot is no proof
            assertThat(p.verdict()).as("%s: never proved on routing that is not minimal", file)
                .isNotEqualTo(ProofResult.Verdict.PROVED);
            if (p.verdict() == ProofResult.Verdict.UNKNOWN) {
                assertThat(p.reason()).as(file.toString()).contains("the routing is not minimal");
                assertThat(stuck).as("%s: unknown, so the explorer finds no stuck state", file).isFalse();
                return;
            }
        }
        assertThat(p.verdict()).as("%s: CP-SAT must answer on a small spec (%s)", file, p.reason())
            .isNotEqualTo(ProofResult.Verdict.UNKNOWN);
        if (p.verdict() == ProofResult.Verdict.PROVED && starved == null) {
            assertThat(r.verdict()).as("%s: proved, so the explorer must find no violation", file)
                .isEqualTo(Verdict.DEADLOCK_FREE);
        }
        if (p.verdict() == ProofResult.Verdict.PROVED && starved != null) {
            // CP-SAT proves deadlock freedom of a model in which some pair never injects: prove
            // must not call that a proof
            Evidence.Proof o = CpSat.prove(spec, BUDGET);
            assertThat(o.vacuous()).as(file.toString()).isTrue();
            assertThat(o.verdict()).as(file.toString()).isEqualTo(Verdict.COUNTEREXAMPLE);
            assertThat(o.exitCode()).isEqualTo(Decision.EXIT_VIOLATION);
        }
        if (stuck) {
            assertThat(p.verdict()).as("%s: the explorer reaches a deadlock", file)
                .isEqualTo(ProofResult.Verdict.DEADLOCK_CONFIGURATION);
        }
        if (p.witness() == null) {
            return;
        }
        Witness w = p.witness();
        if (w.worms() != null) {
            // worms: the knot search assumes no invariant of the rule, so its configuration may be unreachable;
            // whatever prove reaches must be a genuine stuck state, and none where the explorer finds none
            Evidence.Proof o = CpSat.prove(spec, BUDGET);
            if (!stuck) {
                assertThat(o.reachable()).as("%s: deadlock-free, so no stuck state is reached", file)
                    .isNotEqualTo(Boolean.TRUE);
            } else if (Boolean.TRUE.equals(o.reachable())) {
                assertThat(flowproof.explore.Replayer.replay(spec.model(), o.reach().trace().moves(),
                    Property.STUCK_FREEDOM).reproduced()).as(file.toString()).isTrue();
            }
            return;
        }
        GuidedSearch.Result exact = GuidedSearch.search(spec.model(), null, matches(spec, w), STATES * 4, 60);
        assertThat(exact.found() || exact.complete()).as("%s: the witness is classified exactly", file).isTrue();
        if (!stuck && !spec.rule().marksDrift()) {
            assertThat(exact.found()).as("%s: deadlock-free, so the witness is unreachable", file).isFalse();
        }
        if (!stuck && spec.rule().marksDrift()) {
            // a knot (every head refused) may be reachable when marks drift, but a drift then
            // frees it: no stuck state is reached, and none is claimed
            Evidence.Proof o = CpSat.prove(spec, BUDGET);
            assertThat(o.reachable()).as("%s: deadlock-free, so no stuck state is reached", file).isNotEqualTo(Boolean.TRUE);
        }
        if (stuck) {
            Evidence.Proof o = CpSat.prove(spec, BUDGET);
            assertThat(o.reachable()).as("%s: the guided search reaches a deadlock", file).isTrue();
            assertThat(flowproof.explore.Replayer.replay(spec.model(), o.reach().trace().moves(), Property.STUCK_FREEDOM)
                .reproduced()).isTrue();
        }
    }

    /**
     * Message classes (no CP-SAT model): proved only by the extended graph, and then the
     * explorer finds no violation; a reachable stuck state is found and its trace replays;
     * on a deadlock-free spec no stuck state is ever claimed.
     */
    private static void checkMessages(Path file, Spec spec, ExplorationResult r) throws Exception {
        Evidence.Proof o = CpSat.prove(spec, BUDGET);
        boolean stuck = r.properties().get(Property.STUCK_FREEDOM) == PropertyStatus.VIOLATED
            || r.properties().get(Property.DRAINABILITY) == PropertyStatus.VIOLATED;
        if (o.result().verdict() == ProofResult.Verdict.PROVED) {
            assertThat(o.method()).as(file.toString()).isEqualTo(Method.EXTENDED_CDG);
            assertThat(r.verdict()).as("%s: proved, so the explorer must find no violation", file)
                .isEqualTo(Verdict.DEADLOCK_FREE);
        }
        if (stuck) {
            assertThat(o.result().verdict()).as("%s: the explorer reaches a deadlock", file)
                .isEqualTo(ProofResult.Verdict.DEADLOCK_CONFIGURATION);
            assertThat(o.reachable()).isTrue();
            assertThat(o.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
            assertThat(flowproof.explore.Replayer.replay(spec.model(), o.reach().trace().moves(), Property.STUCK_FREEDOM)
                .reproduced()).isTrue();
        } else {
            assertThat(o.result().verdict()).as("%s: no stuck state is reachable", file)
                .isNotEqualTo(ProofResult.Verdict.DEADLOCK_CONFIGURATION);
        }
        // exhaustive here: prove's answer is the explorer's, or incomplete (never the other one)
        assertThat(o.verdict().satisfies(r.verdict()) || o.verdict() == Verdict.INCOMPLETE)
            .as("%s: prove %s, explorer %s", file, o.verdict(), r.verdict()).isTrue();
    }

    /** A state like the witness: the same occupancies and marks, heads asking for the same queues. */
    private static Predicate<Snapshot> matches(Spec spec, Witness w) {
        QueueRoutes routes = new QueueRoutes(spec.network(), spec.routing(), spec.rule());
        boolean marks = spec.rule().marksPerRing() > 0;
        return s -> {
            for (int q = 0; q < w.packets().length; q++) {
                if (s.packets()[q].length != w.packets()[q].length || (marks && s.marks()[q] != w.marks()[q])) {
                    return false;
                }
            }
            for (int q = 0; q < w.packets().length; q++) {
                if (w.packets()[q].length > 0 && !Arrays.equals(routes.next(q, -1, s.packets()[q][0]).queues(),
                    routes.next(q, -1, w.packets()[q][0]).queues())) {
                    return false;
                }
            }
            return true;
        };
    }
}
