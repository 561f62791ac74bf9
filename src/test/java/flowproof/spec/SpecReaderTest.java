package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.Verdict;
import flowproof.rule.RuleKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of bad spec comes back as a {@link SpecException} whose message is one line,
 * {@code FILE: FIELD: expected ..., found ...}, naming the field at fault.
 */
class SpecReaderTest {

    /** A valid minimal spec (ring of 3, capacity 1, VCT); tests append or replace lines. */
    private static final String RING3 = """
        name: t
        topology: {kind: ring, radix: [3]}
        capacity: 1
        rule: vct
        """;

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("spec.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private SpecException failure(Path file) {
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecReader.read(file));
        assertThat(e).as("SpecReader.read should reject %s", file).isNotNull();
        assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\r");
        assertThat(e.getMessage()).startsWith(file + ": ");
        return e;
    }

    /**
     * Reads {@code yaml} and asserts the one-line message
     * {@code FILE: FIELD: expected ..., found ...}; returns the message.
     */
    private String rejected(String yaml, String field) throws IOException {
        Path file = write(yaml);
        String m = failure(file).getMessage();
        assertThat(m).startsWith(file + ": " + field + ": expected ");
        assertThat(m).contains(", found ");
        return m;
    }

    // --- unknown fields -------------------------------------------------------------

    @Test
    void unknownTopLevelFieldIsNamed() throws IOException {
        String m = rejected(RING3 + "colour: blue\n", "colour");
        assertThat(m).contains("capacity").endsWith("found an unknown field");
    }

    @Test
    void unknownFieldInsideTopologyIsNamedWithItsPath() throws IOException {
        String m = rejected("""
            name: t
            topology: {kind: ring, radix: [3], dims: 2}
            capacity: 1
            rule: vct
            """, "topology.dims");
        assertThat(m).contains("kind, radix, bidirectional");
    }

    @Test
    void unknownFieldInsideRuleIsNamedWithItsPath() throws IOException {
        String m = rejected("""
            name: t
            topology: {kind: ring, radix: [3]}
            capacity: 1
            rule: {kind: vct, size: 2}
            """, "rule.size");
        assertThat(m).contains("kind, bubbles");
    }

    @Test
    void unknownFieldInsideLimitsIsNamedWithItsPath() throws IOException {
        rejected(RING3 + "limits: {memory: 100}\n", "limits.memory");
    }

    // --- unknown names --------------------------------------------------------------

    @Test
    void unknownTopologyKindNamesTopologyKind() throws IOException {
        String m = rejected("""
            name: t
            topology: {kind: moebius, radix: [3]}
            capacity: 1
            rule: vct
            """, "topology.kind");
        assertThat(m).contains("mesh, opensm, ring, torus").endsWith("found \"moebius\"");
    }

    @Test
    void unknownRuleGivenAsAStringNamesTheRuleField() throws IOException {
        String m = rejected(RING3.replace("rule: vct", "rule: foo"), "rule");
        assertThat(m).contains(RuleKind.keys()).endsWith("found \"foo\"");
    }

    @Test
    void unknownRuleKindInAMappingNamesRuleKind() throws IOException {
        String m = rejected(RING3.replace("rule: vct", "rule: {kind: foo}"), "rule.kind");
        assertThat(m).contains(RuleKind.keys()).endsWith("found \"foo\"");
    }

    @Test
    void unknownRoutingNamesRouting() throws IOException {
        String m = rejected(RING3 + "routing: adaptive\n", "routing");
        assertThat(m).contains("dor").endsWith("found \"adaptive\"");
    }

    @Test
    void unknownTrafficPatternNamesTraffic() throws IOException {
        String m = rejected(RING3 + "traffic: hotspot\n", "traffic");
        assertThat(m).contains("all-pairs").endsWith("found \"hotspot\"");
    }

    @Test
    void unknownPropertyNamesItsIndexInTheList() throws IOException {
        String m = rejected(RING3 + "properties: [stuck-freedom, liveness]\n", "properties[1]");
        assertThat(m).contains(Property.keys()).endsWith("found \"liveness\"");
    }

    // --- missing required fields ----------------------------------------------------

    @Test
    void missingNameIsNamed() throws IOException {
        String m = rejected(RING3.replace("name: t\n", ""), "name");
        assertThat(m).contains("missing");
    }

    @Test
    void missingTopologyIsNamed() throws IOException {
        String m = rejected(RING3.replace("topology: {kind: ring, radix: [3]}\n", ""), "topology");
        assertThat(m).contains("missing");
    }

    @Test
    void missingCapacityIsNamed() throws IOException {
        String m = rejected(RING3.replace("capacity: 1\n", ""), "capacity");
        assertThat(m).contains("missing");
    }

    @Test
    void missingRuleIsNamed() throws IOException {
        String m = rejected(RING3.replace("rule: vct\n", ""), "rule");
        assertThat(m).contains("missing");
    }

    // --- wrong types ----------------------------------------------------------------

    @Test
    void capacityGivenAsAStringIsAWrongType() throws IOException {
        String m = rejected(RING3.replace("capacity: 1", "capacity: \"two\""), "capacity");
        assertThat(m).contains("positive integer").endsWith("found \"two\"");
    }

    @Test
    void fractionalVcsIsAWrongType() throws IOException {
        String m = rejected(RING3 + "vcs: 1.5\n", "vcs");
        assertThat(m).contains("positive integer").endsWith("found 1.5");
    }

    @Test
    void nonIntegerRadixNamesItsIndex() throws IOException {
        String m = rejected(RING3.replace("radix: [3]", "radix: [4, x]"), "topology.radix[1]");
        assertThat(m).endsWith("found \"x\"");
    }

    @Test
    void bidirectionalGivenAsAStringIsAWrongType() throws IOException {
        String m = rejected(RING3.replace("radix: [3]", "radix: [3], bidirectional: \"yes\""),
            "topology.bidirectional");
        assertThat(m).contains("true or false").endsWith("found \"yes\"");
    }

    @Test
    void negativeStateLimitNamesLimitsStates() throws IOException {
        String m = rejected(RING3 + "limits: {states: -3}\n", "limits.states");
        assertThat(m).endsWith("found -3");
    }

    // --- values out of range --------------------------------------------------------

    @Test
    void zeroCapacityIsRejected() throws IOException {
        String m = rejected(RING3.replace("capacity: 1", "capacity: 0"), "capacity");
        assertThat(m).endsWith("found 0");
    }

    @Test
    void radixOneIsRejected() throws IOException {
        String m = rejected(RING3.replace("radix: [3]", "radix: [1]"), "topology.radix[0]");
        assertThat(m).contains("at least 2").endsWith("found 1");
        String scalar = rejected(RING3.replace("radix: [3]", "radix: 1"), "topology.radix");
        assertThat(scalar).contains("at least 2").endsWith("found 1");
    }

    @Test
    void aTorusOfSixteenThousandThreeHundredEightyFourNodesLoads() throws IOException, SpecException {
        Spec spec = SpecReader.read(write(RING3.replace("{kind: ring, radix: [3]}",
            "{kind: torus, radix: [128, 128], bidirectional: true}")));
        assertThat(spec.topology().nodes()).isEqualTo(SpecReader.MAX_TORUS_NODES).isEqualTo(16_384);
        assertThat(spec.pairs()).hasSize(16_384 * 16_383);
    }

    @Test
    void aTorusAboveTheLimitNamesTheRadixInOneLine() throws IOException {
        String m = rejected(RING3.replace("{kind: ring, radix: [3]}", "{kind: torus, radix: [128, 129]}"),
            "topology.radix");
        assertThat(m).contains("at most 16384 nodes").endsWith("found [128,129]");
        String mesh = rejected(RING3.replace("{kind: ring, radix: [3]}", "{kind: mesh, radix: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]}"),
            "topology.radix");
        assertThat(mesh).contains("at most 16384 nodes");
    }

    @Test
    void datelineWithOneVcNamesTheVcsField() throws IOException {
        String m = rejected(RING3.replace("rule: vct", "rule: dateline") + "vcs: 1\n", "vcs");
        assertThat(m).contains("2 for rule dateline").endsWith("found 1");
    }

    @Test
    void bubblesOnANonCriticalRuleNameRuleBubbles() throws IOException {
        String m = rejected(RING3.replace("rule: vct", "rule: {kind: theoretical-bubble, bubbles: 1}"),
            "rule.bubbles");
        assertThat(m).contains("theoretical-bubble");
    }

    @Test
    void criticalBubbleWithMoreBubblesThanCapacityNamesRuleBubbles() throws IOException {
        String m = rejected(RING3.replace("rule: vct", "rule: {kind: critical-bubble, bubbles: 2}"),
            "rule.bubbles");
        assertThat(m).contains("capacity (1)").endsWith("found 2");
    }

    @Test
    void criticalBubbleInvariantForRuleVctNamesTheProperty() throws IOException {
        String m = rejected(RING3 + "properties: [stuck-freedom, critical-bubble-invariant]\n", "properties[1]");
        assertThat(m).contains("critical-bubble").endsWith("found \"critical-bubble-invariant\"");
    }

    @Test
    void expectIncompleteIsRejected() throws IOException {
        String m = rejected(RING3 + "expect: incomplete\n", "expect");
        assertThat(m).contains("deadlock-free, proved or counterexample").endsWith("found \"incomplete\"");
    }

    @Test
    void expectMaybeIsRejected() throws IOException {
        String m = rejected(RING3 + "expect: maybe\n", "expect");
        assertThat(m).endsWith("found \"maybe\"");
    }

    @Test
    void meshWithBidirectionalFalseIsRejected() throws IOException {
        String m = rejected("""
            name: t
            topology: {kind: mesh, radix: [3, 3], bidirectional: false}
            capacity: 1
            rule: vct
            """, "topology.bidirectional");
        assertThat(m).contains("mesh").endsWith("found false");
    }

    @Test
    void ringWithTwoRadicesIsRejected() throws IOException {
        String m = rejected(RING3.replace("radix: [3]", "radix: [3, 3]"), "topology.radix");
        assertThat(m).contains("one radix for a ring");
    }

    @Test
    void nameWithASlashIsRejected() throws IOException {
        String m = rejected(RING3.replace("name: t", "name: a/b"), "name");
        assertThat(m).endsWith("found \"a/b\"");
    }

    // --- files that are not specs ---------------------------------------------------

    @Test
    void malformedYamlSaysNotValidYaml() throws IOException {
        Path file = write(RING3.replace("radix: [3]}", "radix: [3]"));
        String m = failure(file).getMessage();
        assertThat(m).startsWith(file + ": not valid YAML: ").contains("line ");
    }

    @Test
    void duplicateFieldSaysNotValidYaml() throws IOException {
        Path file = write(RING3 + "capacity: 2\n");
        String m = failure(file).getMessage();
        assertThat(m).startsWith(file + ": not valid YAML: ").contains("capacity");
    }

    @Test
    void missingFileSaysNoSuchFile() {
        Path file = dir.resolve("nothing-here.yaml");
        assertThat(failure(file).getMessage()).isEqualTo(file + ": no such file");
    }

    @Test
    void emptyFileIsRejectedAsAnEmptyDocument() throws IOException {
        String m = rejected("", "(document)");
        assertThat(m).endsWith("found an empty document");
    }

    @Test
    void topLevelListIsNotASpec() throws IOException {
        rejected("- name: t\n- capacity: 1\n", "(document)");
    }

    @Test
    void undefinedAliasIsNotValidYaml() throws IOException {
        Path file = write(RING3.replace("rule: vct", "rule: *vct"));
        String m = failure(file).getMessage();
        assertThat(m).startsWith(file + ": not valid YAML: ");
    }

    @Test
    void aSecondYamlDocumentIsAnError() throws IOException {
        Path file = write(RING3 + "---\nname: other\n");
        String m = failure(file).getMessage();
        assertThat(m).startsWith(file + ": not valid YAML: a second YAML document (after ---): a file holds one");
    }

    @Test
    void aSecondDocumentAfterAnAliasIsAnErrorToo() throws IOException {
        Path file = write("x: &v vct\n" + RING3.replace("rule: vct", "rule: *v") + "---\nname: other\n");
        String m = failure(file).getMessage();
        assertThat(m).startsWith(file + ": not valid YAML: a second YAML document (after ---): a file holds one");
    }

    // --- valid specs ----------------------------------------------------------------

    @Test
    void validSpecReadsBackEveryField() throws IOException, SpecException {
        Path file = write("""
            name: ring4-cbs
            description: a small critical-bubble ring
            topology: {kind: ring, radix: 4, bidirectional: false}
            routing: dor
            vcs: 1
            capacity: 2
            rule: {kind: critical-bubble, bubbles: 2}
            traffic: neighbor
            properties: [stuck-freedom, critical-bubble-invariant]
            expect: deadlock-free
            limits: {states: 1000, seconds: 5}
            """);
        Spec s = SpecReader.read(file);
        assertThat(s.source()).isEqualTo(file.toString());
        assertThat(s.name()).isEqualTo("ring4-cbs");
        assertThat(s.description()).isEqualTo("a small critical-bubble ring");
        assertThat(s.topology().nodes()).isEqualTo(4);
        assertThat(s.network().vcs()).isEqualTo(1);
        assertThat(s.network().capacity()).isEqualTo(2);
        assertThat(s.rule().kind()).isEqualTo(RuleKind.CRITICAL_BUBBLE);
        assertThat(s.rule().marksPerRing()).isEqualTo(2);
        assertThat(s.traffic()).isEqualTo("neighbor");
        assertThat(s.pairs()).hasSize(4);
        assertThat(s.properties()).containsExactly(Property.STUCK_FREEDOM, Property.CRITICAL_BUBBLE_INVARIANT);
        assertThat(s.expect()).isEqualTo(Verdict.DEADLOCK_FREE);
        assertThat(s.limits().states()).isEqualTo(1000);
        assertThat(s.limits().seconds()).isEqualTo(5.0);
    }

    @Test
    void minimalSpecGetsTheDefaults() throws IOException, SpecException {
        Spec s = SpecReader.read(write(RING3));
        assertThat(s.name()).isEqualTo("t");
        assertThat(s.description()).isEmpty();
        assertThat(s.network().vcs()).isEqualTo(1);
        assertThat(s.network().capacity()).isEqualTo(1);
        assertThat(s.rule().kind()).isEqualTo(RuleKind.VCT);
        assertThat(s.traffic()).isEqualTo("all-pairs");
        assertThat(s.pairs()).hasSize(6);
        assertThat(s.properties()).isNull();
        assertThat(s.expect()).isNull();
        assertThat(s.limits()).isEqualTo(Limits.defaults());
    }
}
