package flowproof.sim.queues;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.sim.SimConfig;
import flowproof.spec.SimulationReader;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Simulation configurations for the queue-organisation tests, read as {@code flowproof simulate} reads specs. */
final class QueueSpecs {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** The scaled FBICM traffic-#3 spec of the repository. */
    static final Path HOTSPOT = Path.of("specs/sim/fbicm-bmin64-hotspot.yaml");

    private QueueSpecs() {
    }

    /** A BMIN of radix k and n stages with turnaround routing and the given simulation lines. */
    static String bmin(int k, int n, String simulation) {
        return "name: bmin-queues\n"
            + "topology: {kind: bmin, radix: " + k + ", stages: " + n + "}\n"
            + "routing: turnaround\n"
            + "vcs: 1\n"
            + "rule: vct\n"
            + "simulation:\n" + simulation.indent(2);
    }

    /** The configuration of a spec text; throws {@link SpecException} when refused. */
    static SimConfig read(String yaml) throws SpecException {
        try {
            return SimulationReader.read(SpecReader.fromTree("test-spec.yaml", "", YAML.readTree(yaml)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static SimConfig parse(String yaml) {
        try {
            return read(yaml);
        } catch (SpecException e) {
            throw new AssertionError("spec refused: " + e.getMessage() + "\n" + yaml, e);
        }
    }

    /** The hot-spot spec with another control (a key or a flow mapping). */
    static SimConfig hotspot(String control) {
        try {
            String text = Files.readString(HOTSPOT).replaceFirst("(?m)^  control: .*$", "  control: " + control);
            return parse(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
