package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.routing.TableRouting;
import flowproof.routing.ValiantRouting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spec forms of Valiant routing ({@code routing: valiant}, {@code intermediates}) and of
 * looping tables under a hop limit ({@code hop-limit}), what they mean, and every mistake
 * rejected in one line {@code FILE: FIELD: expected ..., found ...}.
 */
class NonMinimalRoutingSpecTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("spec.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private static String spec(String topology, String routing) {
        return "name: t\ntopology: " + topology + "\nrouting: " + routing + "\ncapacity: 1\nrule: vct\n";
    }

    private static final String RING4 = "{kind: ring, radix: [4], bidirectional: true}";
    private static final String TRIANGLE = "{kind: graph, graph: {routers: [a, b, c], links: [[a, b], [b, c], [c, a]]}}";

    /** Every router offers both neighbours to every packet: routes loop. */
    private static String loopingTable(String extra) {
        StringBuilder b = new StringBuilder("{kind: table" + extra + ", routes: [");
        String[] r = {"a", "b", "c"};
        boolean first = true;
        for (int v = 0; v < 3; v++) {
            for (int d = 0; d < 3; d++) {
                if (v != d) {
                    b.append(first ? "" : ", ").append("{at: ").append(r[v]).append(", to: ").append(r[d])
                        .append(", next: [").append(r[(v + 1) % 3]).append(", ").append(r[(v + 2) % 3]).append("]}");
                    first = false;
                }
            }
        }
        return b.append("]}").toString();
    }

    private String rejected(String yaml, String field) throws IOException {
        Path file = write(yaml);
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecReader.read(file));
        assertThat(e).as("should reject:%n%s", yaml).isNotNull();
        String m = e.getMessage();
        assertThat(m).doesNotContain("\n").startsWith(file + ": " + field + ": expected ").contains(", found ");
        return m;
    }

    @Test
    void valiantThroughEveryRouterOffersTheMinimalRouteAndEveryOtherIntermediate() throws Exception {
        Spec s = SpecReader.read(write(spec(RING4, "valiant")));
        ValiantRouting v = (ValiantRouting) s.routing();
        assertThat(v.minimal()).as("phase, then distance, decreases on every hop").isTrue();
        int[] out = new int[v.maxInjectHeaders()];
        int n = v.injectHeaders(0, 2, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(2, v.valiantHeader(1, 2), v.valiantHeader(3, 2));
        // on the way to intermediate 3, passing nothing; arriving at 3 ends the first phase
        int h = v.valiantHeader(3, 2);
        assertThat(v.exitNode(h)).isEqualTo(-1);
        assertThat(v.destinationOf(h)).isEqualTo(2);
        assertThat(v.headerName(h, s.topology())).isEqualTo("2 via 3");
        int c = s.topology().channels();
        for (int ch = 0; ch < c; ch++) {
            int after = v.afterHop(h, ch);
            assertThat(after).isEqualTo(s.topology().target(ch) == 3 ? 2 : h);
        }
    }

    @Test
    void valiantThroughAListOffersOnlyThose() throws Exception {
        Spec s = SpecReader.read(write(spec("{kind: torus, radix: [3, 3]}",
            "{kind: valiant, intermediates: [\"(1,1)\", 0]}")));
        ValiantRouting v = (ValiantRouting) s.routing();
        assertThat(v.intermediates()).containsExactly(0, 4);
        int[] out = new int[v.maxInjectHeaders()];
        // neither intermediate is an end: only the Valiant routes
        int n = v.injectHeaders(1, 2, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(v.valiantHeader(0, 2), v.valiantHeader(4, 2));
        // the source is an intermediate: the minimal route is a choice too
        n = v.injectHeaders(0, 8, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(8, v.valiantHeader(4, 8));
    }

    /**
     * draw: per-router: one header per intermediate router, so the simulator's uniform draw is
     * uniform over routers: the source's is the plain header, the destination's a first-phase
     * header all the way; a packet to its own router goes out through each other router, and
     * all-pairs traffic then includes the self pairs.
     */
    @Test
    void valiantDrawnPerRouterOffersOneHeaderPerRouter() throws Exception {
        Spec s = SpecReader.read(write(spec(RING4, "{kind: valiant, draw: per-router}")));
        ValiantRouting v = (ValiantRouting) s.routing();
        assertThat(v.draw()).isEqualTo(ValiantRouting.Draw.PER_ROUTER);
        int[] out = new int[v.maxInjectHeaders()];
        int n = v.injectHeaders(0, 2, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(2, v.valiantHeader(1, 2), v.valiantHeader(2, 2),
            v.valiantHeader(3, 2));
        // through the destination: first phase until it arrives, and it leaves there
        int h = v.valiantHeader(2, 2);
        assertThat(v.routeName(h)).isEqualTo("valiant");
        assertThat(v.exitNode(h)).isEqualTo(-1);
        for (int ch = 0; ch < s.topology().channels(); ch++) {
            int after = v.afterHop(h, ch);
            assertThat(after).isEqualTo(s.topology().target(ch) == 2 ? 2 : h);
        }
        n = v.injectHeaders(1, 1, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(v.valiantHeader(0, 1), v.valiantHeader(2, 1),
            v.valiantHeader(3, 1));
        assertThat(v.selfPairsCross()).isTrue();
        assertThat(s.pairs()).hasSize(16);
        assertThat(SpecReader.read(write(spec(RING4, "valiant"))).pairs()).hasSize(12);
    }

    /**
     * intermediates: minimal-box (ROMM): the routers of the pair's box, so every route is
     * minimal; the default draw collapses the corners into the minimal route, per-router keeps
     * one header per router of the box. A pair in one row has a one-row box.
     */
    @Test
    void rommDrawsFromTheBoxOfSourceAndDestination() throws Exception {
        String mesh = "{kind: mesh, radix: [3, 3]}";
        ValiantRouting v = (ValiantRouting) SpecReader.read(write(spec(mesh,
            "{kind: valiant, intermediates: minimal-box}"))).routing();
        assertThat(v.minimalBox()).isTrue();
        int[] out = new int[v.maxInjectHeaders()];
        // (0,0) = 0 to (1,2) = 7: the box holds 0, 1, 3, 4, 6, 7
        int n = v.injectHeaders(0, 7, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(7, v.valiantHeader(1, 7), v.valiantHeader(3, 7),
            v.valiantHeader(4, 7), v.valiantHeader(6, 7));
        n = v.injectHeaders(5, 3, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(3, v.valiantHeader(4, 3));
        assertThat(v.selfPairsCross()).isFalse();
        ValiantRouting r = (ValiantRouting) SpecReader.read(write(spec(mesh,
            "{kind: valiant, intermediates: minimal-box, draw: per-router}"))).routing();
        n = r.injectHeaders(7, 0, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(0, r.valiantHeader(0, 0), r.valiantHeader(1, 0),
            r.valiantHeader(3, 0), r.valiantHeader(4, 0), r.valiantHeader(6, 0));
        n = r.injectHeaders(4, 4, out);
        assertThat(Arrays.copyOf(out, n)).containsExactly(4);
        assertThat(r.selfPairsCross()).isFalse();
    }

    @Test
    void valiantOnAGraphAndAMesh() throws Exception {
        assertThat(SpecReader.read(write(spec(TRIANGLE, "valiant"))).routing().name()).isEqualTo("valiant");
        assertThat(SpecReader.read(write(spec("{kind: mesh, radix: [3, 2]}", "{kind: valiant}"))).routing().headers())
            .isEqualTo(6 + 36);
    }

    @Test
    void aLoopingTableNeedsAHopLimitAndThenCountsHops() throws Exception {
        assertThat(rejected(spec(TRIANGLE, loopingTable("")), "routing.routes")).contains("routes without loops");
        Spec s = SpecReader.read(write(spec(TRIANGLE, loopingTable(", hop-limit: 3"))));
        TableRouting t = (TableRouting) s.routing();
        assertThat(t.minimal()).isFalse();
        assertThat(t.hopLimit()).isEqualTo(3);
        assertThat(t.headers()).isEqualTo(3 * 4);
        int b = 1;
        int[] out = new int[t.maxCandidates()];
        // at a for b: with no hop taken both neighbours (a-b, or a-c-b / a-c-a-b); after two
        // hops only the channel to b itself
        assertThat(t.candidates(0, -1, b, out)).isEqualTo(2);
        int afterTwo = t.afterHop(t.afterHop(b, 0), 0);
        assertThat(t.headerName(afterTwo, s.topology())).isEqualTo("b after 2 hops");
        assertThat(t.candidates(0, -1, afterTwo, out)).isEqualTo(1);
        assertThat(s.topology().target(out[0])).isEqualTo(b);
        assertThat(t.exitNode(afterTwo)).isEqualTo(b);
    }

    @Test
    void aHopLimitWithinWhichSomePairHasNoRouteIsRefused() throws IOException {
        // a path a-b-c routed the long way is fine; limit 1 leaves a to c without a route
        String path = "{kind: graph, graph: {routers: [a, b, c], links: [[a, b], [b, c]]}}";
        String m = rejected(spec(path, "{kind: table, hop-limit: 1, routes: [{at: a, to: b, next: b}, {at: a, to: c,"
            + " next: b}, {at: b, to: a, next: a}, {at: b, to: c, next: c}, {at: c, to: b, next: b}, {at: c, to: a,"
            + " next: b}]}"), "routing.hop-limit");
        // all pairs: a to c is the first the traffic sends without a route within the limit
        assertThat(m).endsWith("found no route from a to c within 1 hop (the shortest takes 2)")
            .contains("expected a limit within which every pair the traffic sends has a table route");
    }

    /**
     * Issue 47 item 2: routability is judged over the pairs the traffic sends. The same table and
     * limit with traffic that never sends c to a (nor a to c) is a spec; adding c to a refuses it.
     */
    @Test
    void aHopLimitIsCheckedOverTheTrafficsPairsOnly() throws Exception {
        String path = "{kind: graph, graph: {routers: [a, b, c], links: [[a, b], [b, c]]}}";
        String table = "{kind: table, hop-limit: 1, routes: [{at: a, to: b, next: b}, {at: a, to: c,"
            + " next: b}, {at: b, to: a, next: a}, {at: b, to: c, next: c}, {at: c, to: b, next: b}, {at: c, to: a,"
            + " next: b}]}";
        Spec ok = SpecReader.read(write(spec(path, table) + "traffic: {pairs: [[a, b], [b, c], [c, b], [b, a]]}\n"));
        assertThat(((TableRouting) ok.routing()).hopLimit()).isEqualTo(1);
        assertThat(ok.pairs()).hasSize(4);
        String m = rejected(spec(path, table) + "traffic: {pairs: [[a, b], [c, a]]}\n", "routing.hop-limit");
        assertThat(m).endsWith("found no route from c to a within 1 hop (the shortest takes 2)");
    }

    @Test
    void mistakesAreOneLine() throws IOException {
        rejected(spec(TRIANGLE, loopingTable(", hop-limit: 0")), "routing.hop-limit");
        rejected(spec(TRIANGLE, loopingTable(", hop-limit: three")), "routing.hop-limit");
        rejected(spec(TRIANGLE, "{kind: shortest-path, hop-limit: 3}"), "routing.hop-limit");
        rejected(spec(RING4, "{kind: valiant, hop-limit: 3}"), "routing.hop-limit");
        rejected(spec(RING4, "{kind: dor, intermediates: [0]}"), "routing.intermediates");
        rejected(spec(RING4, "{kind: valiant, intermediates: []}"), "routing.intermediates");
        rejected(spec(RING4, "{kind: valiant, intermediates: 2}"), "routing.intermediates");
        assertThat(rejected(spec(RING4, "{kind: valiant, intermediates: [1, 9]}"), "routing.intermediates[1]"))
            .endsWith("found 9");
        rejected(spec(RING4, "{kind: valiant, intermediates: [1, \"1\"]}"), "routing.intermediates[1]");
        assertThat(rejected(spec(RING4, "{kind: valiant, intermediates: minimal-box}"), "routing.intermediates"))
            .contains("minimal-box is for meshes");
        rejected(spec(RING4, "{kind: valiant, intermediates: box}"), "routing.intermediates");
        assertThat(rejected(spec(RING4, "{kind: valiant, draw: sometimes}"), "routing.draw"))
            .endsWith("expected per-route or per-router, found \"sometimes\"");
        rejected(spec(RING4, "{kind: dor, draw: per-router}"), "routing.draw");
        rejected(spec(RING4, "{kind: dor, up: adaptive}"), "routing.up");
        assertThat(rejected(spec("{kind: fat-tree, radix: 2, stages: 2}", "{kind: nca, up: sideways}"), "routing.up"))
            .endsWith("expected random or adaptive, found \"sideways\"");
        assertThat(rejected(spec("{kind: butterfly, radix: 2, stages: 2}", "valiant"), "routing"))
            .contains("destination-tag");
    }
}
