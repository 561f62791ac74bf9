package flowproof.spec;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * BookSim 2.0 keys that cannot change what BookSim simulates in a configuration flowproof
 * reads, each with the reason found in BookSim's source: {@link BookSimConfig} accepts them
 * with any value and reads nothing from them. Keys that only print or write files, the
 * read/write request keys (inert because {@code use_read_write} must be 0, which
 * BookSimConfig requires) and the batch keys (inert because {@code sim_type} must be
 * latency or throughput, which BookSimConfig requires). docs/booksim.md lists them.
 */
final class BookSimIgnoredKeys {

    private BookSimIgnoredKeys() {
    }

    /** Key to the reason BookSim's run does not depend on it (file and what the code does). */
    static final Map<String, String> REASONS = new LinkedHashMap<>();

    private static void add(String reason, String... keys) {
        for (String key : keys) {
            REASONS.put(key, reason);
        }
    }

    static {
        add("output only: main.cpp opens the stream the watch messages go to", "watch_out");
        add("one traffic class (classes = 1, which BookSimConfig requires): trafficmanager.cpp gives every flit the"
            + " same class priority, so with priority = class no flit is ahead of another, and other priorities do"
            + " not read it", "class_priority");
        add("output only: trafficmanager.cpp's _LoadWatchList reads the ids of flits and packets whose progress is"
            + " printed to watch_out", "watch_file");
        add("output only: the ids of flits and packets whose progress is printed to watch_out (trafficmanager.cpp)",
            "watch_flits", "watch_packets");
        add("declared in booksim_config.cpp and read nowhere", "watch_transactions");
        add("output only: iq_router.cpp prints its buffer and switch monitors when the router is destroyed",
            "print_activity");
        add("output only: trafficmanager.cpp prints the results as one CSV line", "print_csv_results");
        add("output only: trafficmanager.cpp writes its statistics to this file", "stats_out");
        add("output only: gTrace prints routing and channel traces (main.cpp, routers, networks)", "viewer_trace");
        add("output only: trafficmanager.cpp prints a warning after this many cycles with flits in flight and none"
            + " retired", "deadlock_warn_timeout");
        add("output only: main.cpp runs the power model after the simulation, from the network's activity counters"
            + " (power/power_module.cpp)", "sim_power", "power_output_file", "tech_file", "channel_width",
            "channel_sweep");
        add("read only when use_read_write = 1 (trafficmanager.cpp, _GeneratePacket); flowproof requires 0",
            "read_request_size", "write_request_size", "read_reply_size", "write_reply_size", "write_fraction");
        add("the subnet of request and reply packets (trafficmanager.cpp, _GeneratePacket); with use_read_write = 0"
            + " every packet is ANY_TYPE and takes a random subnet of subnets (flowproof requires subnets = 1)",
            "read_request_subnet", "read_reply_subnet", "write_request_subnet", "write_reply_subnet");
        add("the VC range of request and reply packets: every routing function narrows the VCs to it only for flits"
            + " of type READ_REQUEST, WRITE_REQUEST, READ_REPLY or WRITE_REPLY (routefunc.cpp); with use_read_write"
            + " = 0 every packet is ANY_TYPE (trafficmanager.cpp, _GeneratePacket) and may use VCs 0 to num_vcs - 1",
            "read_request_begin_vc", "read_request_end_vc", "write_request_begin_vc", "write_request_end_vc",
            "read_reply_begin_vc", "read_reply_end_vc", "write_reply_begin_vc", "write_reply_end_vc");
        add("an output file of the batch traffic manager (batchtrafficmanager.cpp: each node's packets sent so far,"
            + " every cycle); it changes no cycle of the run", "sent_packets_out");
    }

    /** Whether {@code key} is one of these keys. */
    static boolean contains(String key) {
        return REASONS.containsKey(key);
    }
}
