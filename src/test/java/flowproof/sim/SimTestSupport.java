package flowproof.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.sim.SimConfig.Arbiter;
import flowproof.sim.SimConfig.Switching;
import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.traffic.Workload;
import flowproof.traffic.WorkloadReader;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/** Builds simulator configurations and workloads for tests. */
final class SimTestSupport {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private SimTestSupport() {
    }

    static SimConfig config(Network net, RoutingFunction routing, FlowControlRule rule, Workload w, Switching sw,
                            int bufferFlits, int pipeline, int link, long cycles, long warmup) {
        return new SimConfig(net, routing, rule, w, sw, Arbiter.ROUND_ROBIN, bufferFlits, pipeline, link, link, 1, 1,
            cycles, warmup, 1, 500, 100_000, false, true, 100, null, null);
    }

    /** A workload from the YAML text of a simulation mapping, e.g. {@code "{traffic: tornado, load: 0.5}"}. */
    static Workload workload(Topology topo, String simulationYaml) {
        return WorkloadReader.read(yaml(simulationYaml), topo);
    }

    static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The simulation of a spec given as YAML text (as {@code flowproof simulate} reads it), unchecked. */
    static SimConfig fromYaml(String yaml) {
        try {
            Spec spec = SpecReader.fromTree("test-spec.yaml", "", yaml(yaml));
            return SimulationReader.read(spec);
        } catch (SpecException e) {
            throw new AssertionError("spec refused: " + e.getMessage() + "\n" + yaml, e);
        }
    }

    /** Latency of every packet of a run of the spec {@code yaml}, checked every cycle, keyed by (source, destination, created); fails on a deadlock. */
    static java.util.Map<java.util.List<Long>, Long> latencies(String yaml) {
        java.util.Map<java.util.List<Long>, Long> out = new java.util.HashMap<>();
        SimResult r = new Simulator(fromYaml(yaml).withCheck(true)).onDelivery((s, d, size, created, inj, done, hops) ->
            out.put(java.util.List.of((long) s, (long) d, created), done - created)).run(null);
        if (r.deadlock() != null) {
            throw new AssertionError("deadlock: " + r.deadlock() + "\n" + yaml);
        }
        return out;
    }

    /** The one-line message the spec {@code yaml} (as file {@code t.yaml}) is refused with; fails if it is accepted or the message has two lines. */
    static String refused(String yaml) {
        try {
            SimulationReader.read(SpecReader.fromTree("t.yaml", "", yaml(yaml)));
        } catch (SpecException e) {
            if (e.getMessage().contains("\n")) {
                throw new AssertionError("a message of more than one line: " + e.getMessage());
            }
            return e.getMessage();
        }
        throw new AssertionError("accepted:\n" + yaml);
    }

    /** A spec with a bidirectional k x k torus, DOR and a dateline (2 VCs), and the given simulation lines. */
    static String torusDateline(int k, String simulation) {
        return "name: torus" + k + "-dateline\n"
            + "topology: {kind: torus, radix: [" + k + ", " + k + "], bidirectional: true}\n"
            + "routing: dor\n"
            + "vcs: 2\n"
            + "rule: dateline\n"
            + "simulation:\n" + simulation.indent(2);
    }

    static int terminals(Topology t) {
        return t.endpoints().length * t.concentration();
    }

    /** The router terminal {@code terminal} is attached to. */
    static int router(Topology t, int terminal) {
        return t.endpoints()[terminal / t.concentration()];
    }

    /**
     * Hops of the route a deterministic routing function gives a packet from router
     * {@code src} to router {@code dst}, walked channel by channel; fails on a choice.
     */
    static int routeLength(RoutingFunction routing, Topology topo, int src, int dst) {
        int[] out = new int[Math.max(4, routing.maxCandidates())];
        int[] hdr = new int[Math.max(4, routing.maxInjectHeaders())];
        routing.injectHeaders(src, dst, hdr);
        int header = hdr[0];
        int node = src;
        int in = -1;
        int hops = 0;
        while (routing.exitNode(header) != node) {
            int n = routing.candidates(node, in, header, out);
            if (n != 1) {
                throw new AssertionError(routing.name() + " offers " + n + " channels at " + topo.nodeName(node));
            }
            header = routing.afterHop(header, out[0]);
            node = topo.target(out[0]);
            in = out[0];
            if (++hops > topo.channels()) {
                throw new AssertionError("route " + src + " -> " + dst + " does not arrive");
            }
        }
        return hops;
    }

    /**
     * Wraps a workload and records every packet its generator creates (a destination was
     * drawn for it): per (source terminal, creation cycle), how many.
     */
    static final class Recording implements Workload {
        private final Workload inner;
        final Map<Long, Integer> created = new HashMap<>();
        long count;
        private int starts;

        Recording(Workload inner) {
            this.inner = inner;
        }

        static long key(int source, long cycle) {
            return cycle * 65_536 + source;
        }

        @Override
        public int terminals() {
            return inner.terminals();
        }

        /**
         * Records the packets of the first run started only: the simulator starts a second
         * one of the same seed to draw the packets of its source queues again, lazily, and
         * the deliveries must match what the first one created.
         */
        @Override
        public Generator start(long seed) {
            Generator g = inner.start(seed);
            boolean recording = starts++ == 0;
            return new Generator() {
                @Override
                public int packets(int terminal, long cycle) {
                    return g.packets(terminal, cycle);
                }

                @Override
                public int destination(int terminal, long cycle) {
                    int d = g.destination(terminal, cycle);
                    if (d >= 0 && recording) {
                        created.merge(key(terminal, cycle), 1, Integer::sum);
                        count++;
                    }
                    return d;
                }

                @Override
                public int size(int terminal) {
                    return g.size(terminal);
                }

                @Override
                public double offered(long cycle) {
                    return g.offered(cycle);
                }

                @Override
                public long lastGeneration() {
                    return g.lastGeneration();
                }
            };
        }

        @Override
        public int maxPacketSize() {
            return inner.maxPacketSize();
        }

        @Override
        public double meanPacketSize() {
            return inner.meanPacketSize();
        }

        @Override
        public boolean takesLoad() {
            return inner.takesLoad();
        }

        @Override
        public Workload atLoad(double load) {
            return new Recording(inner.atLoad(load));
        }

        @Override
        public String describe() {
            return inner.describe();
        }

        @Override
        public double[] destinationWeights(int terminal, long seed) {
            return inner.destinationWeights(terminal, seed);
        }
    }
}
