package flowproof.spec;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * BookSim's {@code topology = dragonflynew} (networks/dragonfly.cpp) as flowproof's dragonfly:
 * {@code a = 2k} routers per group, {@code h = k} global channels and {@code p = k} terminals
 * per router, {@code 2k^2 + 1} groups, with BookSim's global wiring ({@code global-wiring:
 * booksim}) and its channel latencies (DRAGON_LATENCY: 10 cycles on a local channel, 100 on a
 * global one, credit channels alike: {@code channel-length: [10, 100]}). Its {@code min}
 * routing ({@code min_dragonflynew}) is flowproof's minimal routing with two VC classes, class 1
 * from the global hop on ({@code f->ph} turns 1 at the "optical dateline"). Split out of
 * {@link BookSimConfig} so that each topology's mapping stays small.
 */
final class BookSimDragonfly {

    /** BookSim's latency of a local channel and of a global one (dragonfly.cpp, DRAGON_LATENCY). */
    static final int LOCAL_LATENCY = 10;
    static final int GLOBAL_LATENCY = 100;

    private BookSimDragonfly() {
    }

    /** Writes the topology, routing and VC classes of a dragonflynew configuration into {@code spec}. */
    static void map(BookSimConfig cfg, ObjectNode spec, ObjectNode topo, int k, int n, int vcs,
                    BookSimConfig.Purpose purpose) throws SpecException {
        if (n != 1) {
            throw cfg.error("n", "1 (BookSim's dragonflynew has one dimension inside a group: assert(_n == 1))",
                Integer.toString(n));
        }
        int c = cfg.integer("c", k, 1, "k");
        if (c != k) {
            throw cfg.error("c", "k (" + k + "; BookSim's dragonflynew attaches k terminals to a router and does not"
                + " read c)", Integer.toString(c));
        }
        for (String key : java.util.List.of("x", "y", "xr", "yr")) {
            String v = cfg.word(key, null);
            if (v != null) {
                throw cfg.error(key, "no " + key + " on a dragonflynew (BookSim reads it for flatfly and cmesh only)", v);
            }
        }
        // use_noc_latency: dragonfly.cpp does not read it (its latencies are the DRAGON_LATENCY define's)
        topo.put("kind", "dragonfly");
        topo.put("routers-per-group", 2 * k);
        topo.put("global-channels", k);
        topo.put("concentration", k);
        topo.put("global-wiring", "booksim");
        if (purpose == BookSimConfig.Purpose.SIMULATE) {
            // a check does not read latencies
            topo.putArray("channel-length").add(LOCAL_LATENCY).add(GLOBAL_LATENCY);
        }
        String routing = cfg.word("routing_function", "none");
        if (routing.equals("ugal")) {
            throw cfg.error("routing_function", "min (ugal_dragonflynew is not flowproof's ugal: it draws the"
                + " intermediate from every terminal, its own group's included, and routes minimally when min <= 2 x"
                + " nonmin + 30 credits used on the two first output ports; flowproof's draws a router of another group"
                + " and compares occupancy times hop count)", routing);
        }
        if (!routing.equals("min")) {
            throw cfg.error("routing_function", "min (min_dragonflynew: flowproof's minimal routing, VC 0 before the"
                + " global hop and VC 1 from it on)", cfg.shown("routing_function", "none"));
        }
        if (vcs != 2) {
            throw cfg.error("num_vcs", "2 (min_dragonflynew sends on VC 0 before the global hop and on VC 1 from it on;"
                + " further VCs it uses at injection only, which flowproof's VC classes do not express)",
                Integer.toString(vcs));
        }
        spec.put("routing", "minimal");
        ObjectNode classes = spec.putObject("vc-classes");
        classes.put("classes", 2);
        classes.putArray("hops").addObject().put("channel", "global").put("set", 1);
    }
}
