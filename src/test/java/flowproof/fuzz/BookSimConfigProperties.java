package flowproof.fuzz;

import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.spec.BookSimConfig;
import flowproof.spec.SpecException;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Every invariant of {@link Invariants} on small BookSim configurations as {@code --booksim}
 * maps them (a torus or a ring with BookSim's VC halves, a mesh, a concentrated mesh, XY-YX with a VC
 * half per order, a fly, a fat tree, ROMM with a VC half per phase, a flattened butterfly, a
 * dragonfly with its phases as VC classes; iSLIP or separable allocators (with age priority or none), input speedup, switch hold,
 * either VC release, stages and credit delays) under generated packet scripts: the mapping
 * and the router options together, each network claimed deadlock-free as {@code check
 * --booksim} proves it. Every draw is off or smallest at the low end of its range, so
 * QuickTheories' shrinking moves toward a plain small torus and few packets.
 */
class BookSimConfigProperties {

    /** The network of draw {@code t}: BookSim's topology keys. */
    private static final List<String> NETWORKS = List.of(
        "topology = torus; k = 3; n = 2; routing_function = dim_order;",
        "topology = mesh; k = 3; n = 2; routing_function = dim_order;",
        "topology = torus; k = 4; n = 2; routing_function = dim_order;",
        "topology = flatfly; k = 3; n = 2; c = 1; x = 3; y = 3; xr = 1; yr = 1; use_noc_latency = 0;"
            + " routing_function = ran_min;",
        "topology = dragonflynew; k = 2; n = 1; routing_function = min;",
        "topology = torus; k = 4; n = 1; routing_function = dim_order;",
        "topology = cmesh; k = 2; n = 2; c = 4; x = 2; y = 2; xr = 2; yr = 2; routing_function = dor_no_express;",
        "topology = mesh; k = 3; n = 2; routing_function = xy_yx;",
        "topology = cmesh; k = 2; n = 2; c = 4; x = 2; y = 2; xr = 2; yr = 2; routing_function = xy_yx_no_express;",
        "topology = fly; k = 2; n = 3; routing_function = dest_tag;",
        "topology = fattree; k = 2; n = 3; routing_function = nca;",
        "topology = mesh; k = 3; n = 2; routing_function = romm;");

    /** The configuration text of draw {@code d} (one number per option, low = plain). */
    static String config(int[] d) {
        int net = d[0];
        int vcs = net == 4 ? 2 : 2 * (1 + d[1]);
        return String.join("\n", NETWORKS.get(net),
            "num_vcs = " + vcs + ";",
            "vc_buf_size = " + (2 + d[2]) + ";",
            "packet_size = " + (1 + d[3]) + ";",
            "wait_for_tail_credit = " + (1 - d[4]) + ";",
            "vc_allocator = " + (d[5] == 0 ? "separable_input_first" : "islip") + ";",
            "sw_allocator = " + (d[6] == 0 ? "separable_input_first" : "islip") + ";",
            "input_speedup = " + (1 + d[7]) + ";",
            "hold_switch_for_packet = " + d[8] + ";",
            "routing_delay = " + (1 - d[9]) + ";",
            "credit_delay = " + d[10] + ";",
            // age needs both allocators separable (BookSim's islip reads no priority): else none
            "priority = " + (d[11] == 1 && d[5] == 0 && d[6] == 0 ? "age" : "none") + ";",
            "injection_rate = 0.1; warmup_periods = 1; sample_period = 100; max_samples = 2;") + "\n";
    }

    private static final int[] RANGES = {11, 1, 6, 3, 1, 1, 1, 1, 1, 1, 2, 1};

    private static Gen<int[]> draws() {
        Gen<int[]> g = Generate.constant(new int[0]);
        for (int hi : RANGES) {
            g = g.zip(Generate.range(0, hi), (a, x) -> {
                int[] b = java.util.Arrays.copyOf(a, a.length + 1);
                b[a.length] = x;
                return b;
            });
        }
        return g;
    }

    /** Up to 200 packets: cycle (0..19), source and destination drawn in 0..1000 and folded onto the network (another terminal). */
    private static Gen<List<int[]>> packets() {
        return SourceDSL.lists().of(Generate.intArrays(Generate.constant(3), Generate.range(0, 1000)))
            .ofSizeBetween(1, 200);
    }

    /** The mapped spec of {@code d} with the packets of {@code raw}, run without a load, claimed deadlock-free. */
    static Scenario scenario(int[] d, List<int[]> raw) {
        ObjectNode spec;
        try {
            spec = BookSimConfig.toSpecTree("fuzz.cfg", "fuzz", config(d), BookSimConfig.Purpose.SIMULATE);
        } catch (SpecException e) {
            throw new AssertionError("BookSim's mapping refused a generated configuration: " + e.getMessage()
                + "\n" + config(d), e);
        }
        ObjectNode sim = (ObjectNode) spec.get("simulation");
        sim.remove("load");
        sim.put("warmup", 0);
        sim.put("deadlock-cycles", 3_000);
        sim.put("drain", 50_000);
        int terminals = new int[] {9, 9, 16, 9, 72, 4, 16, 9, 16, 8, 8, 9}[d[0]];
        int size = sim.path("packet-size").asInt();
        // the script gives every packet's size
        sim.remove("packet-size");
        List<Packet> packets = new ArrayList<>();
        for (int[] p : raw) {
            int src = p[1] % terminals;
            // (a script's packet goes to another terminal)
            packets.add(new Packet(p[0] % 20, src, (src + 1 + p[2] % (terminals - 1)) % terminals, size));
        }
        return new Scenario(spec, true, null).withPackets(packets);
    }

    @Test
    void everyInvariantHoldsOnBookSimConfigurations() {
        holds(150);
    }

    @Test
    @Tag("slow")
    void everyInvariantHoldsOnManyBookSimConfigurations() {
        holds(2_000);
    }

    private static void holds(int examples) {
        long seed = Long.getLong("flowproof.seed", System.nanoTime());
        qt().withFixedSeed(seed).withExamples(examples).withShrinkCycles(200).forAll(draws(), packets())
            .asWithPrecursor(BookSimConfigProperties::scenario)
            .checkAssert((d, raw, s) -> {
                Violation v = Invariants.check(s, Variants.NONE);
                if (v != null) {
                    throw new AssertionError(v + "\nseed " + seed + " (-Dflowproof.seed=" + seed + ")\n"
                        + config(d) + s.spec());
                }
            });
    }
}
