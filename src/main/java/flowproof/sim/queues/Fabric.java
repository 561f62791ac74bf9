package flowproof.sim.queues;

import flowproof.ConfigurationException;
import flowproof.routing.RoutingFunction;
import flowproof.sim.SimConfig;
import flowproof.sim.Simulator;
import flowproof.sim.queues.InputQueueing.Organisation;
import flowproof.topology.Topology;
import java.util.Arrays;

/**
 * The network as the input-queued engine sees it: hosts with one injection link each,
 * switch input ports (every channel that enters a switch), ejection links (channels that
 * enter a host) and the routing table, read once. Building it refuses a configuration this
 * engine cannot run (per-channel latency, an option of the VC router, a choice of route at
 * the source, concentration, hosts with several links, adaptive routing), one line each.
 */
final class Fabric {

    final Topology topo;
    final int terminals;
    final int channels;
    /** The node of each terminal, and the terminal of each node (-1 at a switch). */
    final int[] hostOf;
    final int[] termOf;
    /** The injection link of each terminal. */
    final int[] injChannel;
    /** The node each channel enters. */
    final int[] target;
    /** Next channel by {@code node * terminals + destination}, -1 at the destination's host. */
    final int[] route;
    /** Whether a channel enters a host (an ejection link) or a switch (an input port). */
    final boolean[] eject;
    final boolean[] isPort;
    /** Each channel's index among the output ports of its source node. */
    final int[] outLocal;
    /** The input ports (channels entering a switch), ascending. */
    final int[] portList;
    /** The largest number of output ports of a switch. */
    final int maxDegree;

    Fabric(SimConfig cfg, Organisation org) {
        this.topo = cfg.network().topology();
        RoutingFunction routing = cfg.routing();
        this.channels = topo.channels();
        for (int c = 0; c < channels; c++) {
            if (Simulator.channelLatency(topo, c) != 1) {
                throw new ConfigurationException("topology", "channels without a latency of their own for " + org.key()
                    + " (this engine has one link latency, simulation.link-latency; the VC router simulator models"
                    + " per-channel latency)", "channel " + topo.channelName(c) + " of latency "
                    + Simulator.channelLatency(topo, c));
            }
        }
        refuseRouterOption(cfg, org);
        if (routing.maxInjectHeaders() > 1) {
            throw new ConfigurationException("routing", "one route per destination for " + org.key() + " (this engine"
                + " routes by destination; a choice at the source, e.g. DOR's random tie, needs the VC router simulator)",
                routing.name());
        }
        int nodes = topo.nodes();
        int[] endpoints = topo.endpoints();
        if (topo.concentration() != 1) {
            throw new ConfigurationException("topology", "hosts as nodes (concentration 1) for " + org.key(),
                "concentration " + topo.concentration());
        }
        this.terminals = endpoints.length;
        hostOf = endpoints.clone();
        termOf = new int[nodes];
        Arrays.fill(termOf, -1);
        for (int t = 0; t < terminals; t++) {
            termOf[hostOf[t]] = t;
        }
        int[] degree = new int[nodes];
        outLocal = new int[channels];
        eject = new boolean[channels];
        isPort = new boolean[channels];
        target = new int[channels];
        int ports = 0;
        for (int c = 0; c < channels; c++) {
            target[c] = topo.target(c);
            outLocal[c] = degree[topo.source(c)]++;
            eject[c] = termOf[topo.target(c)] >= 0;
            isPort[c] = !eject[c];
            if (isPort[c]) {
                ports++;
            }
        }
        portList = new int[ports];
        for (int c = 0, i = 0; c < channels; c++) {
            if (isPort[c]) {
                portList[i++] = c;
            }
        }
        injChannel = new int[terminals];
        for (int t = 0; t < terminals; t++) {
            if (degree[hostOf[t]] != 1) {
                throw new ConfigurationException("topology", "hosts with one injection link (bmin) for " + org.key(),
                    topo.describe() + ": endpoint " + topo.nodeName(hostOf[t]) + " has " + degree[hostOf[t]]);
            }
        }
        for (int c = 0; c < channels; c++) {
            int t = termOf[topo.source(c)];
            if (t >= 0) {
                injChannel[t] = c;
            }
        }
        int widest = 0;
        for (int v = 0; v < nodes; v++) {
            if (termOf[v] < 0) {
                widest = Math.max(widest, degree[v]);
            }
        }
        maxDegree = widest;
        route = routeTable(routing, nodes, org);
    }

    /** The routing table, read once: deterministic, table-based. */
    private int[] routeTable(RoutingFunction routing, int nodes, Organisation org) {
        int[] table = new int[nodes * terminals];
        int[] out = new int[Math.max(1, routing.maxCandidates())];
        for (int v = 0; v < nodes; v++) {
            for (int d = 0; d < terminals; d++) {
                if (hostOf[d] == v) {
                    table[v * terminals + d] = -1;
                    continue;
                }
                int n = routing.candidates(v, -1, hostOf[d], out);
                if (n != 1) {
                    throw new ConfigurationException("routing", "a deterministic routing function (one channel per"
                        + " node and destination: table-based routing) for " + org.key(),
                        routing.name() + " with " + n + " candidates at " + topo.nodeName(v));
                }
                table[v * terminals + d] = out[0];
            }
        }
        return table;
    }

    /** The channel a packet for {@code d} takes out of the node channel {@code c} enters. */
    int next(int c, int d) {
        return route[target[c] * terminals + d];
    }

    /** An option of the VC router simulator set in the spec is an error here: this engine has no VCs. */
    private static void refuseRouterOption(SimConfig cfg, Organisation org) {
        String option = cfg.routerOption();
        if (option != null) {
            throw new ConfigurationException("simulation." + option, "no " + option + " for " + org.key() + " (an option"
                + " of the VC router simulator; this engine has input-port queues, not VCs)", switch (option) {
                    case "vc-release" -> cfg.router().vcRelease().key();
                    case "route-timing" -> cfg.router().routeTiming().key();
                    case "injection-latency" -> Integer.toString(cfg.router().injectionLatency());
                    case "ejection-latency" -> Integer.toString(cfg.router().ejectionLatency());
                    case "stages" -> cfg.router().stages().key();
                    case "ejection-vcs" -> Integer.toString(cfg.router().ejectionVcs());
                    case "vc-allocator" -> cfg.router().allocators().vc().key();
                    case "switch-allocator" -> cfg.router().allocators().sw().key();
                    case "allocator-iterations" -> Integer.toString(cfg.router().allocators().iterations());
                    case "input-speedup" -> Integer.toString(cfg.router().allocators().inputSpeedup());
                    case "ejection-release" -> "credit";
                    case "switch-hold" -> "packet";
                    case "ejection-vc" -> "class";
                    case "adaptive-selection" -> "two-random-ports";
                    default -> cfg.router().allocation().key();
                });
        }
    }
}
