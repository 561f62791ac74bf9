package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.explore.Semantics;
import flowproof.explore.Wormhole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spec fields of issue 8: semantics, injection-queue, rule.drift, rule.global, and wormhole mode
 * (flow, packet-flits, capacity counted in flits).
 */
class TimingSpecTest {

    private static final String RING3 = """
        name: t
        topology: {kind: ring, radix: [3]}
        capacity: 1
        """;

    private static final String RING4 = """
        name: w
        topology: {kind: ring, radix: [4]}
        """;

    @TempDir
    Path dir;

    private Spec read(String yaml) throws IOException, SpecException {
        Path file = dir.resolve("spec.yaml");
        Files.writeString(file, yaml);
        return SpecReader.read(file);
    }

    private String rejected(String yaml, String field) throws IOException {
        Path file = dir.resolve("spec.yaml");
        Files.writeString(file, yaml);
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecReader.read(file));
        assertThat(e).as(yaml).isNotNull();
        assertThat(e.getMessage()).doesNotContain("\n").startsWith(file + ": " + field + ": expected ").contains(", found ");
        return e.getMessage();
    }

    @Test
    void defaultsAreTheReferenceModel() throws Exception {
        Spec s = read(RING3 + "rule: critical-bubble\n");
        assertThat(s.semantics()).isEqualTo(Semantics.INTERLEAVING);
        assertThat(s.injectionQueue()).isZero();
        assertThat(s.rule().marksDrift()).isFalse();
        assertThat(s.model().supportsSymmetry()).isTrue();
    }

    @Test
    void theNewFieldsAreRead() throws Exception {
        Spec s = read(RING3 + "rule: {kind: critical-bubble, drift: true}\nsemantics: synchronous\ninjection-queue: 2\n");
        assertThat(s.semantics()).isEqualTo(Semantics.SYNCHRONOUS);
        assertThat(s.injectionQueue()).isEqualTo(2);
        assertThat(s.rule().marksDrift()).isTrue();
        assertThat(s.model().supportsSymmetry()).isFalse();
        assertThat(s.model().describe()).contains("drift").contains("synchronous steps").contains("injection queues of 2");
        assertThat(read(RING3 + "rule: {kind: theoretical-bubble, global: snapshot}\n").rule().globalReadAtomic()).isFalse();
        assertThat(read(RING3 + "rule: {kind: theoretical-bubble, global: atomic}\n").rule().globalReadAtomic()).isTrue();
    }

    @Test
    void badValuesAreOneLineErrorsNamingTheField() throws IOException {
        assertThat(rejected(RING3 + "rule: vct\nsemantics: lockstep\n", "semantics"))
            .contains("interleaving, synchronous").endsWith("found \"lockstep\"");
        assertThat(rejected(RING3 + "rule: vct\ninjection-queue: -1\n", "injection-queue")).endsWith("found -1");
        assertThat(rejected(RING3 + "rule: vct\ninjection-queue: many\n", "injection-queue")).endsWith("found \"many\"");
        assertThat(rejected(RING3 + "rule: vct\ninjection-queue: 100\n", "injection-queue")).contains("at most");
        assertThat(rejected(RING3 + "rule: {kind: critical-bubble, drift: yes please}\n", "rule.drift"))
            .contains("true or false");
        assertThat(rejected(RING3 + "rule: {kind: vct, drift: true}\n", "rule.drift")).contains("only critical-bubble");
        assertThat(rejected(RING3 + "rule: {kind: critical-bubble, global: snapshot}\n", "rule.global"))
            .contains("only theoretical-bubble");
        assertThat(rejected(RING3 + "rule: {kind: theoretical-bubble, global: sometimes}\n", "rule.global"))
            .contains("atomic or snapshot");
    }

    @Test
    void vctIsTheDefaultFlow() throws Exception {
        Spec s = read(RING4 + "capacity: 2\nrule: vct\n");
        assertThat(s.wormhole()).isNull();
        assertThat(s.network().capacity()).isEqualTo(2);
        assertThat(read(RING4 + "capacity: 2\nrule: vct\nflow: vct\n").wormhole()).isNull();
    }

    @Test
    void wormholeCountsCapacityInFlits() throws Exception {
        Spec s = read(RING4 + "capacity: 3\nrule: theoretical-bubble\nflow: wormhole\npacket-flits: 5\n");
        assertThat(s.wormhole()).isEqualTo(new Wormhole(5, 3));
        assertThat(s.network().capacity()).as("the rule's view: one packet slot per VC").isEqualTo(1);
        assertThat(s.model().wormhole()).isEqualTo(new Wormhole(5, 3));
        assertThat(s.model().supportsSymmetry()).as("worms are permuted by the symmetry reduction (issue 40)").isTrue();
    }

    @Test
    void badWormholeValuesAreOneLineErrorsNamingTheField() throws IOException {
        assertThat(rejected(RING4 + "capacity: 1\nrule: vct\nflow: cut-through\n", "flow"))
            .contains("vct, wormhole").endsWith("found \"cut-through\"");
        assertThat(rejected(RING4 + "capacity: 1\nrule: vct\nflow: wormhole\n", "packet-flits"))
            .endsWith("nothing (the field is missing)");
        assertThat(rejected(RING4 + "capacity: 1\nrule: vct\nflow: wormhole\npacket-flits: 0\n", "packet-flits"))
            .endsWith("found 0");
        assertThat(rejected(RING4 + "capacity: 0\nrule: vct\nflow: wormhole\npacket-flits: 2\n", "capacity"))
            .endsWith("found 0");
        assertThat(rejected(RING4 + "capacity: 1\nrule: vct\npacket-flits: 2\n", "packet-flits"))
            .contains("flow: wormhole");
        assertThat(rejected(RING4 + "capacity: 1\nrule: critical-bubble\nflow: wormhole\npacket-flits: 2\n", "rule"))
            .contains("without critical marks").endsWith("found critical-bubble");
        assertThat(rejected(RING4 + "capacity: 1\nrule: vct\nflow: wormhole\npacket-flits: 2\nsemantics: synchronous\n",
            "semantics")).contains("interleaving under flow: wormhole");
        assertThat(rejected(RING4 + "capacity: 1\nrule: vct\nflow: wormhole\npacket-flits: 2\ninjection-queue: 1\n",
            "injection-queue")).endsWith("found 1");
        assertThat(rejected(RING4 + "capacity: 1\nrule: vct\nflow: wormhole\npacket-flits: 99999999999\n",
            "packet-flits")).contains("positive integer");
    }
}
