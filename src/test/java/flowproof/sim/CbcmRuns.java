package flowproof.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.rule.FlowControlRule;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.spec.SimulationReader;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.throttle.Cbcm;
import flowproof.topology.Network;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Runs of the CBCM specs for tests and for docs/results/cbcm.md: the spec with its load,
 * scheme and run length replaced, the uniform traffic (every packet not to the hot spot)
 * measured apart through the delivery listener.
 *
 * <p>{@code java -cp ... flowproof.sim.CbcmRuns SPEC HOTSPOT CYCLES WARMUP LOAD SCHEME...}
 * prints one line per scheme (SCHEME a key or a YAML mapping such as {@code "{kind: cbcm}"}); HOTSPOT -1
 * replaces the spec's traffic with uniform traffic over every terminal.
 */
final class CbcmRuns {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** What one run measured of the traffic beside the hot spot, and of the scheme. */
    /** Debug breakdown by router (BYROUTER=1): assumes 16 terminals per router, as on the 16x16 spec. */
    static final long[] BY_ROUTER = System.getenv("BYROUTER") != null ? new long[64] : null;
    static final long[] BY_SRC = System.getenv("BYROUTER") != null ? new long[64] : null;

    record Outcome(String scheme, double load, long urPackets, double urMean, double urAccepted, double hotAccepted,
                   SimResult result, double anyThrottled, String detail) {
        String line() {
            return String.format(Locale.ROOT,
                "%-10s load %.3f  UR latency %8.1f (%d packets)  UR accepted %.4f  hot-spot accepted %.4f"
                    + "  control %d/%d  throttled %.5f%s",
                scheme, load, urMean, urPackets, urAccepted, hotAccepted, result.controlSent(),
                result.controlDelivered(), anyThrottled, result.deadlock() != null ? "  DEADLOCK" : "") + detail;
        }
    }

    private CbcmRuns() {
    }

    /** The spec at {@code file} with simulation.load, control and the run replaced. */
    static SimConfig config(Path file, double load, String scheme, long cycles, long warmup, long seed) {
        try {
            ObjectNode root = (ObjectNode) YAML.readTree(file.toFile());
            ObjectNode sim = (ObjectNode) root.get("simulation");
            if (load > 0) {
                sim.put("load", load);
            }
            sim.set("control", YAML.readTree(scheme));
            SimConfig cfg = SimulationReader.read(SpecReader.fromTree(file.toString(), "", root));
            return cfg.withRun(cycles, warmup, seed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SpecException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** Replaces the workload's traffic with {@code trafficYaml} (e.g. {@code uniform}). */
    static SimConfig withTraffic(SimConfig cfg, Path file, String trafficYaml, double load) {
        try {
            JsonNode sim = YAML.readTree("{traffic: " + trafficYaml + ", load: " + load + ", packet-size: "
                + cfg.workload().maxPacketSize() + "}");
            return cfg.withWorkload(flowproof.traffic.WorkloadReader.read(sim, cfg.network().topology()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code cfg}; packets to {@code hotSpot} are hot-spot traffic (-1: none). */
    static Outcome run(SimConfig cfg, int hotSpot, int urTerminals) {
        return run(cfg, hotSpot, urTerminals, false);
    }

    /** As {@link #run(SimConfig, int, int)}; {@code series} prints the scheme's series to stdout. */
    static Outcome run(SimConfig cfg, int hotSpot, int urTerminals, boolean series) {
        Cbcm.Control[] seen = new Cbcm.Control[1];
        Scheme inner = cfg.control();
        Scheme spy = new Scheme() {
            @Override
            public String key() {
                return inner.key();
            }

            @Override
            public String describe() {
                return inner.describe();
            }

            @Override
            public InjectionControl create(NetworkState state, long seed) {
                InjectionControl c = inner.create(state, seed);
                if (c instanceof Cbcm.Control cc) {
                    seen[0] = cc;
                }
                return c;
            }

            @Override
            public FlowControlRule rule(FlowControlRule specRule, Network network) {
                return inner.rule(specRule, network);
            }
        };
        long warmup = cfg.warmup();
        long end = cfg.cycles();
        long[] ur = new long[4];
        long[] urFlits = new long[1];
        long[] hotFlits = new long[1];
        Simulator sim = new Simulator(cfg.withControl(spy));
        sim.onDelivery((src, dst, size, created, injected, done, hops) -> {
            boolean hot = dst == hotSpot;
            if (done > warmup && done <= end) {
                if (hot) {
                    hotFlits[0] += size;
                } else {
                    urFlits[0] += size;
                }
            }
            if (!hot && created >= warmup && created < end) {
                ur[0]++;
                ur[1] += done - created;
                ur[2] += injected - created;
                if (BY_ROUTER != null) {
                    BY_ROUTER[dst / 16 * 2] += done - created;
                    BY_ROUTER[dst / 16 * 2 + 1]++;
                    BY_SRC[src / 16 * 2] += done - created;
                    BY_SRC[src / 16 * 2 + 1]++;
                }
            }
        });
        SimResult r = sim.run(null);
        if (series && r.controlSeries() != null) {
            SimResult.ControlSeries cs = r.controlSeries();
            System.out.println("cycle," + String.join(",", cs.names()));
            for (int i = 0; i < cs.t().length; i++) {
                StringBuilder b = new StringBuilder().append(cs.t()[i]);
                for (double[] v : cs.values()) {
                    b.append(",").append(v[i]);
                }
                System.out.println(b);
            }
        }
        long window = end - warmup;
        double urAccepted = (double) urFlits[0] / urTerminals / window;
        double hotAccepted = (double) hotFlits[0] / window;
        return new Outcome(inner.key(), cfg.workload().describe().isEmpty() ? 0 : nominal(cfg), ur[0],
            ur[0] == 0 ? Double.NaN : (double) ur[1] / ur[0], urAccepted, hotAccepted, r,
            seen[0] == null ? 0 : seen[0].anyThrottledFraction(), seen[0] == null ? String.format(Locale.ROOT, "  [source wait %.1f]", (double) ur[2] / Math.max(1, ur[0]))
                : String.format(Locale.ROOT,
                "  [source wait %.1f, throttle %d, unthrottle %d, marked %d, per-flow throttled %.5f, hot-spot exits %d]", (double) ur[2] / Math.max(1, ur[0]), seen[0].throttlePackets(),
                seen[0].unthrottlePackets(), seen[0].markedPackets(),
                seen[0].perFlowThrottledFraction((long) urTerminals * (urTerminals - 1)), seen[0].hotSpotExits()));
    }

    private static double nominal(SimConfig cfg) {
        return cfg.workload().start(cfg.seed()).offered(0);
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int hot = Integer.parseInt(args[1]);
        long cycles = Long.parseLong(args[2]);
        long warmup = Long.parseLong(args[3]);
        double load = Double.parseDouble(args[4]);
        int urTerminals = Integer.parseInt(args[5]);
        boolean series = System.getProperty("series") != null;
        for (int i = 6; i < args.length; i++) {
            SimConfig cfg = config(file, load, args[i], cycles, warmup, 1);
            if (hot < 0) {
                cfg = withTraffic(cfg, file, "uniform", load);
            }
            long t0 = System.nanoTime();
            Outcome o = run(cfg, hot, urTerminals, series);
            if (BY_ROUTER != null) {
                StringBuilder b = new StringBuilder("by dst router:");
                for (int q = 0; q < 16; q++) {
                    b.append(String.format(Locale.ROOT, " %.1f", (double) BY_ROUTER[2 * q] / Math.max(1, BY_ROUTER[2 * q + 1])));
                }
                b.append("\nby src router:");
                for (int q = 0; q < 16; q++) {
                    b.append(String.format(Locale.ROOT, " %.1f", (double) BY_SRC[2 * q] / Math.max(1, BY_SRC[2 * q + 1])));
                }
                System.out.println(b);
            }
            System.out.println(o.line() + String.format(Locale.ROOT, "  (%.1f s)", (System.nanoTime() - t0) / 1e9));
        }
    }
}
