package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import flowproof.topology.Network;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Routing tables keyed by VC class ({@code class:} in a route, with {@code vc-classes}): a route
 * for the packet's class takes precedence over the route without one, in every engine's routes
 * (QueueRoutes); without the class the table answers the union; and the one-line errors.
 */
class TableByClassTest {

    static final String HEAD = "name: t\ntopology: {kind: graph, file: specs/networks/ring4-bidir.yaml}\nvcs: 2\n"
        + "capacity: 1\nrule: vct\n";
    static final String ROUTES = "routing:\n  kind: table\n  routes:\n"
        + "    - {at: a, to: b, next: [b]}\n    - {at: a, to: c, next: [b, d]}\n    - {at: a, to: c, class: 1, next: [d]}\n"
        + "    - {at: a, to: d, next: [d]}\n    - {at: b, to: a, next: [a]}\n    - {at: b, to: c, next: [c]}\n"
        + "    - {at: b, to: d, next: [c]}\n    - {at: c, to: a, next: [d]}\n    - {at: c, to: b, next: [b]}\n"
        + "    - {at: c, to: d, next: [d]}\n    - {at: d, to: a, next: [a]}\n    - {at: d, to: b, next: [a]}\n"
        + "    - {at: d, to: c, next: [c]}\n";

    static Spec spec(String yaml) throws Exception {
        return SpecReader.fromTree("t", "", Yaml.read(yaml));
    }

    private static String[] firstHops(Spec s, String from, String to) {
        Network net = s.network();
        var t = net.topology();
        int src = -1;
        int dst = -1;
        for (int v = 0; v < t.nodes(); v++) {
            src = t.nodeName(v).equals(from) ? v : src;
            dst = t.nodeName(v).equals(to) ? v : dst;
        }
        QueueRoutes routes = new QueueRoutes(net, s.routing(), s.rule());
        QueueRoutes.Next next = routes.next(-1, src, routes.injectHeaders(src, dst)[0]);
        return Arrays.stream(next.queues()).mapToObj(q -> t.channelName(net.channelOf(q))).distinct().sorted()
            .toArray(String[]::new);
    }

    @Test
    void theRouteOfThePacketsClassTakesPrecedence() throws Exception {
        Spec class0 = spec(HEAD + ROUTES + "vc-classes: {classes: 2, start: 0}\n");
        Spec class1 = spec(HEAD + ROUTES + "vc-classes: {classes: 2, start: 1}\n");
        assertThat(firstHops(class0, "a", "c")).containsExactly("a->b", "a->d");
        assertThat(firstHops(class1, "a", "c")).containsExactly("a->d");
        // other pairs fall back to the routes without a class
        assertThat(firstHops(class1, "a", "b")).containsExactly("a->b");
        // without the class, the table answers every class's routes together
        TableRouting table = (TableRouting) ((ClassedRouting) class1.routing()).base();
        int[] out = new int[table.maxCandidates()];
        int a = 0;
        int c = 2;
        assertThat(table.candidates(a, -1, c, out)).isEqualTo(2);
        assertThat(table.classes()).isEqualTo(2);
        // the dependency graphs differ: class 1's packets from a to c never take a->b
        var g0 = ChannelDependencyGraph.build(class0.network(), class0.routing(), class0.rule(), class0.model().traffic());
        var g1 = ChannelDependencyGraph.build(class1.network(), class1.routing(), class1.rule(), class1.model().traffic());
        assertThat(g1.edges()).isNotEqualTo(g0.edges());
    }

    @Test
    void badClassRoutesAreOneLine() {
        assertThatThrownBy(() -> spec(HEAD + ROUTES)).hasMessageContaining(
            "routing.routes: expected routes without class (a route keyed by class needs the spec's vc-classes), found a route for class 1");
        assertThatThrownBy(() -> spec(HEAD.replace("vcs: 2", "vcs: 1") + ROUTES + "vc-classes: {classes: 1}\n"))
            .hasMessageContaining("routing.routes: expected routes for classes 0..0 (vc-classes.classes is 1), found a route for class 1");
        assertThatThrownBy(() -> spec(HEAD + ROUTES.replace("class: 1", "class: -1") + "vc-classes: {classes: 2}\n"))
            .hasMessageContaining("routing.routes[2].class: expected a VC class");
        assertThatThrownBy(() -> spec(HEAD + ROUTES.replace("kind: table", "kind: table\n  hop-limit: 3")
            + "vc-classes: {classes: 2}\n")).hasMessageContaining("hop-limit: expected no hop limit with routes keyed by class");
        assertThatThrownBy(() -> spec(HEAD + ROUTES.replace("class: 1, next: [d]}", "class: 1, next: [b]}\n    - {at: a, to: c, class: 1, next: [d]}")
            + "vc-classes: {classes: 2}\n")).hasMessageContaining("expected one route per (at, to, class)");
    }
}
