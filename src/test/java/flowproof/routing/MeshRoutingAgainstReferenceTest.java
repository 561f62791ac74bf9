package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.reference.ReferenceEnumerator;
import flowproof.reference.ReferenceEnumerator.Routing;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The turn models, a spec's own forbidden turns and XY-YX on small meshes, read from spec
 * text as a user writes them, explored, and compared with the independent reference
 * enumerator ({@code flowproof.reference}), whose routing is written from docs/routing.md
 * with no flowproof code: the same number of reachable states, the same verdicts for
 * stuck-freedom and drainability, the same shortest stuck depth.
 */
class MeshRoutingAgainstReferenceTest {

    // Forbidden turns as the reference writes them, from docs/routing.md: {from, to, columns},
    // directions 0 east, 1 west, 2 north, 3 south; columns -1 every router, 0 even, 1 odd.
    static final int[][] WEST_FIRST = {{2, 1, -1}, {3, 1, -1}};
    static final int[][] NORTH_LAST = {{2, 0, -1}, {2, 1, -1}};
    static final int[][] NEGATIVE_FIRST = {{0, 3, -1}, {2, 1, -1}};
    static final int[][] ODD_EVEN = {{0, 2, 0}, {0, 3, 0}, {2, 1, 1}, {3, 1, 1}};
    static final int[][] NONE = {};

    record Case(int kx, int ky, int capacity, String routing, Routing reference, int[][] turns, int[][] pairs) {
        @Override
        public String toString() {
            return kx + "x" + ky + " mesh, C=" + capacity + ", " + routing.replace('\n', ' ')
                + (pairs == null ? ", all pairs" : ", " + pairs.length + " pairs");
        }

        String yaml() {
            StringBuilder b = new StringBuilder("name: t\ntopology: {kind: mesh, radix: [" + kx + ", " + ky + "]}\n"
                + "routing: " + routing + "\nvcs: 1\ncapacity: " + capacity + "\nrule: vct\n");
            if (pairs != null) {
                b.append("traffic: {pairs: [");
                for (int i = 0; i < pairs.length; i++) {
                    b.append(i == 0 ? "" : ", ").append("[\"").append(name(pairs[i][0])).append("\", \"")
                        .append(name(pairs[i][1])).append("\"]");
                }
                b.append("]}\n");
            }
            return b.toString();
        }

        String name(int node) {
            return "(" + node % kx + "," + node / kx + ")";
        }
    }

    static Case preset(int kx, int ky, int c, String name, int[][] turns) {
        return new Case(kx, ky, c, name, Routing.TURNS, turns, null);
    }

    static Stream<Case> small() {
        List<Case> cases = new ArrayList<>();
        String[] names = {"west-first", "north-last", "negative-first", "odd-even"};
        int[][][] turns = {WEST_FIRST, NORTH_LAST, NEGATIVE_FIRST, ODD_EVEN};
        for (int i = 0; i < names.length; i++) {
            cases.add(preset(2, 2, 1, names[i], turns[i]));
            cases.add(new Case(2, 2, 2, names[i], Routing.TURNS, turns[i], new int[][] {{0, 3}, {3, 0}, {1, 2}}));
        }
        cases.add(new Case(2, 2, 1, "xy-yx", Routing.XY_YX, NONE, null));
        cases.add(new Case(2, 2, 1, "dor", Routing.DOR, NONE, null));
        cases.add(new Case(2, 2, 1, "{kind: turns, forbid: [[north, west]]}", Routing.TURNS, new int[][] {{2, 1, -1}}, null));
        cases.add(new Case(2, 2, 1, "{kind: turns, forbid: []}", Routing.TURNS, NONE, null));
        // three columns: odd-even's parity matters; a few pairs that turn at both parities
        int[][] pairs = {{0, 5}, {5, 0}, {2, 3}, {4, 0}};
        for (int i = 0; i < names.length; i++) {
            cases.add(new Case(3, 2, 1, names[i], Routing.TURNS, turns[i], pairs));
        }
        cases.add(new Case(3, 2, 1, "xy-yx", Routing.XY_YX, NONE, pairs));
        cases.add(new Case(3, 2, 2, "odd-even", Routing.TURNS, ODD_EVEN, new int[][] {{0, 5}, {5, 0}}));
        cases.add(new Case(3, 2, 1, "{kind: turns, forbid: [{from: east, to: north, columns: odd}, [south, west]]}",
            Routing.TURNS, new int[][] {{0, 2, 1}, {3, 1, -1}}, pairs));
        return cases.stream();
    }

    static void assertAgrees(Case c) throws Exception {
        Spec spec = SpecReader.fromTree("test", "", Yaml.read(c.yaml()));
        flowproof.reference.Agreement.assertAgrees(c, spec, ReferenceEnumerator.Config.mesh(c.kx(), c.ky(), 1, c.capacity(), c.reference(), c.turns(), c.pairs()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("small")
    void explorerCountsEqualTheIndependentEnumerator(Case c) throws Exception {
        assertAgrees(c);
    }

    /** Three columns and three rows: odd-even turns at both parities, on three crossing flows. */
    @Test
    void oddEvenOnAThreeByThreeMeshAgrees() throws Exception {
        assertAgrees(new Case(3, 3, 1, "odd-even", Routing.TURNS, ODD_EVEN, new int[][] {{0, 8}, {5, 0}, {7, 2}}));
    }

    /** The same flows under west-first: 1,769,472 states, so among the slow tests. */
    @Test
    @Tag("slow")
    void westFirstOnAThreeByThreeMeshAgrees() throws Exception {
        assertAgrees(new Case(3, 3, 1, "west-first", Routing.TURNS, WEST_FIRST, new int[][] {{0, 8}, {5, 0}, {7, 2}}));
    }

    /** The literature's verdicts, by enumeration: the named models deadlock-free, every turn allowed or xy-yx not. */
    @Test
    void theNamedModelsAreDeadlockFreeAndDifferFromEachOther() throws Exception {
        java.util.Map<String, Long> states = new java.util.TreeMap<>();
        for (Case c : small().toList()) {
            if (c.kx() != 3 || c.capacity() != 1) {
                continue;
            }
            Spec spec = SpecReader.fromTree("test", "", Yaml.read(c.yaml()));
            ExplorationResult r = new Explorer(spec.model(), spec.effectiveProperties(), Limits.defaults(), false).run();
            states.put(c.routing(), r.states());
            boolean named = !c.routing().startsWith("{") && !c.routing().equals("xy-yx");
            if (named) {
                assertThat(r.properties().get(Property.DRAINABILITY)).as("%s", c).isEqualTo(PropertyStatus.HOLDS);
            }
        }
        assertThat(states).containsKeys("west-first", "north-last", "negative-first", "odd-even", "xy-yx");
        // the comparisons above distinguish the models: they do not all reach the same states
        assertThat(new java.util.HashSet<>(states.values())).as("%s", states).hasSizeGreaterThan(2);
        ReferenceEnumerator.Result adaptive = ReferenceEnumerator.enumerate(
            ReferenceEnumerator.Config.mesh(2, 2, 1, 1, Routing.TURNS, NONE, null));
        assertThat(adaptive.stuckStateReachable()).isTrue();
    }
}
