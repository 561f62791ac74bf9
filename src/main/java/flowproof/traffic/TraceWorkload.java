package flowproof.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Generated traffic with message traces replayed on some of its terminals: mix entries
 * {@code {terminals: ..., trace: FILE, start: CYCLE}} (see {@link WorkloadReader}). A trace's
 * rank r is the r-th terminal of its entry (ascending); its message at trace cycle c is
 * created at cycle {@code start + c} and split into packets of the spec's packet size (the
 * last shorter), all created in that cycle, in file order. The trace is replayed open-loop:
 * a message is created at its cycle whatever became of the ones before (no MPI
 * dependencies). The other terminals follow the synthetic workload, which leaves the trace
 * terminals silent. Immutable; see {@link Workload}.
 */
public final class TraceWorkload implements Workload {

    /**
     * One trace entry of the mix.
     *
     * @param index     its index among the mix entries (simulate's {@code flows})
     * @param terminals its terminals, ascending: rank r is {@code terminals[r]}
     * @param file      the trace file as the spec names it
     * @param start     the cycle of the trace's cycle 0
     */
    public record Entry(int index, int[] terminals, String file, long start, List<TraceFile.Message> messages) {

        String describe() {
            return Format.terminals(terminals) + ": trace " + file + " (" + messages.size() + " messages from cycle "
                + start + ")";
        }
    }

    /** One message as the run creates it: terminals and absolute cycle, and its packets. */
    public record Created(int entry, long cycle, int source, int destination, int packets) {
    }

    private final SyntheticWorkload inner;
    private final List<Entry> entries;
    private final int packetSize;
    /** Per terminal: its packets in creation order (null: not a trace terminal). */
    private final long[][] cycle;
    private final int[][] destination;
    private final int[][] size;
    private final int[][] message;
    private final long last;

    TraceWorkload(SyntheticWorkload inner, List<Entry> entries, int packetSize) {
        this.inner = inner;
        this.entries = List.copyOf(entries);
        this.packetSize = packetSize;
        int t = inner.terminals();
        cycle = new long[t][];
        destination = new int[t][];
        size = new int[t][];
        message = new int[t][];
        long end = 0;
        for (Entry e : entries) {
            List<List<long[]>> per = new ArrayList<>();
            for (int r = 0; r < e.terminals().length; r++) {
                per.add(new ArrayList<>());
            }
            for (TraceFile.Message m : e.messages()) {
                per.get(m.source()).add(new long[] {e.start() + m.cycle(), e.terminals()[m.destination()], m.flits()});
            }
            for (int r = 0; r < e.terminals().length; r++) {
                List<long[]> mine = per.get(r);
                // stable: messages of one cycle keep their file order
                mine.sort((a, b) -> Long.compare(a[0], b[0]));
                int packets = 0;
                for (long[] m : mine) {
                    packets += packets(m[2]);
                }
                int term = e.terminals()[r];
                cycle[term] = new long[packets];
                destination[term] = new int[packets];
                size[term] = new int[packets];
                message[term] = new int[packets];
                int i = 0;
                for (long[] m : mine) {
                    int k = packets(m[2]);
                    for (int p = 0; p < k; p++) {
                        cycle[term][i] = m[0];
                        destination[term][i] = (int) m[1];
                        size[term][i] = (int) Math.min(packetSize, m[2] - (long) p * packetSize);
                        message[term][i] = k;
                        i++;
                    }
                    end = Math.max(end, m[0]);
                }
            }
        }
        this.last = end;
    }

    private int packets(long flits) {
        return (int) ((flits + packetSize - 1) / packetSize);
    }

    /** The trace entries. */
    public List<Entry> entries() {
        return entries;
    }

    /** Every trace message as the run creates it (entry index among {@link #entries()}). */
    public List<Created> created() {
        List<Created> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            for (TraceFile.Message m : e.messages()) {
                out.add(new Created(i, e.start() + m.cycle(), e.terminals()[m.source()],
                    e.terminals()[m.destination()], packets(m.flits())));
            }
        }
        return out;
    }

    @Override
    public int terminals() {
        return inner.terminals();
    }

    @Override
    public int maxPacketSize() {
        return Math.max(inner.maxPacketSize(), packetSize);
    }

    @Override
    public double meanPacketSize() {
        return inner.meanPacketSize();
    }

    @Override
    public boolean takesLoad() {
        return inner.takesLoad();
    }

    @Override
    public Workload atLoad(double load) {
        return new TraceWorkload((SyntheticWorkload) inner.atLoad(load), entries, packetSize);
    }

    @Override
    public String describe() {
        return inner.describe() + "; " + entries.stream().map(Entry::describe).collect(Collectors.joining("; "));
    }

    @Override
    public int[] flowOf() {
        return inner.flowOf();
    }

    @Override
    public List<String> flowNames() {
        List<String> names = new ArrayList<>(inner.flowNames());
        for (Entry e : entries) {
            names.set(e.index(), e.describe());
        }
        return names;
    }

    @Override
    public Generator start(long seed) {
        Generator g = inner.start(seed);
        int t = inner.terminals();
        int[] next = new int[t];
        int[] current = new int[t];
        return new Generator() {
            @Override
            public int packets(int terminal, long now) {
                long[] c = cycle[terminal];
                if (c == null) {
                    return g.packets(terminal, now);
                }
                int n = 0;
                int i = next[terminal];
                while (i + n < c.length && c[i + n] == now) {
                    n++;
                }
                current[terminal] = i - 1;
                next[terminal] = i + n;
                return n;
            }

            @Override
            public int destination(int terminal, long now) {
                if (cycle[terminal] == null) {
                    return g.destination(terminal, now);
                }
                return destination[terminal][++current[terminal]];
            }

            @Override
            public int size(int terminal) {
                return cycle[terminal] == null ? g.size(terminal) : size[terminal][current[terminal]];
            }

            @Override
            public int message(int terminal) {
                return cycle[terminal] == null ? g.message(terminal) : message[terminal][current[terminal]];
            }

            @Override
            public double offered(long now) {
                return g.offered(now);
            }

            @Override
            public long lastGeneration() {
                return g.lastGeneration() == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(last, g.lastGeneration());
            }
        };
    }

    @Override
    public String toString() {
        return describe();
    }
}
