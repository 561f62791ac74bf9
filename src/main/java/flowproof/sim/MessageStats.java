package flowproof.sim;

import flowproof.traffic.TraceWorkload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The message latency of trace entries ({@code simulate}'s {@code flows[i].meanMessageLatency}):
 * a message's latency runs from its creation to the delivery of its last packet, over the
 * messages created in the measurement window [warmup, cycles) (a run that drained delivered
 * all of them). A trace's packets carry no message number, so messages of one source to one
 * destination created in the same cycle are measured as one (their packets together).
 */
public final class MessageStats implements Simulator.DeliveryListener {

    /** One trace entry's measurement: its mix index, messages completed, their mean latency. */
    public record Entry(int index, long messages, double meanLatency) {
    }

    private final int terminals;
    private final long warmup;
    private final long cycles;
    private final List<TraceWorkload.Entry> entries;
    /** Key (cycle, source, destination): packets still to arrive and the entry's position. */
    private final Map<Long, int[]> open = new HashMap<>();
    private final long[] messages;
    private final long[] latencySum;

    public MessageStats(TraceWorkload workload, long warmup, long cycles) {
        this.terminals = workload.terminals();
        this.warmup = warmup;
        this.cycles = cycles;
        this.entries = workload.entries();
        this.messages = new long[entries.size()];
        this.latencySum = new long[entries.size()];
        for (TraceWorkload.Created m : workload.created()) {
            if (m.cycle() >= warmup && m.cycle() < cycles) {
                open.computeIfAbsent(key(m.cycle(), m.source(), m.destination()), k -> new int[] {0, m.entry()})[0]
                    += m.packets();
            }
        }
    }

    private long key(long cycle, int source, int destination) {
        return (cycle * terminals + source) * terminals + destination;
    }

    @Override
    public void delivered(int source, int destination, int size, long created, long injected, long done, int hops) {
        if (created < warmup || created >= cycles) {
            return;
        }
        long k = key(created, source, destination);
        int[] m = open.get(k);
        if (m == null) {
            return;
        }
        if (--m[0] == 0) {
            open.remove(k);
            messages[m[1]]++;
            latencySum[m[1]] += done - created;
        }
    }

    /** Per trace entry, in the order of {@link TraceWorkload#entries()}. */
    public List<Entry> entries() {
        return java.util.stream.IntStream.range(0, entries.size()).mapToObj(i -> new Entry(entries.get(i).index(),
            messages[i], messages[i] == 0 ? Double.NaN : (double) latencySum[i] / messages[i])).toList();
    }
}
