package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.reference.ReferenceEnumerator;
import flowproof.reference.ReferenceEnumerator.Config;
import flowproof.reference.ReferenceEnumerator.Messages;
import flowproof.reference.ReferenceEnumerator.Rule;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/**
 * Message classes (spec field {@code messages}): the explorer against the independent reference
 * enumerator (test code, written from docs/model.md, "Message classes"): same reachable states,
 * same stuck and drainability verdicts, same shortest stuck depth. Specs go through the spec
 * reader, so the spec field, the header encoding and the endpoint queues are all exercised.
 */
class MessagesAgainstReferenceTest {

    /** A ring spec with message classes; {@code classVcs[c]} the VCs of class c, pairs null for all pairs. */
    static Spec spec(int k, boolean bidirectional, int vcs, int capacity, String rule, int[][] pairs, String[] classes,
                     int[][] classVcs, int endpoint) throws Exception {
        StringBuilder y = new StringBuilder("name: t\ntopology: {kind: ring, radix: [" + k + "], bidirectional: "
            + bidirectional + "}\nvcs: " + vcs + "\ncapacity: " + capacity + "\nrule: " + rule + "\n");
        if (pairs != null) {
            List<String> ps = new ArrayList<>();
            for (int[] p : pairs) {
                ps.add("[\"" + p[0] + "\", \"" + p[1] + "\"]");
            }
            y.append("traffic: {pairs: [").append(String.join(", ", ps)).append("]}\n");
        }
        y.append("messages: {classes: [").append(String.join(", ", classes)).append("], vcs: {");
        for (int c = 0; c < classes.length; c++) {
            List<String> vs = new ArrayList<>();
            for (int v : classVcs[c]) {
                vs.add(Integer.toString(v));
            }
            y.append(c == 0 ? "" : ", ").append(classes[c]).append(": [").append(String.join(", ", vs)).append("]");
        }
        y.append("}, endpoint-queue: ").append(endpoint).append("}\n");
        return SpecReader.fromTree("t.yaml", "", Yaml.read(y.toString()));
    }

    static void assertAgrees(String what, Spec spec, Config config) {
        ExplorationResult r = new Explorer(spec.model(), java.util.EnumSet.of(Property.STUCK_FREEDOM,
            Property.DRAINABILITY), Limits.defaults(), false).run();
        ReferenceEnumerator.Result ref = ReferenceEnumerator.enumerate(config);
        assertThat(r.complete()).as(what).isTrue();
        assertThat(r.states()).as("states of %s", what).isEqualTo(ref.states());
        assertThat(r.properties().get(Property.STUCK_FREEDOM) == PropertyStatus.VIOLATED)
            .as("stuck of %s", what).isEqualTo(ref.stuckStateReachable());
        assertThat(r.properties().get(Property.DRAINABILITY) == PropertyStatus.HOLDS)
            .as("drainable of %s", what).isEqualTo(ref.allStatesDrainable());
        Trace stuck = r.traces().get(Property.STUCK_FREEDOM);
        assertThat(stuck == null ? -1 : stuck.length()).as("shortest stuck depth of %s", what)
            .isEqualTo(ref.shortestStuckDepth());
    }

    static Rule reference(String rule) {
        return Rule.valueOf(rule.toUpperCase().replace('-', '_'));
    }

    static void check(int k, boolean bidirectional, int vcs, int capacity, String rule, int[][] pairs,
                      String[] classes, int[][] classVcs, int endpoint) throws Exception {
        String what = k + "-ring" + (bidirectional ? " bidir" : "") + " vcs " + vcs + " C " + capacity + " " + rule
            + " classes " + String.join("->", classes) + " vcs " + java.util.Arrays.deepToString(classVcs) + " E "
            + endpoint + " pairs " + (pairs == null ? "all" : java.util.Arrays.deepToString(pairs));
        assertAgrees(what, spec(k, bidirectional, vcs, capacity, rule, pairs, classes, classVcs, endpoint),
            Config.messages(new int[] {k}, bidirectional, vcs, capacity, reference(rule),
                rule.equals("critical-bubble") ? 1 : 0, pairs, new Messages(classes.length, classVcs, endpoint)));
    }

    static final String[] RR = {"request", "reply"};
    static final int[][] NEIGHBOURS = {{0, 1}, {1, 0}};

    @Test
    void twoRingOnePairIsAPipelineOfFourSlots() throws Exception {
        // the hand-derived 16 and 36 states of ReferenceEnumeratorTest, on the explorer too
        ExplorationResult one = new Explorer(spec(2, false, 1, 1, "vct", new int[][] {{0, 1}}, RR,
            new int[][] {{0}, {0}}, 1).model(), java.util.EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY),
            Limits.defaults(), false).run();
        assertThat(one.states()).isEqualTo(16);
        assertThat(one.verdict()).isEqualTo(Verdict.DEADLOCK_FREE);
        check(2, false, 1, 1, "vct", new int[][] {{0, 1}}, RR, new int[][] {{0}, {0}}, 2);
    }

    @Test
    void sharedVcOnABidirectionalRingDeadlocksAndSeparateNetworksDoNot() throws Exception {
        check(4, true, 1, 1, "vct", NEIGHBOURS, RR, new int[][] {{0}, {0}}, 1);
        check(4, true, 2, 1, "vct", NEIGHBOURS, RR, new int[][] {{0}, {1}}, 1);
        check(4, true, 1, 1, "vct", NEIGHBOURS, RR, new int[][] {{0}, {0}}, 2);
        check(4, true, 1, 1, "vct", new int[][] {{0, 1}, {1, 0}, {1, 2}, {2, 1}}, RR, new int[][] {{0}, {0}}, 1);
        check(4, true, 2, 1, "vct", new int[][] {{0, 1}, {1, 0}, {1, 2}, {2, 1}}, RR, new int[][] {{0}, {1}}, 1);
    }

    @Test
    void bubbleRulesAndDatelinesJudgeAnswersAsInjections() throws Exception {
        check(3, false, 1, 1, "theoretical-bubble", null, RR, new int[][] {{0}, {0}}, 1);
        check(3, false, 1, 2, "localized-bubble", new int[][] {{0, 1}, {1, 2}}, RR, new int[][] {{0}, {0}}, 1);
        check(3, false, 1, 1, "critical-bubble", new int[][] {{0, 2}, {2, 1}}, RR, new int[][] {{0}, {0}}, 1);
        check(3, false, 2, 1, "dateline", new int[][] {{0, 2}, {2, 0}}, RR, new int[][] {{0, 1}, {0, 1}}, 1);
        check(3, false, 2, 1, "vct", new int[][] {{0, 1}, {2, 0}}, RR, new int[][] {{0, 1}, {0, 1}}, 1);
    }

    @Test
    void longerChainsGenerateAtEveryHop() throws Exception {
        String[] three = {"request", "forward", "reply"};
        check(2, false, 1, 1, "vct", new int[][] {{0, 1}}, three, new int[][] {{0}, {0}, {0}}, 1);
        check(4, true, 3, 1, "vct", NEIGHBOURS, three, new int[][] {{0}, {1}, {2}}, 1);
        check(4, true, 2, 1, "vct", NEIGHBOURS, three, new int[][] {{0}, {1}, {0}}, 1);
    }

    @Test
    void randomSmallConfigurationsAgree() {
        // k in 2..3 (unidirectional) or 3 (bidirectional), one or two VCs, endpoint queues of 1 or 2,
        // shared or separate VCs, vct or localized-bubble (capacity 2), two or three classes, two
        // traffic pairs (all pairs make state spaces of millions: too many for the plain reference)
        qt().withExamples(12).forAll(Generate.range(0, 1 << 12)).checkAssert(seed -> {
            int k = 2 + (seed & 1);
            boolean bidir = k == 3 && (seed & 2) != 0;
            boolean separate = (seed & 4) != 0;
            int endpoint = 1 + ((seed >> 3) & 1);
            boolean bubble = (seed & 16) != 0;
            int chain = 2 + ((seed >> 5) & 1);
            String[] classes = chain == 2 ? RR : new String[] {"a", "b", "c"};
            int vcs = separate ? 2 : 1;
            int[][] classVcs = new int[chain][];
            for (int c = 0; c < chain; c++) {
                classVcs[c] = new int[] {separate ? c % 2 : 0};
            }
            int[][] pairs = (seed & 64) != 0 ? new int[][] {{0, 1}, {1, 0}}
                : k == 2 ? new int[][] {{0, 1}} : new int[][] {{0, 1}, {1, 2}};
            try {
                check(k, bidir, vcs, bubble ? 2 : 1, bubble ? "localized-bubble" : "vct", pairs, classes, classVcs,
                    endpoint);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
    }
}
