package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.reference.ReferenceEnumerator;
import flowproof.reference.ReferenceEnumerator.Routing;
import flowproof.reference.ReferenceEnumerator.Rule;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Valiant routing and a looping table under a hop limit, read from spec text as a user writes
 * them, explored, and compared with the independent reference enumerator
 * ({@code flowproof.reference}, written from docs/routing.md): the same number of reachable
 * states, the same stuck-freedom and drainability verdicts, the same shortest stuck depth.
 * The looping table runs on a graph (a bidirectional ring read as routers and links, every
 * router offering both neighbours to every packet); the reference builds the same ring as a
 * 1-D torus.
 */
class NonMinimalRoutingAgainstReferenceTest {

    record Case(String label, String yaml, ReferenceEnumerator.Config reference) {
        @Override
        public String toString() {
            return label;
        }
    }

    private static final String[] RING = {"a", "b", "c", "d", "e"};

    /** A bidirectional ring of k routers as a graph, with the table that offers both neighbours everywhere. */
    static String loopingRing(int k, int hopLimit, int vcs, String rule, int[][] pairs) {
        StringBuilder b = new StringBuilder("name: t\ntopology:\n  kind: graph\n  graph:\n    routers: [");
        for (int v = 0; v < k; v++) {
            b.append(v == 0 ? "" : ", ").append(RING[v]);
        }
        b.append("]\n    links: [");
        for (int v = 0; v < k; v++) {
            b.append(v == 0 ? "" : ", ").append('[').append(RING[v]).append(", ").append(RING[(v + 1) % k]).append(']');
        }
        b.append("]\nrouting:\n  kind: table\n  hop-limit: ").append(hopLimit).append("\n  routes:\n");
        for (int v = 0; v < k; v++) {
            for (int d = 0; d < k; d++) {
                if (v != d) {
                    b.append("    - {at: ").append(RING[v]).append(", to: ").append(RING[d]).append(", next: [")
                        .append(RING[(v + 1) % k]).append(", ").append(RING[(v + k - 1) % k]).append("]}\n");
                }
            }
        }
        b.append("vcs: ").append(vcs).append("\ncapacity: 1\nrule: ").append(rule).append('\n');
        b.append(pairs(pairs, v -> RING[v]));
        return b.toString();
    }

    static String pairs(int[][] pairs, java.util.function.IntFunction<String> name) {
        if (pairs == null) {
            return "traffic: all-pairs\n";
        }
        StringBuilder b = new StringBuilder("traffic: {pairs: [");
        for (int i = 0; i < pairs.length; i++) {
            b.append(i == 0 ? "" : ", ").append("[\"").append(name.apply(pairs[i][0])).append("\", \"")
                .append(name.apply(pairs[i][1])).append("\"]");
        }
        return b.append("]}\n").toString();
    }

    static Case valiantRing(int k, boolean bidirectional, int vcs, String rule, Rule ref) {
        String yaml = "name: t\ntopology: {kind: ring, radix: [" + k + "], bidirectional: " + bidirectional + "}\n"
            + "routing: valiant\nvcs: " + vcs + "\ncapacity: 1\nrule: " + rule + "\ntraffic: all-pairs\n";
        return new Case("valiant, " + (bidirectional ? "bidirectional " : "") + "ring " + k + ", " + rule, yaml,
            ReferenceEnumerator.Config.routed(new int[] {k}, bidirectional, false, vcs, 1, ref, Routing.VALIANT, 0,
                null));
    }

    static Stream<Case> cases() {
        int[][] meshPairs = {{0, 3}, {3, 0}, {1, 2}};
        int[][] torusPairs = {{0, 5}, {4, 0}, {2, 3}};
        int[][] around = {{0, 1}, {1, 2}, {2, 0}};
        return Stream.of(
            valiantRing(3, true, 1, "vct", Rule.VCT),
            valiantRing(3, true, 2, "vc-per-hop", Rule.VC_PER_HOP),
            valiantRing(3, true, 2, "dateline", Rule.DATELINE),
            valiantRing(4, false, 1, "vct", Rule.VCT),
            new Case("valiant, mesh 2x2, vct, 3 pairs",
                "name: t\ntopology: {kind: mesh, radix: [2, 2]}\nrouting: valiant\nvcs: 1\ncapacity: 1\nrule: vct\n"
                    + pairs(meshPairs, v -> "(" + v % 2 + "," + v / 2 + ")"),
                ReferenceEnumerator.Config.routed(new int[] {2, 2}, true, true, 1, 1, Rule.VCT, Routing.VALIANT, 0,
                    meshPairs)),
            new Case("valiant, torus 3x2, vct, 3 pairs",
                "name: t\ntopology: {kind: torus, radix: [3, 2]}\nrouting: valiant\nvcs: 1\ncapacity: 1\nrule: vct\n"
                    + pairs(torusPairs, v -> "(" + v % 3 + "," + v / 3 + ")"),
                ReferenceEnumerator.Config.routed(new int[] {3, 2}, false, false, 1, 1, Rule.VCT, Routing.VALIANT, 0,
                    torusPairs)),
            new Case("looping table, ring 3, hop limit 3, vct", loopingRing(3, 3, 1, "vct", null),
                ReferenceEnumerator.Config.routed(new int[] {3}, true, false, 1, 1, Rule.VCT, Routing.ANY_NEIGHBOUR, 3,
                    null)),
            new Case("looping table, ring 3, hop limit 3, vc-per-hop, 3 pairs", loopingRing(3, 3, 3, "vc-per-hop", around),
                ReferenceEnumerator.Config.routed(new int[] {3}, true, false, 3, 1, Rule.VC_PER_HOP,
                    Routing.ANY_NEIGHBOUR, 3, around)),
            new Case("looping table, ring 4, hop limit 4, vct, 3 pairs", loopingRing(4, 4, 1, "vct", around),
                ReferenceEnumerator.Config.routed(new int[] {4}, true, false, 1, 1, Rule.VCT, Routing.ANY_NEIGHBOUR, 4,
                    around)),
            new Case("looping table, ring 5, hop limit 2, vct, 3 pairs", loopingRing(5, 2, 1, "vct", around),
                ReferenceEnumerator.Config.routed(new int[] {5}, true, false, 1, 1, Rule.VCT, Routing.ANY_NEIGHBOUR, 2,
                    around)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void explorerAgreesWithTheIndependentEnumerator(Case c) throws Exception {
        Spec spec = SpecReader.fromTree("test", "", Yaml.read(c.yaml()));
        flowproof.reference.Agreement.assertAgrees(c, spec, c.reference());
    }
}
