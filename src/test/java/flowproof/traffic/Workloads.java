package flowproof.traffic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.topology.Topology;
import java.io.UncheckedIOException;

/** Test helpers: workloads from YAML text, destination tables of a run. */
final class Workloads {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Workloads() {
    }

    /** The tree of a YAML text (the body of a spec's simulation mapping). */
    static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads a simulation mapping given as YAML. */
    static Workload read(String simulation, Topology topology) {
        return WorkloadReader.read(yaml(simulation), topology);
    }

    /** The destination of every terminal at {@code cycle} of a run (one draw each). */
    static int[] destinations(Workload w, long seed, long cycle) {
        Workload.Generator g = w.start(seed);
        int[] d = new int[w.terminals()];
        for (int t = 0; t < d.length; t++) {
            d[t] = g.destination(t, cycle);
        }
        return d;
    }

    /** The destination of every terminal under a static pattern (seed 1, cycle 0). */
    static int[] destinations(String traffic, Topology topology) {
        return destinations(read("traffic: " + traffic, topology), 1, 0);
    }
}
