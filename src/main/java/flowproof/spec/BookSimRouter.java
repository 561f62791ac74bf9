package flowproof.spec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.spec.BookSimConfig.Value;

/**
 * The router of a BookSim configuration (BookSim's iq router, iq_router.cpp): its buffers,
 * allocators, priorities, speedup and pipeline delays, read from their keys and written into
 * the spec's {@code simulation} section. Split out of {@link BookSimConfig} so that each group
 * of keys reads on its own.
 */
final class BookSimRouter {

    /** Flits per VC buffer ({@code vc_buf_size}). */
    final int buffer;
    private final String tailCredit;
    private final String vcAllocator;
    private final String swAllocator;
    private final boolean age;
    private final int iterations;
    private final boolean holdSwitch;
    private final int inputSpeedup;
    private final int routingDelay;
    private final int vcAllocDelay;
    private final int swAllocDelay;
    private final int traversal;
    private final int creditDelay;

    /**
     * Reads the router keys of {@code cfg} for {@code vcs} VCs per channel, {@code escape}
     * whether the routing has an escape VC.
     */
    BookSimRouter(BookSimConfig cfg, int vcs, boolean escape) throws SpecException {
        buffer = cfg.integer("vc_buf_size", 8, 1, "a buffer of at least 1 flit per VC");
        // BookSim's iq router is always wormhole: only its event router reads vct
        Value vctValue = cfg.value("vct");
        if (vctValue != null && !BookSimConfig.sameValue(vctValue.text(), "0")) {
            throw cfg.error("vct", "0 (BookSim's iq router ignores vct and is always wormhole; only its event router reads"
                + " it, and flowproof does not model that router)", vctValue.text());
        }
        tailCredit = cfg.word("wait_for_tail_credit", "0");
        if (!tailCredit.equals("0") && !tailCredit.equals("1")) {
            throw cfg.error("wait_for_tail_credit", "0 (vc-release: tail) or 1 (vc-release: drained)", tailCredit);
        }
        if (tailCredit.equals("0") && escape) {
            throw cfg.error("wait_for_tail_credit", "1 with min_adapt (flowproof allocates escape VCs only when empty, as"
                + " Duato's theorem needs)", cfg.shown("wait_for_tail_credit", "0"));
        }
        vcAllocator = allocator(cfg, "vc_allocator");
        swAllocator = allocator(cfg, "sw_allocator");
        age = agePriority(cfg, vcAllocator, swAllocator);
        // alloc_iters: iSLIP's iterations (allocator.cpp); the separable allocators do not read it
        iterations = cfg.integer("alloc_iters", 1, 1, "a number of allocator iterations of at least 1");
        // hold_switch_for_packet: iq_router.cpp reads it as > 0
        holdSwitch = cfg.integer("hold_switch_for_packet", 0, 0, "0 or more (more than 0: a packet holds the"
            + " switch, simulation.switch-hold: packet)") > 0;
        // input_speedup: switch inputs per input port, VC v on input v mod s (iq_router.cpp's expanded_input)
        inputSpeedup = cfg.integer("input_speedup", 1, 1, "a number of switch inputs per input port of at least 1");
        if (inputSpeedup > vcs) {
            throw cfg.error("input_speedup", "at most num_vcs (" + vcs + "; VC v takes switch input v mod input_speedup)",
                Integer.toString(inputSpeedup));
        }
        routingDelay = cfg.integer("routing_delay", 1, 0, "0 or more cycles");
        vcAllocDelay = cfg.integer("vc_alloc_delay", 1, 1, "1 or more cycles");
        swAllocDelay = cfg.integer("sw_alloc_delay", 1, 1, "1 or more cycles");
        traversal = cfg.integer("st_prepare_delay", 0, 0, "0 or more cycles")
            + cfg.integer("st_final_delay", 1, 0, "0 or more cycles");
        if (traversal < 1) {
            throw cfg.error("st_final_delay", "st_prepare_delay + st_final_delay of at least 1 cycle (the switch"
                + " traversal)", "a total of 0");
        }
        creditDelay = cfg.integer("credit_delay", 0, 0, "0 or more cycles");
    }

    /** Writes the arbiter and the buffer size into {@code sim}. */
    void putArbiter(ObjectNode sim) {
        sim.put("arbiter", age ? "oldest-first" : "round-robin");
        sim.put("buffer", buffer);
    }

    /** Writes the pipeline, the allocators and the channel latencies of {@code net} into {@code sim}. */
    void putPipeline(ObjectNode sim, BookSimTopology net) {
        // BookSim's iq router (iq_router.cpp): its stages, one packet at a time per input VC, its VC release
        sim.putObject("stages").put("routing", routingDelay).put("vc-allocation", vcAllocDelay)
            .put("switch-allocation", swAllocDelay).put("traversal", traversal);
        sim.put("route-timing", "front");
        sim.put("vc-release", tailCredit.equals("0") ? "tail" : "drained");
        if (tailCredit.equals("1")) {
            // the terminal returns a credit for every flit it takes; the ejection VC waits for the tail's, as any VC
            sim.put("ejection-release", "credit");
        }
        // its separable allocators' output arbiters rotate over every input VC of the router
        sim.put("allocation", "per-vc");
        // flowproof's default is separable-input-first: only islip is written, so that the spec says what differs
        if (vcAllocator.equals("islip")) {
            sim.put("vc-allocator", "islip");
        }
        if (swAllocator.equals("islip")) {
            sim.put("switch-allocator", "islip");
        }
        if (vcAllocator.equals("islip") || swAllocator.equals("islip")) {
            sim.put("allocator-iterations", iterations);
        }
        if (holdSwitch) {
            sim.put("switch-hold", "packet");
        }
        if (net.ancaSelection()) {
            sim.put("adaptive-selection", "two-random-ports");
        }
        if (inputSpeedup != 1) {
            sim.put("input-speedup", inputSpeedup);
        }
        sim.put("link-latency", net.link());
        // a credit crosses a channel as a flit does (the channel's cycles, then read the next cycle), plus credit_delay
        sim.put("credit-latency", net.link() + 1 + creditDelay);
        // the injection and ejection channels (network.cpp): one cycle each beyond flowproof's; the ejection
        // channel has num_vcs VCs, as every channel
        sim.put("injection-latency", 1);
        sim.put("ejection-latency", 1);
        sim.put("ejection-vcs", net.vcs());
        if (net.kind().equals("dragonflynew")) {
            // min_dragonflynew names the packet's phase as its only VC at the ejection port too (dragonfly.cpp;
            // dim_order_torus frees every VC there): VC 0 within its group, VC 1 after the global hop
            sim.put("ejection-vc", "class");
        }
    }

    /**
     * BookSim's {@code priority} (trafficmanager.cpp): {@code none}, {@code class} (with one
     * traffic class every flit has the same priority: none), or {@code age}, which gives
     * every flit the priority {@code INT_MAX - t}, t its packet's creation cycle (with
     * {@code include_queuing = 1}); the VC's priority is its front flit's (vc.cpp), which the
     * separable allocators' round-robin arbiters put first (roundrobin_arb.cpp: the highest
     * priority, round robin among equals) in switch allocation on both sides and in VC
     * allocation on the output side: {@code arbiter: oldest-first}. BookSim's iSLIP does not
     * read priorities in its matching, flowproof's oldest-first is an option of its separable
     * allocators only, so {@code age} needs both allocators separable. Returns whether it is age.
     */
    private static boolean agePriority(BookSimConfig cfg, String vcAllocator, String swAllocator) throws SpecException {
        String priority = cfg.word("priority", "none");
        if (priority.equals("none") || priority.equals("class")) {
            // class: every flit gets its class's priority, and there is one class (classes = 1): all equal
            return false;
        }
        if (!priority.equals("age")) {
            throw cfg.error("priority", "none, class or age (the oldest packet first: arbiter: oldest-first; the others"
                + " order by what flowproof's arbiters do not read)", priority);
        }
        if (!vcAllocator.equals("separable-input-first") || !swAllocator.equals("separable-input-first")) {
            throw cfg.error("priority", "none with an islip allocator (age needs vc_allocator and sw_allocator"
                + " separable_input_first: BookSim's iSLIP does not order by priority, flowproof's oldest-first is an"
                + " option of the separable allocators)", priority);
        }
        return true;
    }

    /**
     * The flowproof allocator of {@code key} ({@code vc_allocator} or {@code sw_allocator}):
     * {@code islip} (BookSim's default) or {@code separable-input-first}.
     */
    private static String allocator(BookSimConfig cfg, String key) throws SpecException {
        String name = cfg.word(key, "islip");
        return switch (name) {
            case "islip" -> "islip";
            case "separable_input_first" -> "separable-input-first";
            default -> throw cfg.error(key, "islip or separable_input_first (the allocators flowproof has; an"
                + " islip(N) or separable_input_first(ARB) parameter is not read: use alloc_iters, arb_type)", name);
        };
    }
}
