package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.topology.Bmin;
import flowproof.topology.Butterfly;
import flowproof.topology.Dragonfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Torus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SpecReader} on the multistage and high-radix topologies (butterfly, BMIN,
 * flattened butterfly, dragonfly), routing names and defaults per topology, adaptive
 * routing with escape VCs ({@code escape}, the VCs an escape rule needs), and explicit
 * traffic pairs. Every rejection is one line {@code FILE: FIELD: expected ..., found ...}.
 */
class SpecReaderNetworksTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("spec.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private Spec read(String yaml) throws IOException, SpecException {
        return SpecReader.read(write(yaml));
    }

    /** Reads {@code yaml}, asserts a one-line {@code FILE: FIELD: expected ..., found ...}; returns the message. */
    private String rejected(String yaml, String field) throws IOException {
        Path file = write(yaml);
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecReader.read(file));
        assertThat(e).as("SpecReader.read should reject:%n%s", yaml).isNotNull();
        String m = e.getMessage();
        assertThat(m).doesNotContain("\n").doesNotContain("\r");
        assertThat(m).startsWith(file + ": " + field + ": expected ");
        assertThat(m).contains(", found ");
        return m;
    }

    /** A spec with the given topology line and extra lines; capacity 1, rule vct unless the extra lines say. */
    private static String spec(String topology, String... lines) {
        StringBuilder b = new StringBuilder("name: t\ntopology: " + topology + "\n");
        boolean hasCapacity = false;
        boolean hasRule = false;
        for (String l : lines) {
            b.append(l).append('\n');
            hasCapacity |= l.startsWith("capacity:");
            hasRule |= l.startsWith("rule:");
        }
        if (!hasCapacity) {
            b.append("capacity: 1\n");
        }
        if (!hasRule) {
            b.append("rule: vct\n");
        }
        return b.toString();
    }

    private static final String FLY = "{kind: butterfly, radix: 2, stages: 3}";
    private static final String BMIN = "{kind: bmin, radix: 2, stages: 3}";
    private static final String FB = "{kind: flattened-butterfly, radix: 4, dimensions: 2, concentration: 2}";
    private static final String DF = "{kind: dragonfly, routers-per-group: 2, global-channels: 1, concentration: 1}";
    private static final String TORUS = "{kind: torus, radix: [3, 3], bidirectional: true}";
    private static final String UNI_TORUS = "{kind: torus, radix: [3, 3]}";

    private static List<String> pairs(Spec s) {
        return s.pairs().stream().map(p -> p[0] + "->" + p[1]).collect(Collectors.toList());
    }

    // --- each topology kind parses --------------------------------------------------

    @Test
    void butterflyParsesWithItsNodeCounts() throws Exception {
        Spec s = read(spec(FLY));
        assertThat(s.topology()).isInstanceOf(Butterfly.class);
        Butterfly b = (Butterfly) s.topology();
        assertThat(b.radix()).isEqualTo(2);
        assertThat(b.stages()).isEqualTo(3);
        assertThat(b.terminals()).isEqualTo(8);
        // 8 terminals and 3 stages of 4 switches
        assertThat(s.topology().nodes()).isEqualTo(8 + 3 * 4);
        assertThat(s.topology().endpoints()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(s.routing().name()).isEqualTo("destination-tag");
        assertThat(s.network().vcs()).isEqualTo(1);
    }

    @Test
    void bminParsesWithItsNodeCounts() throws Exception {
        Spec s = read(spec(BMIN));
        assertThat(s.topology()).isInstanceOf(Bmin.class);
        Bmin b = (Bmin) s.topology();
        assertThat(b.radix()).isEqualTo(2);
        assertThat(b.stages()).isEqualTo(3);
        assertThat(s.topology().nodes()).isEqualTo(8 + 3 * 4);
        assertThat(s.topology().endpoints()).hasSize(8);
        assertThat(s.routing().name()).isEqualTo("turnaround");
    }

    @Test
    void flattenedButterflyParsesWithItsNodeCounts() throws Exception {
        Spec s = read(spec(FB, "routing: ugal"));
        assertThat(s.topology()).isInstanceOf(FlattenedButterfly.class);
        FlattenedButterfly fb = (FlattenedButterfly) s.topology();
        assertThat(fb.radix()).isEqualTo(4);
        assertThat(fb.dimensions()).isEqualTo(2);
        assertThat(fb.concentration()).isEqualTo(2);
        assertThat(s.topology().nodes()).isEqualTo(16);
        assertThat(s.topology().endpoints()).hasSize(16);
        assertThat(s.routing().name()).isEqualTo("ugal");
    }

    @Test
    void flattenedButterflyDimensionsAndConcentrationDefaultToOne() throws Exception {
        Spec s = read(spec("{kind: flattened-butterfly, radix: 3}"));
        FlattenedButterfly fb = (FlattenedButterfly) s.topology();
        assertThat(fb.dimensions()).isEqualTo(1);
        assertThat(fb.concentration()).isEqualTo(1);
        assertThat(s.topology().nodes()).isEqualTo(3);
    }

    @Test
    void dragonflyParsesWithItsNodeCounts() throws Exception {
        Spec s = read(spec(DF, "routing: ugal"));
        assertThat(s.topology()).isInstanceOf(Dragonfly.class);
        Dragonfly d = (Dragonfly) s.topology();
        assertThat(d.routersPerGroup()).isEqualTo(2);
        assertThat(d.globalChannelsPerRouter()).isEqualTo(1);
        assertThat(d.groups()).isEqualTo(3);
        assertThat(d.concentration()).isEqualTo(1);
        assertThat(s.topology().nodes()).isEqualTo(6);
        assertThat(s.topology().endpoints()).hasSize(6);
        assertThat(s.routing().name()).isEqualTo("ugal");
    }

    @Test
    void dragonflyConcentrationIsRead() throws Exception {
        Spec s = read(spec("{kind: dragonfly, routers-per-group: 3, global-channels: 2, concentration: 4}"));
        Dragonfly d = (Dragonfly) s.topology();
        assertThat(d.groups()).isEqualTo(7);
        assertThat(d.concentration()).isEqualTo(4);
        assertThat(s.topology().nodes()).isEqualTo(21);
    }

    // --- default routings -----------------------------------------------------------

    /** A fly (BookSim's): switches only, k terminals per stage-0 switch, destination-tag by default. */
    @Test
    void flyParsesWithItsSwitchesOnly() throws Exception {
        Spec s = read(spec("{kind: fly, radix: 2, stages: 3}"));
        assertThat(s.topology()).isInstanceOf(flowproof.topology.Fly.class);
        assertThat(s.topology().nodes()).isEqualTo(12);
        assertThat(s.topology().endpoints().length * s.topology().concentration()).isEqualTo(8);
        assertThat(s.routing().name()).isEqualTo("destination-tag");
        assertThat(rejected(spec("{kind: fly, radix: 2, stages: 1}"), "topology.stages"))
            .endsWith("expected at least 2 stages for a fly (with 1 it is one crossbar: no channel between switches to"
                + " check or simulate), found 1");
        // a message's answer leaves from the node that consumed it: a fly's last stage, which cannot inject
        assertThat(rejected(spec("{kind: fly, radix: 2, stages: 2}",
            "messages: {classes: [request, reply], vcs: {request: [0], reply: [0]}}"), "messages"))
            .endsWith("found \"2-ary 2-fly, terminals on the switches (4 terminals, 4 switches)\"");
    }

    /** A concentrated mesh (or torus): c terminals per router, terminal t at router t / c; the routers are the mesh's. */
    @Test
    void meshAndTorusConcentrationIsRead() throws Exception {
        Spec s = read(spec("{kind: mesh, radix: [4, 4], concentration: 4}", "routing: dor"));
        Torus t = (Torus) s.topology();
        assertThat(t.nodes()).isEqualTo(16);
        assertThat(t.channels()).isEqualTo(Torus.mesh(new int[] {4, 4}).channels());
        assertThat(t.concentration()).isEqualTo(4);
        assertThat(t.describe()).isEqualTo("bidirectional mesh 4x4, concentration 4");
        assertThat(((Torus) read(spec("{kind: torus, radix: [3], bidirectional: true}")).topology()).concentration())
            .isEqualTo(1);
        assertThat(read(spec("{kind: ring, radix: 4, concentration: 2}")).topology().concentration()).isEqualTo(2);
    }

    @Test
    void badMeshConcentrationIsNamed() throws IOException {
        assertThat(rejected(spec("{kind: mesh, radix: [4, 4], concentration: 0}"), "topology.concentration"))
            .endsWith("expected a positive integer, found 0");
        assertThat(rejected(spec("{kind: torus, radix: [128, 128], concentration: 2}"), "topology.concentration"))
            .endsWith("expected at most 16384 terminals (routers times concentration; 16384 routers), found 2");
    }

    @Test
    void defaultRoutingOfEachTopology() throws Exception {
        assertThat(read(spec(FLY)).routing().name()).isEqualTo("destination-tag");
        assertThat(read(spec(BMIN)).routing().name()).isEqualTo("turnaround");
        assertThat(read(spec(FB)).routing().name()).isEqualTo("minimal");
        assertThat(read(spec(DF)).routing().name()).isEqualTo("minimal");
        assertThat(read(spec(TORUS, "vcs: 2", "rule: dateline")).routing().name()).isEqualTo("dor");
        assertThat(read(spec("{kind: mesh, radix: [3, 3], bidirectional: true}")).routing().name()).isEqualTo("dor");
    }

    @Test
    void explicitRoutingNamesAreAccepted() throws Exception {
        assertThat(read(spec(FLY, "routing: destination-tag")).routing().name()).isEqualTo("destination-tag");
        assertThat(read(spec(BMIN, "routing: turnaround")).routing().name()).isEqualTo("turnaround");
        assertThat(read(spec(FB, "routing: minimal")).routing().name()).isEqualTo("minimal");
        assertThat(read(spec(DF, "routing: minimal")).routing().name()).isEqualTo("minimal");
        assertThat(read(spec(TORUS, "routing: minimal-adaptive", "vcs: 2")).routing().name())
            .isEqualTo("minimal-adaptive");
    }

    // --- missing, non-positive and unknown topology fields --------------------------

    @Test
    void missingStagesIsNamed() throws IOException {
        String m = rejected(spec("{kind: butterfly, radix: 2}"), "topology.stages");
        assertThat(m).contains("positive integer").endsWith("found nothing (the field is missing)");
    }

    @Test
    void missingButterflyRadixIsNamed() throws IOException {
        rejected(spec("{kind: bmin, stages: 2}"), "topology.radix");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1"})
    void nonPositiveStagesIsNamed(String value) throws IOException {
        String m = rejected(spec("{kind: bmin, radix: 2, stages: " + value + "}"), "topology.stages");
        assertThat(m).contains("positive integer").endsWith("found " + value);
    }

    @Test
    void stagesThatIsNotAnIntegerIsNamed() throws IOException {
        String m = rejected(spec("{kind: butterfly, radix: 2, stages: three}"), "topology.stages");
        assertThat(m).endsWith("found \"three\"");
    }

    @Test
    void butterflyRadixOfOneIsNamed() throws IOException {
        String m = rejected(spec("{kind: butterfly, radix: 1, stages: 3}"), "topology.radix");
        assertThat(m).contains("at least 2").endsWith("found 1");
    }

    @Test
    void butterflyWithTooManyTerminalsNamesTheTopology() throws IOException {
        String m = rejected(spec("{kind: butterfly, radix: 2, stages: 13}"), "topology");
        assertThat(m).contains("4096");
    }

    @Test
    void missingRoutersPerGroupIsNamed() throws IOException {
        String m = rejected(spec("{kind: dragonfly, global-channels: 1}"), "topology.routers-per-group");
        assertThat(m).contains("missing");
    }

    @Test
    void nonPositiveRoutersPerGroupIsNamed() throws IOException {
        String m = rejected(spec("{kind: dragonfly, routers-per-group: 0, global-channels: 1}"),
            "topology.routers-per-group");
        assertThat(m).contains("positive integer").endsWith("found 0");
    }

    @Test
    void missingGlobalChannelsIsNamed() throws IOException {
        rejected(spec("{kind: dragonfly, routers-per-group: 2}"), "topology.global-channels");
    }

    @Test
    void nonPositiveDragonflyConcentrationIsNamed() throws IOException {
        rejected(spec("{kind: dragonfly, routers-per-group: 2, global-channels: 1, concentration: 0}"),
            "topology.concentration");
    }

    @Test
    void missingFlattenedButterflyRadixIsNamed() throws IOException {
        rejected(spec("{kind: flattened-butterfly, dimensions: 2}"), "topology.radix");
    }

    @Test
    void nonPositiveFlattenedButterflyDimensionsIsNamed() throws IOException {
        String m = rejected(spec("{kind: flattened-butterfly, radix: 4, dimensions: -2}"), "topology.dimensions");
        assertThat(m).endsWith("found -2");
    }

    @Test
    void nonPositiveFlattenedButterflyConcentrationIsNamed() throws IOException {
        rejected(spec("{kind: flattened-butterfly, radix: 4, concentration: 0}"), "topology.concentration");
    }

    @Test
    void badFlattenedButterflyChannelLengthsAreNamed() throws IOException {
        assertThat(rejected(spec("{kind: flattened-butterfly, radix: 4, dimensions: 2, channel-length: [2]}"),
            "topology.channel-length")).contains("a list of 2 positive integers").endsWith("found [2]");
        assertThat(rejected(spec("{kind: flattened-butterfly, radix: 4, dimensions: 2, channel-length: 2}"),
            "topology.channel-length")).endsWith("found 2");
        assertThat(rejected(spec("{kind: flattened-butterfly, radix: 4, dimensions: 2, channel-length: [2, 0]}"),
            "topology.channel-length[1]")).endsWith("found 0");
        assertThat(rejected(spec("{kind: flattened-butterfly, radix: 4, channel-length: [100000]}"),
            "topology.channel-length")).contains("at most 65536").endsWith("found 100000");
        // a dragonfly's are [local, global]; a torus has none
        assertThat(rejected(spec("{kind: dragonfly, routers-per-group: 2, global-channels: 1, channel-length: [2]}"),
            "topology.channel-length")).contains("[local, global]: two positive integers").endsWith("found [2]");
        assertThat(rejected(spec("{kind: torus, radix: [4, 4], channel-length: [2, 2]}"),
            "topology.channel-length")).endsWith("found an unknown field");
    }

    @Test
    void flattenedButterflyChannelLengthsAreRead() throws Exception {
        Path file = write(spec("{kind: flattened-butterfly, radix: 3, dimensions: 2, channel-length: [1, 4]}"));
        flowproof.topology.FlattenedButterfly t = (flowproof.topology.FlattenedButterfly) SpecReader.read(file)
            .topology();
        assertThat(t.latency(t.channelTo(t.node(0, 0), t.node(2, 0)))).isEqualTo(2);
        assertThat(t.latency(t.channelTo(t.node(0, 0), t.node(0, 2)))).isEqualTo(8);
    }

    @Test
    void flattenedButterflyRadixOfOneIsNamed() throws IOException {
        String m = rejected(spec("{kind: flattened-butterfly, radix: 1}"), "topology.radix");
        assertThat(m).endsWith("found 1");
    }

    @Test
    void bidirectionalOnAButterflyIsAnUnknownField() throws IOException {
        String m = rejected(spec("{kind: butterfly, radix: 2, stages: 2, bidirectional: true}"),
            "topology.bidirectional");
        assertThat(m).contains("kind, radix, stages").endsWith("found an unknown field");
    }

    @Test
    void concentrationOnABminIsAnUnknownField() throws IOException {
        rejected(spec("{kind: bmin, radix: 2, stages: 2, concentration: 2}"), "topology.concentration");
    }

    @Test
    void stagesOnAFlattenedButterflyIsAnUnknownField() throws IOException {
        String m = rejected(spec("{kind: flattened-butterfly, radix: 2, stages: 2}"), "topology.stages");
        assertThat(m).contains("kind, radix, dimensions, concentration");
    }

    @Test
    void radixOnADragonflyIsAnUnknownField() throws IOException {
        String m = rejected(spec("{kind: dragonfly, routers-per-group: 2, global-channels: 1, radix: 4}"),
            "topology.radix");
        assertThat(m).contains("routers-per-group, global-channels, concentration");
    }

    @Test
    void stagesOnATorusIsAnUnknownField() throws IOException {
        rejected(spec("{kind: torus, radix: [3, 3], stages: 2}"), "topology.stages");
    }

    @Test
    void theNewKindsAreListedForAnUnknownKind() throws IOException {
        String m = rejected(spec("{kind: moebius, radix: 2}"), "topology.kind");
        assertThat(m).contains("butterfly", "bmin", "fat-tree", "flattened-butterfly", "dragonfly")
            .endsWith("found \"moebius\"");
    }

    // --- routings that do not fit the topology --------------------------------------

    @Test
    void dorOnADragonflyListsTheDragonflyRoutings() throws IOException {
        String m = rejected(spec(DF, "routing: dor"), "routing");
        assertThat(m).contains("minimal, ugal").contains("dragonfly").endsWith("found \"dor\"");
    }

    @Test
    void ugalOnATorusListsTheTorusRoutings() throws IOException {
        String m = rejected(spec(TORUS, "routing: ugal", "vcs: 2", "rule: dateline"), "routing");
        assertThat(m).contains("dor, minimal-adaptive").contains("torus").endsWith("found \"ugal\"");
    }

    @Test
    void turnaroundOnAButterflyListsDestinationTag() throws IOException {
        String m = rejected(spec(FLY, "routing: turnaround"), "routing");
        assertThat(m).contains("destination-tag").contains("butterfly").doesNotContain("minimal");
    }

    @Test
    void destinationTagOnABminListsTurnaround() throws IOException {
        String m = rejected(spec(BMIN, "routing: destination-tag"), "routing");
        assertThat(m).contains("turnaround").contains("bmin");
    }

    @Test
    void minimalAdaptiveOnAFlattenedButterflyIsRejected() throws IOException {
        String m = rejected(spec(FB, "routing: minimal-adaptive", "vcs: 2"), "routing");
        assertThat(m).contains("minimal, ugal").contains("flattened-butterfly");
    }

    @Test
    void ugalOnAButterflyIsRejected() throws IOException {
        rejected(spec(FLY, "routing: ugal"), "routing");
    }

    // --- minimal-adaptive: escape rules and their VCs -------------------------------

    @Test
    void minimalAdaptiveWithDatelineNeedsThreeVcs() throws IOException {
        String m = rejected(spec(TORUS, "routing: minimal-adaptive", "vcs: 2", "rule: dateline"), "vcs");
        assertThat(m).contains("at least 3").endsWith("found 2");
    }

    @Test
    void minimalAdaptiveWithDatelineAndNoVcsNamesVcs() throws IOException {
        String m = rejected(spec(TORUS, "routing: minimal-adaptive", "rule: dateline"), "vcs");
        assertThat(m).contains("at least 3");
    }

    @Test
    void minimalAdaptiveWithDatelineAndThreeVcsIsAccepted() throws Exception {
        Spec s = read(spec(TORUS, "routing: minimal-adaptive", "vcs: 3", "rule: dateline"));
        assertThat(s.routing().name()).isEqualTo("minimal-adaptive");
        assertThat(s.routing().hasEscape()).isTrue();
        assertThat(s.network().vcs()).isEqualTo(3);
        assertThat(s.network().ringVcs()).isEqualTo(2);
        assertThat(s.escapeAny()).isFalse();
    }

    @Test
    void minimalAdaptiveWithCriticalBubbleNeedsTwoVcs() throws IOException {
        String m = rejected(spec(UNI_TORUS, "routing: minimal-adaptive", "vcs: 1", "rule: critical-bubble"), "vcs");
        assertThat(m).contains("at least 2").endsWith("found 1");
    }

    @Test
    void minimalAdaptiveWithCriticalBubbleAndTwoVcsIsAccepted() throws Exception {
        Spec s = read(spec(UNI_TORUS, "routing: minimal-adaptive", "vcs: 2", "rule: critical-bubble"));
        assertThat(s.network().vcs()).isEqualTo(2);
        assertThat(s.network().ringVcs()).isEqualTo(1);
        assertThat(s.rule().marksPerRing()).isPositive();
    }

    @Test
    void vcPerHopWithMinimalAdaptiveIsRejected() throws IOException {
        String m = rejected(spec(TORUS, "routing: minimal-adaptive", "vcs: 4", "rule: vc-per-hop"), "rule");
        assertThat(m).contains("escape").endsWith("found vc-per-hop");
    }

    @Test
    void vcPerHopWithMinimalAdaptiveInAMappingNamesRuleKind() throws IOException {
        rejected(spec(TORUS, "routing: minimal-adaptive", "vcs: 4", "rule: {kind: vc-per-hop}"), "rule.kind");
    }

    // --- bubble rules need rings ----------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"critical-bubble", "theoretical-bubble", "localized-bubble"})
    void bubbleRuleOnAButterflyIsRejected(String rule) throws IOException {
        String m = rejected(spec(FLY, "capacity: 2", "rule: " + rule), "rule");
        assertThat(m).contains("butterfly").endsWith("found " + rule);
    }

    @ParameterizedTest
    @ValueSource(strings = {"critical-bubble", "theoretical-bubble", "localized-bubble"})
    void bubbleRuleOnADragonflyIsRejected(String rule) throws IOException {
        String m = rejected(spec(DF, "capacity: 2", "rule: {kind: " + rule + "}"), "rule.kind");
        assertThat(m).contains("dragonfly").endsWith("found " + rule);
    }

    @Test
    void bubbleRuleOnABminAndAFlattenedButterflyIsRejected() throws IOException {
        rejected(spec(BMIN, "capacity: 2", "rule: theoretical-bubble"), "rule");
        rejected(spec(FB, "capacity: 2", "rule: critical-bubble"), "rule");
    }

    @Test
    void vcPerHopIsAcceptedOnADragonfly() throws Exception {
        Spec s = read(spec(DF, "routing: ugal", "vcs: 5", "rule: vc-per-hop"));
        assertThat(s.network().vcs()).isEqualTo(5);
    }

    // --- escape policy --------------------------------------------------------------

    @Test
    void escapeAnyIsAcceptedWithMinimalAdaptive() throws Exception {
        Spec s = read(spec(TORUS, "routing: minimal-adaptive", "escape: any", "vcs: 3", "rule: dateline"));
        assertThat(s.escapeAny()).isTrue();
        assertThat(s.model()).isNotNull();
    }

    @Test
    void escapeWhenBlockedIsTheDefault() throws Exception {
        Spec s = read(spec(TORUS, "routing: minimal-adaptive", "escape: when-blocked", "vcs: 3", "rule: dateline"));
        assertThat(s.escapeAny()).isFalse();
    }

    @Test
    void unknownEscapePolicyIsRejected() throws IOException {
        String m = rejected(spec(TORUS, "routing: minimal-adaptive", "escape: sometimes", "vcs: 3", "rule: dateline"),
            "escape");
        assertThat(m).contains("when-blocked, any").endsWith("found \"sometimes\"");
    }

    @Test
    void escapeOnDorIsRejected() throws IOException {
        String m = rejected(spec(TORUS, "routing: dor", "escape: any", "vcs: 2", "rule: dateline"), "escape");
        assertThat(m).contains("dor").endsWith("found \"any\"");
    }

    @Test
    void escapeOnTheDefaultRoutingOfATorusIsRejected() throws IOException {
        rejected(spec(TORUS, "escape: when-blocked", "vcs: 2", "rule: dateline"), "escape");
    }

    @Test
    void escapeOnUgalIsRejected() throws IOException {
        rejected(spec(DF, "routing: ugal", "escape: any"), "escape");
    }

    // --- explicit traffic pairs -----------------------------------------------------

    private static String torusWithTraffic(String traffic) {
        return spec("{kind: torus, radix: [3, 3]}", "traffic: " + traffic);
    }

    @Test
    void explicitPairsAreExactlyTheListedOnes() throws Exception {
        Spec s = read(torusWithTraffic("{pairs: [[\"(0,0)\", \"(2,2)\"]]}"));
        // Torus node = x + 3*y: (0,0) is 0, (2,2) is 8
        assertThat(pairs(s)).containsExactly("0->8");
        assertThat(s.traffic()).isEqualTo("1 listed pair");
    }

    @Test
    void severalExplicitPairsKeepTheirOrder() throws Exception {
        Spec s = read(torusWithTraffic("{pairs: [[\"(1,0)\", \"(0,2)\"], [\"(0,2)\", \"(1,0)\"], [\"(2,1)\", \"(0,0)\"]]}"));
        assertThat(pairs(s)).containsExactly("1->6", "6->1", "5->0");
        assertThat(s.traffic()).isEqualTo("3 listed pairs");
    }

    @Test
    void explicitPairsOnAButterflyNameTerminals() throws Exception {
        Spec s = read(spec(FLY, "traffic: {pairs: [[t0, t7], [t3, t1]]}"));
        assertThat(pairs(s)).containsExactly("0->7", "3->1");
    }

    @Test
    void aSwitchIsNoEndpointOfExplicitTraffic() throws IOException {
        String m = rejected(spec(FLY, "traffic: {pairs: [[t0, s0.1]]}"), "traffic.pairs[0][1]");
        assertThat(m).endsWith("found \"s0.1\"");
    }

    @Test
    void unknownNodeNameIsNamedWithBothIndices() throws IOException {
        String m = rejected(torusWithTraffic("{pairs: [[\"(0,0)\", \"(2,2)\"], [\"(5,5)\", \"(0,0)\"]]}"),
            "traffic.pairs[1][0]");
        assertThat(m).contains("(0,0)").contains("(2,2)").endsWith("found \"(5,5)\"");
    }

    @Test
    void unknownDestinationNameIsNamedWithItsIndex() throws IOException {
        String m = rejected(torusWithTraffic("{pairs: [[\"(0,0)\", \"0\"]]}"), "traffic.pairs[0][1]");
        assertThat(m).endsWith("found \"0\"");
    }

    @Test
    void aPairOfEqualNodesIsRejected() throws IOException {
        String m = rejected(torusWithTraffic("{pairs: [[\"(0,0)\", \"(2,2)\"], [\"(1,1)\", \"(1,1)\"]]}"),
            "traffic.pairs[1]");
        assertThat(m).contains("two different endpoints");
    }

    @Test
    void aRepeatedPairIsRejected() throws IOException {
        String m = rejected(torusWithTraffic(
            "{pairs: [[\"(0,0)\", \"(2,2)\"], [\"(2,2)\", \"(0,0)\"], [\"(0,0)\", \"(2,2)\"]]}"), "traffic.pairs[2]");
        assertThat(m).contains("not listed before");
    }

    @Test
    void anEmptyListOfPairsIsRejected() throws IOException {
        String m = rejected(torusWithTraffic("{pairs: []}"), "traffic.pairs");
        assertThat(m).contains("non-empty list").endsWith("found []");
    }

    @Test
    void missingPairsIsRejected() throws IOException {
        String m = rejected(torusWithTraffic("{}"), "traffic.pairs");
        assertThat(m).contains("missing");
    }

    @Test
    void pairsThatIsNotAListIsRejected() throws IOException {
        rejected(torusWithTraffic("{pairs: \"(0,0)\"}"), "traffic.pairs");
    }

    @Test
    void aListElementThatIsNotAPairIsRejected() throws IOException {
        rejected(torusWithTraffic("{pairs: [[\"(0,0)\", \"(2,2)\"], \"(1,1)\"]}"), "traffic.pairs[1]");
        rejected(torusWithTraffic("{pairs: [[\"(0,0)\", \"(2,2)\", \"(1,1)\"]]}"), "traffic.pairs[0]");
        rejected(torusWithTraffic("{pairs: [[\"(0,0)\"]]}"), "traffic.pairs[0]");
    }

    @Test
    void aNodeThatIsNotAScalarIsRejected() throws IOException {
        rejected(torusWithTraffic("{pairs: [[\"(0,0)\", [\"(2,2)\"]]]}"), "traffic.pairs[0][1]");
    }

    @Test
    void unknownKeyUnderTrafficIsNamed() throws IOException {
        String m = rejected(torusWithTraffic("{pairs: [[\"(0,0)\", \"(2,2)\"]], weights: [1]}"), "traffic.weights");
        assertThat(m).contains("pairs").endsWith("found an unknown field");
    }

    // --- traffic patterns on multistage networks ------------------------------------

    @Test
    void allPairsOnATwoAryTwoFlyIsBetweenTerminalsOnly() throws Exception {
        Spec s = read(spec("{kind: butterfly, radix: 2, stages: 2}", "traffic: all-pairs"));
        assertThat(s.topology().nodes()).isEqualTo(4 + 2 * 2);
        assertThat(s.pairs()).hasSize(12);
        assertThat(s.pairs()).allSatisfy(p -> {
            assertThat(p[0]).isBetween(0, 3);
            assertThat(p[1]).isBetween(0, 3);
            assertThat(p[0]).isNotEqualTo(p[1]);
        });
        assertThat(pairs(s)).doesNotHaveDuplicates();
    }

    @Test
    void allPairsIsTheDefaultTraffic() throws Exception {
        Spec s = read(spec(BMIN));
        assertThat(s.pairs()).hasSize(8 * 7);
        assertThat(s.traffic()).isEqualTo("all-pairs");
    }

    @Test
    void torusNodeIdsFollowXPlusThreeY() throws Exception {
        Spec s = read(spec(UNI_TORUS));
        assertThat(s.topology()).isInstanceOf(Torus.class);
        assertThat(s.topology().nodeName(0)).isEqualTo("(0,0)");
        assertThat(s.topology().nodeName(5)).isEqualTo("(2,1)");
        assertThat(s.topology().nodeName(8)).isEqualTo("(2,2)");
    }
}
