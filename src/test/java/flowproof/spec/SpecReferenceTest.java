package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/reference/spec.md is what {@link SpecFields} writes, and SpecFields is the readers'
 * own list of known fields: a field added to a reader without an entry fails when the
 * reader's class loads, an entry no reader reads fails here, and a page not regenerated
 * after an entry changed fails here. {@code -Dflowproof.writeReference=true} rewrites the page.
 */
class SpecReferenceTest {

    private static final Path PAGE = Path.of("docs/reference/spec.md");

    @Test
    void thePageIsUpToDate() throws Exception {
        String generated = SpecFields.markdown();
        if (Boolean.getBoolean("flowproof.writeReference")) {
            Files.createDirectories(PAGE.getParent());
            Files.writeString(PAGE, generated);
        }
        assertThat(Files.exists(PAGE)).as(PAGE + " exists").isTrue();
        assertThat(Files.readString(PAGE))
            .as("docs/reference/spec.md is stale: rerun with -Dflowproof.writeReference=true")
            .isEqualTo(generated);
    }

    @Test
    void everyEntryIsReadByAReaderAndEveryReadFieldHasAnEntry() throws Exception {
        // loading the readers builds their known-field lists through SpecFields.of/under, which throws for a
        // field without an entry
        for (Class<?> c : new Class<?>[] {SpecReader.class, SimulationReader.class, GraphFiles.class}) {
            Class.forName(c.getName(), true, c.getClassLoader());
        }
        assertThat(SpecFields.unused()).as("entries of SpecFields that no reader reads").isEmpty();
        assertThat(SpecReader.FIELDS).contains("name", "topology", "rule", "simulation", "messages");
        assertThat(SimulationReader.FIELDS).contains("buffer", "load", "control", "allocation");
    }

    @Test
    void aReaderCannotAcceptAFieldWithoutAnEntry() {
        assertThatThrownBy(() -> SpecFields.of("topology", "kind", "wrap-around"))
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("topology.wrap-around");
        assertThatThrownBy(() -> SpecFields.under("no-such-section")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyEntryHasATypeADefaultAndAnExampleThatIsYamlNamingIt() throws Exception {
        for (SpecFields.Field f : SpecFields.all()) {
            assertThat(f.type()).as(f.path() + " type").isNotBlank();
            assertThat(f.defaultValue()).as(f.path() + " default").isNotBlank();
            assertThat(f.meaning()).as(f.path() + " meaning").isNotBlank();
            JsonNode example = Yaml.read(f.example());
            assertThat(example != null && example.isObject()).as(f.path() + " example " + f.example()).isTrue();
            assertThat(f.example()).as(f.path() + " example names the field").contains(f.name());
        }
    }

    @Test
    void theTopLevelExamplesAreAcceptedByTheReader() throws Exception {
        // each top-level example, in a small spec that its field fits, is read without error
        String ring = "name: t\ntopology: {kind: ring, radix: 4}\ncapacity: 2\nrule: vct\n";
        java.util.Map<String, String> base = new java.util.HashMap<>();
        base.put("escape", "name: t\ntopology: {kind: torus, radix: [3, 3], bidirectional: true}\nrouting:"
            + " minimal-adaptive\nvcs: 2\ncapacity: 1\nrule: vct\n");
        base.put("packet-flits", ring.replace("capacity: 2\n", "capacity: 2\nflow: wormhole\n"));
        base.put("flow", ring.replace("capacity: 2\n", "capacity: 2\npacket-flits: 2\n"));
        base.put("vc-classes", ring.replace("capacity: 2\n", "capacity: 2\nvcs: 2\n"));
        base.put("messages", "name: t\ntopology: {kind: ring, radix: 4, bidirectional: true}\nvcs: 2\ncapacity: 1\n"
            + "rule: vct\n");
        base.put("properties", ring);
        Path dir = Files.createTempDirectory("spec-fields");
        for (SpecFields.Field f : SpecFields.all()) {
            if (!f.section().isEmpty()) {
                continue;
            }
            String spec = base.getOrDefault(f.name(), ring);
            StringBuilder text = new StringBuilder();
            for (String line : spec.split("\n")) {
                if (!line.startsWith(f.name() + ":")) {
                    text.append(line).append('\n');
                }
            }
            text.append(f.example()).append('\n');
            Path file = dir.resolve(f.name() + ".yaml");
            Files.writeString(file, text.toString());
            try {
                SpecReader.read(file);
            } catch (SpecException e) {
                throw new AssertionError("the example of " + f.path() + " (" + f.example() + ") is refused: "
                    + e.getMessage(), e);
            }
        }
    }
}
