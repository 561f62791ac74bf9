package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.cli.Main;
import flowproof.explore.Verdict;
import flowproof.routing.TableRouting;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routing tables say what the user means (issue 47): a hop may have no route ({@code next: []} or
 * {@code none}); an entry without {@code from} covers the arrivals at a (router, destination) that
 * has entries keyed by in-channel only when it says {@code default: true}; and routability is
 * checked over the pairs the traffic sends, naming the router and in-channel where a route ends.
 *
 * <p>The network: a bidirectional ring a-b-c-d with a spur e-a. The routes the author wrote take
 * every pair clockwise except the last hop into b from d, which the author left out; the entry
 * without {@code from} at a for b is meant for packets injected at a (and the one from e has its
 * own entry). Under the former silent fallback the packet from d took that entry and closed the
 * clockwise cycle: a deadlock through a route the user did not write.
 */
class TableRoutabilityTest {

    @TempDir
    Path dir;

    private static final String ROUTES = """
        routing:
          kind: table
          routes:
            - {at: a, to: c, next: [b]}
            - {at: b, to: c, from: a, next: [c]}
            - {at: b, to: d, next: [c]}
            - {at: c, to: d, from: b, next: [d]}
            - {at: c, to: a, next: [d]}
            - {at: d, to: a, from: c, next: [a]}
            - {at: d, to: b, next: [a]}
            - {at: e, to: b, next: [a]}
            - {at: a, to: b, from: e, next: [b]}
            - {at: a, to: b, next: [b]%s}
        %s""";

    private static final String PAIRS = "traffic: {pairs: [[a, c], [b, d], [c, a], [d, b], [e, b], [a, b]]}\n";

    @BeforeEach
    void graph() throws Exception {
        Files.writeString(dir.resolve("ring.yaml"), "routers: [a, b, c, d, e]\nlinks: [[a, b], [b, c], [c, d], [d, a], [e, a]]\n");
    }

    private Path spec(String entryExtra, String more, String traffic) throws Exception {
        Path p = dir.resolve("spec.yaml");
        Files.writeString(p, "name: t\ntopology: {kind: graph, file: ring.yaml}\nvcs: 1\ncapacity: 1\nrule: vct\n"
            + String.format(ROUTES, entryExtra, more.indent(4)) + traffic);
        return p;
    }

    private static String rejected(Path p) {
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecReader.read(p));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).doesNotContain("\n");
        return e.getMessage();
    }

    @Test
    void anArrivalWithoutAnEntryOfItsOwnIsARoutabilityErrorNotADeadlock() throws Exception {
        Path p = spec("", "", PAIRS);
        assertThat(rejected(p)).isEqualTo(p + ": routing.routes: expected a route at every router a packet the traffic"
            + " sends can reach (routability), found none at a for d -> b arriving from d (route d -> a): no entry at a"
            + " to b from d, and the entry without from covers arrivals only with default: true");
        // check says it in one line, exit 2
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"check", p.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("routability").contains("arriving from d");
    }

    @Test
    void withDefaultTheEntryCoversTheArrivalAndTheDeadlockItMakesIsFound() throws Exception {
        Spec s = SpecReader.read(spec(", default: true", "", PAIRS));
        TableRouting t = (TableRouting) s.routing();
        int[] out = new int[t.maxCandidates()];
        var g = s.topology();
        int a = 0;
        int b = 1;
        int d = 3;
        int fromD = channel(g, d, a);
        assertThat(t.candidates(a, fromD, b, out)).isEqualTo(1);
        assertThat(g.target(out[0])).isEqualTo(b);
        Decision dec = Flowproof.check(s);
        assertThat(dec.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
    }

    @Test
    void theRoutesAsWrittenWithTheLastHopStatedAreDeadlockFree() throws Exception {
        // d -> b counterclockwise instead: d, c, b; the table says so hop by hop
        Path p = spec("", """
            - {at: d, to: b, from: a, next: none}
            - {at: c, to: b, from: d, next: [b]}
            - {at: c, to: b, next: [b]}""", PAIRS);
        String text = Files.readString(p).replace("{at: d, to: b, next: [a]}", "{at: d, to: b, next: [c]}");
        Files.writeString(p, text);
        Spec s = SpecReader.read(p);
        assertThat(Flowproof.check(s).verdict()).isEqualTo(Verdict.PROVED);
    }

    @Test
    void aDeadEndOnATrafficRouteIsNamed() throws Exception {
        Path p = spec("", "- {at: a, to: b, from: d, next: []}", PAIRS);
        assertThat(rejected(p)).endsWith("found none at a for d -> b arriving from d (route d -> a): the entry at a to b"
            + " from d says next: []");
    }

    @Test
    void aDeadEndNoPacketReachesIsFine() throws Exception {
        // nothing arrives at c from d for b with these pairs
        Path p = spec(", default: true", "- {at: c, to: b, from: d, next: []}", PAIRS);
        assertThat(SpecReader.read(p).routing().name()).isEqualTo("table");
    }

    @Test
    void routabilityIsCheckedOverTheTrafficsPairsOnly() throws Exception {
        // the table routes six pairs of twenty: listed, they are enough; all-pairs is not
        assertThat(SpecReader.read(spec(", default: true", "", PAIRS)).pairs()).hasSize(6);
        Path all = spec(", default: true", "", "traffic: all-pairs\n");
        assertThat(rejected(all)).contains("(routability), found none for b -> a at its source: no entry at b to a");
    }

    @Test
    void defaultIsABooleanOnAnEntryWithoutFrom() throws Exception {
        assertThat(rejected(spec(", default: 1", "", PAIRS))).contains("routing.routes[9].default: expected true or false");
        assertThat(rejected(spec("", "- {at: b, to: a, from: c, next: [a], default: true}", PAIRS)))
            .contains("routing.routes[10].default: expected default on an entry without from and class");
        assertThat(rejected(spec("", "- {at: b, to: a, next: 7}", PAIRS)))
            .contains("routing.routes[10].next: expected a router of the topology, found 7");
    }

    @Test
    void aPacketInjectedWhereOnlyKeyedEntriesExistIsNamed() throws Exception {
        // b sends to c itself, but b's only entry for c is keyed (from a)
        Path p = spec(", default: true", "", "traffic: {pairs: [[a, c], [b, c]]}\n");
        assertThat(rejected(p)).endsWith("found none for b -> c at its source: no entry at b to c without from (the entries"
            + " there cover packets arriving from the routers they name)");
    }

    private static int channel(flowproof.topology.Topology g, int from, int to) {
        for (int c = 0; c < g.channels(); c++) {
            if (g.source(c) == from && g.target(c) == to) {
                return c;
            }
        }
        throw new AssertionError();
    }
}
