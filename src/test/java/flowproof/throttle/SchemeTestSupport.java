package flowproof.throttle;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;

/** Reads simulation specs given as YAML text and runs them under a scheme. */
final class SchemeTestSupport {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private SchemeTestSupport() {
    }

    static Spec spec(String yaml) {
        try {
            return SpecReader.fromTree("test-spec.yaml", "", YAML.readTree(yaml));
        } catch (SpecException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError("spec refused: " + e.getMessage() + "\n" + yaml, e);
        }
    }

    /** The spec's simulation, checked every cycle. */
    static SimConfig config(String yaml) {
        try {
            return SimulationReader.read(spec(yaml)).withCheck(true);
        } catch (SpecException e) {
            throw new AssertionError("spec refused: " + e.getMessage() + "\n" + yaml, e);
        }
    }

    /** The one-line error the spec gives, or fails when it is accepted. */
    static String error(String yaml) {
        try {
            // the spec reader validates the simulation section too (one validator for the whole spec)
            SimulationReader.read(SpecReader.fromTree("test-spec.yaml", "", YAML.readTree(yaml)));
        } catch (SpecException e) {
            return e.getMessage();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new AssertionError("not YAML: " + e.getMessage() + "\n" + yaml, e);
        }
        throw new AssertionError("spec accepted:\n" + yaml);
    }

    /** {@code cfg} at {@code load} under the scheme {@code key} (defaults, or the spec's parameters for its own kind). */
    static SimResult run(SimConfig cfg, String key, double load) {
        SimConfig c = cfg.withWorkload(cfg.workload().atLoad(load))
            .withControl(Schemes.named(key, null, SimulationReader.schemeContext(cfg)));
        return Engine.of(c).run(null);
    }

    /** The 8x8 torus of the Critical Bubble Scheme paper (section V), shortened runs. */
    static String cbsTorus(int k, int cycles, String control) {
        return "name: cbs" + k + "\n"
            + "topology: {kind: torus, radix: [" + k + ", " + k + "], bidirectional: true}\n"
            + "routing: dor\n"
            + "vcs: 1\n"
            + "rule: critical-bubble\n"
            + "simulation:\n"
            + "  switching: vct\n"
            + "  buffer: 64\n"
            + "  packet-size: 8\n"
            + "  pipeline: 4\n"
            + "  traffic: uniform\n"
            + "  load: 0.3\n"
            + "  cycles: " + cycles + "\n"
            + "  warmup: " + cycles / 3 + "\n"
            + (control == null ? "" : "  control: " + control + "\n");
    }

    /** What {@code simulate FILE --cycles 100} answered for a spec written as {@code text} into {@code dir}. */
    record Cli(int code, java.util.List<String> errLines) {
    }

    static Cli simulate(java.nio.file.Path dir, String text) throws java.io.IOException {
        java.nio.file.Path file = dir.resolve("bad.yaml");
        java.nio.file.Files.writeString(file, text);
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = flowproof.cli.Main.run(new String[] {"simulate", file.toString(), "--cycles", "100"},
            new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true));
        return new Cli(code, err.toString().lines().toList());
    }
}
