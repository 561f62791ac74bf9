package flowproof.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * The mix entries of a workload measured apart ({@code simulate}'s {@code flows}): per entry,
 * the mean latency of its measured packets and its accepted throughput. A run's own latency
 * and throughput mix every entry, so CBCM's uniform traffic beside a hot spot whose senders
 * inject at 100% (003, Fig. 2 and 8) cannot be read from them.
 *
 * <p>A packet belongs to the entry of its source. Latency: creation to delivery of the packets
 * created in the measurement window [warmup, cycles); a run that drained delivered all of
 * them. Accepted: flits of the entry's packets completed in (warmup, cycles], per terminal
 * of the entry per cycle of the window.
 */
public final class FlowStats implements Simulator.DeliveryListener {

    /** One entry's measurement. */
    public record Flow(String name, int terminals, long packets, double meanLatency, double accepted) {
    }

    private final int[] flowOf;
    private final List<String> names;
    private final long warmup;
    private final long cycles;
    private final int[] members;
    private final long[] packets;
    private final long[] latencySum;
    private final long[] flits;

    /**
     * @param flowOf per terminal its entry (-1: none), as {@link flowproof.traffic.Workload#flowOf()}
     * @param names  the entries' descriptions
     * @param warmup first cycle of the measurement window
     * @param cycles the generation cycles (end of the window)
     */
    public FlowStats(int[] flowOf, List<String> names, long warmup, long cycles) {
        this.flowOf = flowOf.clone();
        this.names = List.copyOf(names);
        this.warmup = warmup;
        this.cycles = cycles;
        int n = names.size();
        members = new int[n];
        packets = new long[n];
        latencySum = new long[n];
        flits = new long[n];
        for (int f : flowOf) {
            if (f >= 0) {
                members[f]++;
            }
        }
    }

    @Override
    public void delivered(int source, int destination, int size, long created, long injected, long done, int hops) {
        int f = flowOf[source];
        if (f < 0) {
            return;
        }
        if (created >= warmup && created < cycles) {
            packets[f]++;
            latencySum[f] += done - created;
        }
        if (done > warmup && done <= cycles) {
            flits[f] += size;
        }
    }

    /** The entries' measurements, in entry order. */
    public List<Flow> flows() {
        List<Flow> out = new ArrayList<>();
        long window = Math.max(1, cycles - warmup);
        for (int f = 0; f < names.size(); f++) {
            out.add(new Flow(names.get(f), members[f], packets[f],
                packets[f] == 0 ? Double.NaN : (double) latencySum[f] / packets[f],
                members[f] == 0 ? 0 : (double) flits[f] / members[f] / window));
        }
        return out;
    }
}
