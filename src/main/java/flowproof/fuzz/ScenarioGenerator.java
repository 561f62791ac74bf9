package flowproof.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates {@link Scenario}s from a {@link Draw}: a network from a menu (smallest first),
 * legal VC counts, buffer depths and packet sizes for its rule, router timing, a scheme with
 * random legal parameters (none first), and traffic as an explicit script built phase by
 * phase from patterns (uniform first; neighbour, tornado, complement, a hot spot, and a mix
 * on disjoint halves of the terminals), with bursts of 1 to 60 cycles at loads from 0.1 to 2
 * flits per terminal per cycle. Every choice is one draw with the simpler value lowest, so a
 * shrinking {@link Draw} (QuickTheories) moves toward smaller networks, fewer packets, fewer
 * cycles and plainer patterns.
 */
public final class ScenarioGenerator {

    /** When a network and rule must drain after injection stops (the explorer's or the CDG's proofs). */
    public enum Safety {
        /** Not claimed (plain VCT on rings, the Localized Bubble Scheme). */
        NONE,
        /** Always (acyclic channel dependencies, datelines). */
        ALWAYS,
        /** Under virtual cut-through (bubble rules count free packet slots). */
        VCT,
        /** Under virtual cut-through with at least two packet slots per VC (CBS: see DeadlockTest). */
        VCT_TWO_SLOTS
    }

    /**
     * A network and rule of the menu: topology and rule as spec JSON, routing (null: the
     * topology's default), VCs, what is claimed, and the scheme keys legal on it.
     */
    public record Net(String topology, String routing, int vcs, String rule, Safety safety, List<String> schemes) {
    }

    private static final List<String> ANY = List.of("static-threshold", "tune", "alo");
    private static final List<String> TORUS = List.of("static-threshold", "tune", "alo", "spth");
    private static final List<String> CBS = List.of("static-threshold", "tune", "alo", "spth", "cbs", "cbs-global",
        "best-local");
    private static final List<String> BUBBLE = List.of("static-threshold", "tune", "alo", "spth", "best-local");

    /**
     * The default menu: rings, tori and meshes up to 6x6 (2-D and 3-D), a concentrated mesh, a
     * flattened butterfly, a BMIN, a fly with terminals on its switches and a fat tree.
     */
    public static final List<Net> MENU = List.of(
        new Net("{\"kind\":\"ring\",\"radix\":[4]}", null, 1, "{\"kind\":\"critical-bubble\"}", Safety.VCT_TWO_SLOTS, CBS),
        new Net("{\"kind\":\"ring\",\"radix\":[4]}", null, 1, "{\"kind\":\"theoretical-bubble\"}", Safety.VCT, BUBBLE),
        new Net("{\"kind\":\"ring\",\"radix\":[4]}", null, 2, "{\"kind\":\"dateline\"}", Safety.ALWAYS, TORUS),
        new Net("{\"kind\":\"ring\",\"radix\":[3]}", null, 1, "{\"kind\":\"vct\"}", Safety.NONE, TORUS),
        new Net("{\"kind\":\"ring\",\"radix\":[5],\"bidirectional\":true}", null, 1, "{\"kind\":\"critical-bubble\"}",
            Safety.VCT_TWO_SLOTS, CBS),
        new Net("{\"kind\":\"ring\",\"radix\":[6]}", null, 1, "{\"kind\":\"localized-bubble\"}", Safety.NONE, BUBBLE),
        new Net("{\"kind\":\"mesh\",\"radix\":[3,3]}", null, 1, "{\"kind\":\"vct\"}", Safety.ALWAYS, TORUS),
        new Net("{\"kind\":\"torus\",\"radix\":[3,3]}", null, 2, "{\"kind\":\"dateline\"}", Safety.ALWAYS, TORUS),
        new Net("{\"kind\":\"torus\",\"radix\":[3,3]}", null, 1, "{\"kind\":\"critical-bubble\"}", Safety.VCT_TWO_SLOTS,
            CBS),
        new Net("{\"kind\":\"torus\",\"radix\":[3,3]}", null, 1, "{\"kind\":\"theoretical-bubble\"}", Safety.VCT, BUBBLE),
        new Net("{\"kind\":\"torus\",\"radix\":[4,4],\"bidirectional\":true}", null, 2, "{\"kind\":\"dateline\"}",
            Safety.ALWAYS, TORUS),
        new Net("{\"kind\":\"torus\",\"radix\":[2,2,2]}", null, 2, "{\"kind\":\"dateline\"}", Safety.ALWAYS, TORUS),
        new Net("{\"kind\":\"torus\",\"radix\":[4,4]}", "minimal-adaptive", 2, "{\"kind\":\"critical-bubble\"}",
            Safety.VCT_TWO_SLOTS, CBS),
        new Net("{\"kind\":\"flattened-butterfly\",\"radix\":4,\"dimensions\":1,\"concentration\":2}", null, 1,
            "{\"kind\":\"vct\"}", Safety.ALWAYS, ANY),
        new Net("{\"kind\":\"bmin\",\"radix\":2,\"stages\":3}", null, 1, "{\"kind\":\"vct\"}", Safety.ALWAYS, ANY),
        new Net("{\"kind\":\"flattened-butterfly\",\"radix\":4,\"dimensions\":1,\"concentration\":2}", null, 3,
            "{\"kind\":\"vct\"}", Safety.ALWAYS, List.of("cbcm", "ecn", "ideal", "srp")),
        new Net("{\"kind\":\"bmin\",\"radix\":2,\"stages\":3}", "turnaround", 1, "{\"kind\":\"vct\"}",
            Safety.ALWAYS, List.of("fbicm", "recn-iq", "voq-switch", "voq-net", "single-queue")),
        new Net("{\"kind\":\"mesh\",\"radix\":[6,6]}", null, 1, "{\"kind\":\"vct\"}", Safety.ALWAYS, TORUS),
        new Net("{\"kind\":\"mesh\",\"radix\":[3,3],\"concentration\":2}", null, 1, "{\"kind\":\"vct\"}",
            Safety.ALWAYS, ANY),
        new Net("{\"kind\":\"fly\",\"radix\":2,\"stages\":3}", null, 1, "{\"kind\":\"vct\"}", Safety.ALWAYS, ANY),
        new Net("{\"kind\":\"fat-tree\",\"radix\":2,\"stages\":3}", null, 1, "{\"kind\":\"vct\"}", Safety.ALWAYS,
            ANY));

    /** Traffic patterns, plainest first. */
    static final int UNIFORM = 0;
    static final int NEIGHBOR = 1;
    static final int TORNADO = 2;
    static final int COMPLEMENT = 3;
    static final int HOT_SPOT = 4;
    static final int HALVES = 5;

    private final List<Net> menu;
    private final int maxPackets;
    private final int[] terminals;
    /** Per menu entry: whether its rule reads ring occupancy or marks (the bubble rules, a user's alike). */
    private final boolean[] ringRules;

    /** A generator over {@code menu}, at most {@code maxPackets} packets per scenario. */
    public ScenarioGenerator(List<Net> menu, int maxPackets) {
        if (menu.isEmpty()) {
            throw new IllegalArgumentException("empty menu");
        }
        this.menu = List.copyOf(menu);
        this.maxPackets = maxPackets;
        this.terminals = new int[menu.size()];
        this.ringRules = new boolean[menu.size()];
        for (int i = 0; i < menu.size(); i++) {
            terminals[i] = terminalsOf(menu.get(i));
            ringRules[i] = readsRings(menu.get(i));
        }
    }

    public List<Net> menu() {
        return menu;
    }

    private static int terminalsOf(Net n) {
        var t = probe(n).topology();
        return t.endpoints().length * t.concentration();
    }

    /**
     * Whether the entry's rule reads ring occupancy or marks ({@link flowproof.rule.FlowControlRule#readsRings}):
     * the simulator runs such a rule under virtual cut-through with one packet size only.
     */
    private static boolean readsRings(Net n) {
        return probe(n).rule().readsRings();
    }

    /** The entry as a spec (two-packet queues), read by the spec reader. */
    private static flowproof.spec.Spec probe(Net n) {
        ObjectNode spec = Scenario.JSON.createObjectNode();
        spec.put("name", "probe");
        spec.put("capacity", 2);
        spec.set("topology", parse(n.topology()));
        if (n.routing() != null) {
            spec.put("routing", n.routing());
        }
        spec.put("vcs", n.vcs());
        spec.set("rule", parse(n.rule()));
        try {
            return SpecReader.fromTree("menu", "", spec);
        } catch (SpecException e) {
            throw new IllegalArgumentException("menu entry " + n + ": " + e.getMessage(), e);
        }
    }

    static JsonNode parse(String json) {
        try {
            return Scenario.JSON.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One scenario. */
    public Scenario generate(Draw d) {
        int i = d.range(0, menu.size() - 1);
        Net net = menu.get(i);
        String ruleKind = parse(net.rule()).path("kind").asText();
        boolean bubble = ringRules[i];
        boolean vct = bubble || !d.chance(25);
        int size = d.range(1, 3);
        boolean mixed = !bubble && d.chance(20);
        int big = mixed ? size + d.range(1, 2) : size;
        int slots = d.range(net.safety() == Safety.VCT_TWO_SLOTS || ruleKind.equals("localized-bubble") ? 2 : 1, 3);
        int buffer = vct ? big * slots : d.range(1, 6);

        ObjectNode spec = Scenario.JSON.createObjectNode();
        spec.put("name", "fuzz");
        spec.set("topology", parse(net.topology()));
        if (net.routing() != null) {
            spec.put("routing", net.routing());
        }
        spec.put("vcs", net.vcs());
        spec.set("rule", parse(net.rule()));
        ObjectNode sim = spec.putObject("simulation");
        sim.put("switching", vct ? "vct" : "wormhole");
        sim.put("arbiter", d.chance(50) ? "oldest-first" : "round-robin");
        sim.put("buffer", buffer);
        sim.put("pipeline", d.range(1, 3));
        sim.put("link-latency", d.range(1, 2));
        sim.put("deadlock-cycles", 300);
        sim.put("drain", 20_000);
        sim.put("seed", d.range(1, 1000));
        JsonNode control = scheme(d, net, buffer, vct ? slots : 1, big, terminals[i]);
        if (control != null) {
            sim.set("control", control);
        }
        List<Packet> packets = traffic(d, terminals[i], size, big);
        boolean safe = switch (net.safety()) {
            case NONE -> false;
            case ALWAYS -> true;
            case VCT -> vct;
            case VCT_TWO_SLOTS -> vct && slots >= 2;
        };
        if (control != null && !control.path("drift").asBoolean(true)) {
            // cbs-global without drifting marks: its marks can pile up on one buffer of an idle ring,
            // which then can never be entered (CbsGlobal documents it): not claimed
            safe = false;
        }
        return new Scenario(spec, safe, null).withPackets(packets);
    }

    /** A scheme legal on {@code net} with random legal parameters, or null for none (the simplest). */
    static JsonNode scheme(Draw d, Net net, int buffer, int slots, int big, int terminals) {
        int k = d.range(0, net.schemes().size());
        if (k == 0) {
            return null;
        }
        String key = net.schemes().get(k - 1);
        ObjectNode o = Scenario.JSON.createObjectNode();
        o.put("kind", key);
        switch (key) {
            case "static-threshold" -> o.put("fraction", d.range(0, 20) / 100.0);
            case "tune" -> {
                o.put("gather", d.range(1, 4));
                o.put("tuning-period", o.get("gather").asInt() * d.range(1, 6));
                o.put("initial", d.range(0, 10) / 100.0);
                o.put("increment", d.range(1, 5) / 100.0);
                o.put("decrement", d.range(1, 8) / 100.0);
                o.put("local-maxima", d.chance(70));
            }
            case "spth" -> {
                o.put("margin", d.range(0, buffer - 1));
                o.put("hop-delay", d.range(1, 3));
                o.put("registers", d.chance(30) ? "offered" : "any");
                o.put("free", d.chance(30) ? "occupancy" : "credits");
            }
            case "best-local" -> {
                if (slots < 2) {
                    return null;
                }
                o.put("slots", d.range(2, slots));
            }
            case "fbicm", "recn-iq" -> {
                int packets = d.range(2, 8);
                o.put("memory", big * packets);
                o.put(key.equals("fbicm") ? "cfqs" : "saqs", d.range(1, packets - 1));
                o.put("detection", d.range(0, packets - 1));
                int stop = d.range(1, packets - 1);
                o.put("stop", stop);
                o.put("go", d.range(0, stop - 1));
            }
            // one packet per queue at least: VOQnet has one queue per terminal, VOQsw one per switch output
            case "voq-switch", "voq-net", "single-queue" -> o.put("memory", big * (terminals + d.range(0, 8)));
            case "cbcm" -> {
                o.put("num-samples", d.range(1, 20));
                o.put("bound-sample-interval", d.range(1, 5));
                o.put("threshold", d.range(1, 20) / 10.0);
                o.put("epoch", d.range(5, 100));
                o.put("source-epoch", d.range(5, 200));
                o.put("min-degree", d.range(1, 3));
                o.put("epsilon", d.range(5, 50) / 100.0);
            }
            case "srp" -> {
                o.put("message", d.range(1, 4));
                o.put("overhead", d.range(0, 20) / 100.0);
            }
            case "ecn" -> {
                o.put("threshold", d.range(5, 10) / 10.0);
                o.put("ipd-increment", d.range(0, 50));
                o.put("ipd-max", d.range(0, 200));
                o.put("decrement-timer", d.range(1, 100));
            }
            case "cbs-global" -> {
                o.put("bubbles", d.range(1, 3));
                o.put("drift", !d.chance(20));
            }
            default -> {
            }
        }
        return o;
    }

    private List<Packet> traffic(Draw d, int terminals, int size, int big) {
        List<Packet> list = new ArrayList<>();
        int phases = d.range(1, 3);
        long start = 0;
        for (int ph = 0; ph < phases && list.size() < maxPackets; ph++) {
            int length = d.range(1, 60);
            int pattern = d.range(UNIFORM, HALVES);
            int hot = d.range(0, terminals - 1);
            double load = d.range(1, 20) / 10.0;
            int most = (int) Math.min(maxPackets - list.size(), Math.ceil(load * terminals * length / size));
            int n = d.range(0, Math.max(0, most));
            for (int k = 0; k < n; k++) {
                long cycle = start + d.range(0, length - 1);
                int src = d.range(0, terminals - 1);
                int dst = destination(d, pattern, src, hot, terminals);
                int s = size == big ? size : (d.chance(50) ? big : size);
                if (dst != src) {
                    list.add(new Packet(cycle, src, dst, s));
                }
            }
            start += length + d.range(0, 100);
        }
        return list;
    }

    static int destination(Draw d, int pattern, int src, int hot, int t) {
        return switch (pattern) {
            case NEIGHBOR -> (src + 1) % t;
            case TORNADO -> (src + Math.max(1, (t + 1) / 2 - 1)) % t;
            case COMPLEMENT -> t - 1 - src;
            case HOT_SPOT -> hot;
            case HALVES -> src < t / 2 ? (src + 1) % Math.max(1, t / 2) : t / 2 + (hot % Math.max(1, t - t / 2));
            default -> {
                int x = d.range(0, t - 2);
                yield x >= src ? x + 1 : x;
            }
        };
    }
}
