package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.explore.Semantics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spec fields of issue 8's semantics half: semantics, injection-queue, rule.drift, rule.global. */
class TimingSpecTest {

    private static final String RING3 = """
        name: t
        topology: {kind: ring, radix: [3]}
        capacity: 1
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
            .contains("atomic, snapshot");
    }
}
