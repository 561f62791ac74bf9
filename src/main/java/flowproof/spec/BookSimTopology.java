package flowproof.spec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.spec.BookSimConfig.Purpose;
import flowproof.topology.Torus;
import java.util.List;
import java.util.Map;

/**
 * The network of a BookSim configuration: {@code topology}, its size ({@code k}, {@code n},
 * {@code c} and the layout keys), {@code routing_function} and {@code num_vcs}, written into the
 * spec's {@code topology}, {@code routing}, {@code vc-classes} and {@code escape}; what the
 * router and traffic mappings need of it is kept. The dragonfly's mapping is
 * {@link BookSimDragonfly}'s, the anynet's {@link BookSimAnynet}'s. Split out of
 * {@link BookSimConfig} so that each group of keys reads on its own.
 *
 * @param kind BookSim's topology name
 * @param k its radix
 * @param n its dimensions (stages, levels)
 * @param c its concentration as written (fly and fattree do not read it)
 * @param vcs VCs per channel
 * @param link the cycles a channel takes (and its credit, before credit_delay)
 * @param ancaSelection whether the adaptive selection is fattree_anca's two random up ports
 */
record BookSimTopology(String kind, int k, int n, int c, int vcs, int link, boolean ancaSelection) {

    /** The most routers a configuration may have (SpecReader's limit for tori and meshes). */
    static final int MAX_ROUTERS = 4096;
    /** The most VCs per channel a configuration may have. */
    static final int MAX_VCS = 256;

    /**
     * BookSim's topologies flowproof has no network for, each with the reason its error gives.
     */
    private static final Map<String, String> UNMAPPED_TOPOLOGIES = Map.of(
        "qtree", " (flowproof has no quad tree)",
        "tree4", " (flowproof has no tree4)");

    /** Reads the network keys of {@code cfg} and writes what they map to into {@code spec}. */
    static BookSimTopology map(BookSimConfig cfg, ObjectNode spec, Purpose purpose) throws SpecException {
        String topology = cfg.word("topology", "torus");
        int k = cfg.integer("k", 8, 2, "a radix of at least 2");
        int n = cfg.integer("n", 2, 1, "a number of dimensions of at least 1");
        int c = cfg.integer("c", 1, 1, "a concentration of at least 1");
        String routing = cfg.word("routing_function", "none");
        long routers = 1;
        for (int d = 0; d < n && routers <= MAX_ROUTERS; d++) {
            routers *= k;
        }
        if (topology.equals("dragonflynew")) {
            routers = (long) 2 * k * (2L * k * k + 1);
        }
        if (routers > MAX_ROUTERS && topology.equals("dragonflynew")) {
            throw cfg.error("k", "a network of at most " + MAX_ROUTERS + " routers (2k x (2k^2 + 1) on a dragonflynew;"
                + " flowproof's limit)", Integer.toString(k));
        }
        if (routers > MAX_ROUTERS) {
            throw cfg.error("k", "a network of at most " + MAX_ROUTERS + " routers (k to the power n; flowproof's limit)",
                "k = " + k + ", n = " + n);
        }
        int vcs = cfg.integer("num_vcs", 16, 1, "a number of VCs of at least 1");
        if (vcs > MAX_VCS) {
            throw cfg.error("num_vcs", "at most " + MAX_VCS + " VCs", Integer.toString(vcs));
        }
        ObjectNode topo = spec.putObject("topology");
        int link = 1;
        boolean ancaSelection = false;
        switch (topology) {
            case "torus", "mesh" -> link = kncube(cfg, spec, topo, topology, k, n, c, routing, vcs, purpose);
            case "flatfly" -> flatfly(cfg, spec, topo, k, n, c, routing);
            case "cmesh" -> link = cmesh(cfg, spec, topo, k, n, c, routing, vcs);
            case "anynet" -> BookSimAnynet.map(cfg, spec, topo, routing);
            case "fly" -> fly(cfg, spec, topo, k, n, routing);
            case "fattree" -> ancaSelection = fattree(cfg, spec, topo, k, n, routing);
            case "dragonflynew" -> BookSimDragonfly.map(cfg, spec, topo, k, n, vcs, purpose);
            default -> throw cfg.error("topology", "torus, mesh, cmesh, flatfly, dragonflynew, anynet, fly or fattree"
                + UNMAPPED_TOPOLOGIES.getOrDefault(topology, ""), topology);
        }
        if (topology.equals("torus") && routing.equals("min_adapt")) {
            // min_adapt_torus uses VCs 0 and 1 (the escape) and VC 3 (adaptive) on the network's channels, no other
            vcs = 3;
        }
        return new BookSimTopology(topology, k, n, c, vcs, link, ancaSelection);
    }

    /**
     * BookSim's {@code torus} and {@code mesh} (kncube.cpp) with their routing functions.
     * Returns the link latency.
     */
    private static int kncube(BookSimConfig cfg, ObjectNode spec, ObjectNode topo, String topology, int k, int n, int c,
        String routing, int vcs, Purpose purpose) throws SpecException {
        if (c != 1) {
            throw cfg.error("c", "1 (BookSim's " + topology + " has one terminal per router)", Integer.toString(c));
        }
        for (String key : List.of("x", "y", "xr", "yr")) {
            if (cfg.value(key) != null) {
                throw cfg.error(key, "no " + key + " on a " + topology + " (BookSim reads it for flatfly and cmesh"
                    + " only)", cfg.value(key).text());
            }
        }
        // kncube.cpp: with use_noc_latency a torus channel (and its credit channel) takes 2 cycles, its
        // wrap-around being longer; a mesh channel 1
        String noc = cfg.word("use_noc_latency", "1");
        if (!noc.equals("0") && !noc.equals("1")) {
            throw cfg.error("use_noc_latency", "0 or 1", noc);
        }
        int link = topology.equals("torus") && noc.equals("1") ? 2 : 1;
        topo.put("kind", topology);
        ArrayNode radix = topo.putArray("radix");
        for (int d = 0; d < n; d++) {
            radix.add(k);
        }
        if (topology.equals("torus")) {
            topo.put("bidirectional", true);
        }
        boolean mesh = topology.equals("mesh");
        if (mesh && routing.equals("min_adapt")) {
            // min_adapt_mesh: DOR on VC 0 (the escape VC, requested at low priority), minimal adaptive on
            // the others; a packet on VC 0 requests VC 0 only from then on
            if (vcs < 2) {
                throw cfg.error("num_vcs", "at least 2 for min_adapt (VC 0 is the escape VC, the others adaptive)",
                    Integer.toString(vcs));
            }
            spec.put("routing", "minimal-adaptive");
            spec.putObject("escape").put("choose", purpose == Purpose.VERIFY ? "any" : "when-blocked")
                .put("leave", false);
        } else if (!mesh && routing.equals("min_adapt")) {
            minAdaptTorus(cfg, spec, vcs, purpose);
        } else if (mesh && routing.equals("xy_yx") && n == 2) {
            xyYx(cfg, spec, vcs);
        } else if (mesh && (routing.equals("valiant") || routing.equals("romm"))) {
            valiantMesh(cfg, spec, vcs, routing.equals("romm"));
        } else if (!mesh && routing.equals("valiant")) {
            throw cfg.error("routing_function", "dim_order on a torus (valiant_torus leaves its ring partition unset"
                + " on a hop that goes on in the same dimension, so its VC choice is undefined: routefunc.cpp)",
                routing);
        } else if (routing.equals("dim_order") || (mesh && routing.equals("dor"))) {
            spec.put("routing", "dor");
            if (!mesh && k % 2 == 0) {
                // dim_order_torus takes a random direction at distance k/2 (RandomInt(1))
                spec.putObject("routing").put("kind", "dor").put("tie", "random");
            }
            if (!mesh) {
                torusClasses(cfg, spec, k, n, vcs, purpose);
            }
        } else {
            throw cfg.error("routing_function", mesh ? "dim_order, dor (both dim_order_mesh: flowproof's dor),"
                + " min_adapt (min_adapt_mesh: flowproof's minimal-adaptive, VC 0 the escape VC) or, with n ="
                + " 2, xy_yx (xy_yx_mesh: flowproof's xy-yx, the order drawn per packet, a VC half per order),"
                + " valiant (valiant_mesh) or romm (romm_mesh: both flowproof's valiant, a VC half per phase)"
                : "dim_order (dim_order_torus: flowproof's dor with BookSim's VC halves) or min_adapt (min_adapt_torus:"
                + " flowproof's minimal-adaptive with absorbing dateline escape VCs)",
                cfg.shown("routing_function", "none"));
        }
        return link;
    }

    /**
     * BookSim's {@code min_adapt_torus} (routefunc.cpp): VCs 0 and 1 are the escape, DOR with a
     * dateline (VC 1 for a packet whose ring segment crosses the wrap-around, VC 0 otherwise, the
     * segment counted from where the packet enters the escape), requested at low priority; VC 3 is
     * minimal adaptive; a packet on an escape VC requests escape VCs only from then on. flowproof's
     * {@code minimal-adaptive} with the {@code dateline} rule on two absorbing escape VCs
     * ({@code leave: false}) and one adaptive VC: the same channels and the same escape discipline,
     * with flowproof's dateline (VC 0 before the wrap-around, VC 1 after it) in place of BookSim's
     * choice of the VC for the whole segment; both keep each escape VC's ring acyclic.
     */
    private static void minAdaptTorus(BookSimConfig cfg, ObjectNode spec, int vcs, Purpose purpose)
        throws SpecException {
        if (vcs < 4) {
            throw cfg.error("num_vcs", "at least 4 for min_adapt on a torus (min_adapt_torus: VCs 0 and 1 the escape,"
                + " VC 3 adaptive)", Integer.toString(vcs));
        }
        // min_adapt_torus's adaptive hop at offset k/2 goes "Left" (port 2n + 1, the - channel):
        // its random tie is commented out (routefunc.cpp)
        spec.putObject("routing").put("kind", "minimal-adaptive").put("tie", "minus");
        spec.put("rule", "dateline");
        spec.putObject("escape").put("choose", purpose == Purpose.VERIFY ? "any" : "when-blocked").put("leave", false);
    }

    /** BookSim's {@code flatfly} (flatfly_onchip.cpp) with {@code ran_min}. */
    private static void flatfly(BookSimConfig cfg, ObjectNode spec, ObjectNode topo, int k, int n, int c,
        String routing) throws SpecException {
        int[] lengths = flatflyLengths(cfg, k, n, c);
        topo.put("kind", "flattened-butterfly");
        topo.put("radix", k);
        topo.put("dimensions", n);
        topo.put("concentration", c);
        if (lengths != null) {
            topo.putArray("channel-length").add(lengths[0]).add(lengths[1]);
        }
        if (!routing.equals("ran_min")) {
            throw cfg.error("routing_function", "ran_min (min_flatfly: flowproof's minimal, lowest dimension first)",
                cfg.shown("routing_function", "none"));
        }
        spec.put("routing", "minimal");
    }

    /**
     * BookSim's {@code cmesh} (cmesh.cpp) as flowproof's concentrated mesh: k x k routers with 4
     * terminals each (BookSim asserts {@code n <= 2}, {@code c == 4}, {@code x == y},
     * {@code xr == yr} and {@code c == xr * yr}; its channels are 2-D, so n = 2). BookSim's edge
     * routers' outward ports are express channels to the edge router half a row or column away;
     * {@code dor_no_express} never takes them and routes as flowproof's {@code dor} on the mesh
     * (any VC), so they are left out. With {@code use_noc_latency} (the default) a channel of the
     * mesh takes {@code c / n = 2} cycles, as does its credit. Returns the link latency.
     */
    private static int cmesh(BookSimConfig cfg, ObjectNode spec, ObjectNode topo, int k, int n, int c,
        String routing, int vcs) throws SpecException {
        if (n != 2) {
            throw cfg.error("n", "2 (BookSim's cmesh builds 2-D channels only)", Integer.toString(n));
        }
        if (c != 4) {
            throw cfg.error("c", "4 (BookSim's cmesh asserts c == 4)", Integer.toString(c));
        }
        for (String[] pair : new String[][] {{"x", "y", "8"}, {"xr", "yr", "1"}}) {
            String a = cfg.word(pair[0], pair[2]);
            String b = cfg.word(pair[1], pair[2]);
            if (!a.equals(b)) {
                throw cfg.error(pair[1], pair[0] + " (" + a + "; BookSim's cmesh asserts " + pair[0] + " == " + pair[1]
                    + ")", b);
            }
        }
        if (!cfg.word("xr", "1").equals("2")) {
            throw cfg.error("xr", "2 (BookSim's cmesh asserts c == xr * yr, with c = 4 and xr == yr)",
                cfg.word("xr", "1"));
        }
        if (!routing.equals("dor_no_express") && !routing.equals("xy_yx_no_express")) {
            throw cfg.error("routing_function", "dor_no_express (dor_no_express_cmesh: flowproof's dor on a concentrated"
                + " mesh) or xy_yx_no_express (flowproof's xy-yx, the order drawn per packet, a VC half per order; the"
                + " express channels of dor and xy_yx are not modelled)", cfg.shown("routing_function", "none"));
        }
        String noc = cfg.word("use_noc_latency", "1");
        if (!noc.equals("0") && !noc.equals("1")) {
            throw cfg.error("use_noc_latency", "0 or 1", noc);
        }
        topo.put("kind", "mesh");
        topo.putArray("radix").add(k).add(k);
        topo.put("concentration", c);
        if (routing.equals("xy_yx_no_express")) {
            xyYx(cfg, spec, vcs);
        } else {
            spec.put("routing", "dor");
        }
        return noc.equals("1") ? c / n : 1;
    }

    /**
     * BookSim's {@code xy_yx_mesh} and {@code xy_yx_no_express_cmesh} (routefunc.cpp,
     * cmesh.cpp): at its first router a packet draws XY or YX ({@code RandomInt(1)}) and takes
     * the lower half of the VCs for XY, the upper half for YX, all the way; at its destination
     * router any VC. flowproof's {@code xy-yx} with {@code choice: random} (a pair in one row or
     * column draws too: the same channels, but its half) and a VC class per order, class c
     * owning the c-th half.
     */
    static void xyYx(BookSimConfig cfg, ObjectNode spec, int vcs) throws SpecException {
        if (vcs % 2 != 0) {
            throw cfg.error("num_vcs", "an even number (xy_yx gives each order half of the VCs, as flowproof's vc-classes"
                + " do)", Integer.toString(vcs));
        }
        spec.putObject("routing").put("kind", "xy-yx").put("choice", "random");
        ObjectNode classes = spec.putObject("vc-classes");
        classes.put("classes", 2);
        classes.putObject("start").put("xy", 0).put("yx", 1);
    }

    /**
     * BookSim's {@code valiant_mesh} and {@code romm_mesh} (routefunc.cpp): at its first router
     * a packet draws an intermediate router, from every router ({@code RandomInt(gNodes - 1)})
     * or, for ROMM, each coordinate between its source's and destination's
     * ({@code rand_min_intr_mesh}: every router of their box equally likely); it goes by DOR to
     * the intermediate on the lower half of the VCs (phase 0) and from there by DOR to its
     * destination on the upper half (phase 1), the phase turning at the router that is the
     * intermediate, the source included; any VC at its destination router, also on the hop out
     * of it that a Valiant packet on its way to its intermediate takes. flowproof's
     * {@code valiant} (with {@code intermediates: minimal-box} for ROMM) with
     * {@code draw: per-router} and a VC class per phase, {@code set: any} on a hop that
     * {@code leaves-destination}: the same routes, the same odds and the same VCs. That last
     * hop breaks the class order, and {@code check} finds valiant_mesh's deadlock.
     */
    private static void valiantMesh(BookSimConfig cfg, ObjectNode spec, int vcs, boolean romm) throws SpecException {
        if (vcs % 2 != 0) {
            throw cfg.error("num_vcs", "an even number (" + (romm ? "romm" : "valiant") + " gives each phase half of the"
                + " VCs, as flowproof's vc-classes do)", Integer.toString(vcs));
        }
        ObjectNode r = spec.putObject("routing").put("kind", "valiant");
        if (romm) {
            r.put("intermediates", "minimal-box");
        }
        r.put("draw", "per-router");
        ObjectNode classes = spec.putObject("vc-classes");
        classes.put("classes", 2);
        classes.putObject("start").put("valiant", 0).put("minimal", 1);
        ArrayNode hops = classes.putArray("hops");
        hops.addObject().put("route", "minimal").put("set", 1);
        if (!romm) {
            // "at the destination router, we don't need to separate VCs by phase": a packet that passes its
            // destination on the way to its intermediate (and one to its own router, on its first hop) leaves it on
            // any VC. A ROMM packet never does (its intermediate lies in the box, its destination at a corner).
            hops.addObject().put("route", "valiant").put("set", 0);
            hops.addObject().put("leaves-destination", true).put("set", "any");
        }
    }

    /** BookSim's {@code fly} (fly.cpp) with {@code dest_tag}. */
    private static void fly(BookSimConfig cfg, ObjectNode spec, ObjectNode topo, int k, int n, String routing)
        throws SpecException {
        // fly.cpp: k-ary n-fly, terminal t into port t mod k of stage-0 switch t/k and out of the last
        // stage's switch t/k by port t mod k; every channel 1 cycle; dest_tag_fly over every VC
        if (n < 2) {
            throw cfg.error("n", "at least 2 stages (with 1 a fly is one crossbar: no channel between switches"
                + " to check or simulate)", Integer.toString(n));
        }
        if (!routing.equals("dest_tag")) {
            throw cfg.error("routing_function", "dest_tag (dest_tag_fly: flowproof's destination-tag on a fly)",
                cfg.shown("routing_function", "none"));
        }
        topo.put("kind", "fly");
        topo.put("radix", k);
        topo.put("stages", n);
        spec.put("routing", "destination-tag");
    }

    /**
     * BookSim's {@code fattree} (fattree.cpp) with {@code nca} or {@code anca}. Returns whether
     * the up ports are chosen as fattree_anca chooses them.
     */
    private static boolean fattree(BookSimConfig cfg, ObjectNode spec, ObjectNode topo, int k, int n, String routing)
        throws SpecException {
        // fattree.cpp: a k-ary n-tree, k terminals on each bottom switch (c not read), every channel 1
        // cycle; nca_fattree goes up by a random up port at each switch until one covers the destination,
        // then down, over every VC
        if (n < 2) {
            throw cfg.error("n", "at least 2 levels (with 1 a fat tree is one switch: no channel to check or"
                + " simulate)", Integer.toString(n));
        }
        if (!routing.equals("nca") && !routing.equals("anca")) {
            throw cfg.error("routing_function", "nca (nca_fattree: flowproof's nca, the nearest common ancestor"
                + " drawn as BookSim's random up ports draw it) or anca (fattree_anca: nca with up: adaptive)",
                cfg.shown("routing_function", "none"));
        }
        topo.put("kind", "fat-tree");
        topo.put("radix", k);
        topo.put("stages", n);
        if (routing.equals("anca")) {
            // fattree_anca draws two up ports (RandomInt(gK - 1) twice) and takes the one whose downstream
            // buffer holds fewer flits (GetUsedCredit), once per hop
            spec.putObject("routing").put("kind", "nca").put("up", "adaptive");
            return true;
        }
        spec.put("routing", "nca");
        return false;
    }

    /**
     * The flowproof terminal of BookSim's cmesh node {@code node} on k x k routers: BookSim lays
     * its nodes out as a 2k x 2k grid, row by row ({@code CMesh::NodeToRouter},
     * {@code NodeToPort}), router {@code (row / 2) * k + col / 2}, port {@code 2 * (row % 2) +
     * col % 2}; flowproof numbers a router's 4 terminals consecutively.
     */
    static long cmeshTerminal(long node, int k) {
        long row = node / (2L * k);
        long col = node % (2L * k);
        return 4 * ((row / 2) * k + col / 2) + 2 * (row % 2) + col % 2;
    }

    /**
     * BookSim's flatfly_onchip: a square 2-D layout whose routers hold xr x yr terminals. With
     * {@code use_noc_latency = 1} (its default) a channel's latency is its length in the
     * layout, {@code xr * |dx| + yr * |dy|}: returns {@code [xr, yr]}, flowproof's
     * {@code channel-length}; null with 0 (every channel 1 cycle).
     */
    private static int[] flatflyLengths(BookSimConfig cfg, int k, int n, int c) throws SpecException {
        if (n != 2) {
            throw cfg.error("n", "2 (BookSim's on-chip flattened butterfly lays routers out in x and y)",
                Integer.toString(n));
        }
        int x = cfg.integer("x", 8, 1, "k");
        int y = cfg.integer("y", 8, 1, "k");
        if (x != k) {
            throw cfg.error("x", "k (" + k + " routers per row)", cfg.shown("x", "8"));
        }
        if (y != k) {
            throw cfg.error("y", "k (" + k + " routers per column)", cfg.shown("y", "8"));
        }
        int xr = cfg.integer("xr", 1, 1, "terminals per router in x");
        int yr = cfg.integer("yr", 1, 1, "terminals per router in y");
        if (xr * yr != c) {
            throw cfg.error("yr", "xr x yr = c (" + c + " terminals per router)", xr + " x " + yr);
        }
        String noc = cfg.word("use_noc_latency", "1");
        if (noc.equals("0")) {
            return null;
        }
        if (!noc.equals("1")) {
            throw cfg.error("use_noc_latency", "0 or 1", noc);
        }
        int longest = injectionLength(xr, yr);
        if (longest != 1) {
            throw cfg.error("use_noc_latency", "0, or 1 with xr and yr of at most 3 (with 1 BookSim's flatfly_onchip makes"
                + " a terminal's injection and ejection channels as long as its distance from the router, here up to "
                + longest + " cycles and different per terminal; flowproof's are the same for every terminal)",
                cfg.shown("use_noc_latency", "1"));
        }
        return new int[] {xr, yr};
    }

    /**
     * The longest injection (and ejection) channel of BookSim's flatfly_onchip with
     * use_noc_latency: its _BuildNet loop over a router's xr x yr terminals, written out.
     */
    static int injectionLength(int xr, int yr) {
        int yleng = -yr / 2;
        int xleng = -xr / 2;
        boolean yodd = yr % 2 == 1;
        boolean xodd = xr % 2 == 1;
        int longest = 0;
        for (int yy = 0; yy < yr; yy++) {
            for (int xx = 0; xx < xr; xx++) {
                if (yleng == 0 && !yodd) {
                    yleng++;
                }
                if (xleng == 0 && !xodd) {
                    xleng++;
                }
                int ileng = 1;
                if (Math.abs(yleng) > 1) {
                    ileng += Math.abs(yleng) - 1;
                }
                if (Math.abs(xleng) > 1) {
                    ileng += Math.abs(xleng) - 1;
                }
                longest = Math.max(longest, ileng);
                yleng++;
                if (yleng > yr / 2) {
                    yleng = -yr / 2;
                    xleng++;
                }
            }
        }
        return longest;
    }

    /**
     * BookSim's {@code dim_order_torus}: on entering a dimension the packet takes one half of
     * the VCs for that whole dimension, the upper half when {@code (dir == 0 && cur > dest) ||
     * (dir == 1 && dest < cur)} (routefunc.cpp, {@code dor_next_torus}). Going + that is the
     * packets that cross the wrap-around channel; going - (the second test repeats the first)
     * it is the packets that do not. As vc-classes: class 1 on entering a ring when the + route
     * crosses the dateline or the - route does not.
     */
    private static void torusClasses(BookSimConfig cfg, ObjectNode spec, int k, int n, int vcs, Purpose purpose)
        throws SpecException {
        if (vcs % 2 != 0) {
            throw cfg.error("num_vcs", "an even number (dim_order_torus splits the VCs into two halves, as flowproof's"
                + " vc-classes do)", Integer.toString(vcs));
        }
        int[] radix = new int[n];
        java.util.Arrays.fill(radix, k);
        Torus t = Torus.torus(radix, true);
        JsonNodeFactory jf = JsonNodeFactory.instance;
        ArrayNode minus = jf.arrayNode();
        for (int ch = 0; ch < t.channels(); ch++) {
            if (t.direction(ch) < 0) {
                minus.add(t.channelName(ch));
            }
        }
        ObjectNode classes = spec.putObject("vc-classes");
        classes.put("classes", 2);
        ArrayNode hops = classes.putArray("hops");
        hops.addObject().put("new-ring", true).put("crosses-ahead", true).put("set", 1);
        hops.addObject().put("new-ring", true).put("crosses-ahead", false).put("set", 0);
        ObjectNode m1 = hops.addObject().put("new-ring", true).put("crosses-ahead", true);
        m1.set("channel", minus);
        m1.put("set", 0);
        ObjectNode m2 = hops.addObject().put("new-ring", true).put("crosses-ahead", false);
        m2.set("channel", minus.deepCopy());
        m2.put("set", 1);
    }
}
