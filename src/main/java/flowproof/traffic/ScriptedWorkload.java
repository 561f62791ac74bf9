package flowproof.traffic;

import flowproof.ConfigurationException;
import java.util.Arrays;
import java.util.List;

/**
 * An explicit list of packets: (cycle, source, destination, size). Used by tests, by the
 * property suite (shrinking drops packets one at a time) and by specs that list packets.
 */
public final class ScriptedWorkload implements Workload {

    /** One scripted packet. */
    public record Packet(long cycle, int source, int destination, int size) {
    }

    private final int terminals;
    private final Packet[] packets;
    /** Per terminal: indices into packets, in cycle order. */
    private final int[][] bySource;
    private final int maxSize;
    private final double meanSize;

    public ScriptedWorkload(int terminals, List<Packet> list) {
        this.terminals = terminals;
        this.packets = list.toArray(new Packet[0]);
        int[] count = new int[terminals];
        int max = 1;
        long sum = 0;
        for (int i = 0; i < packets.length; i++) {
            Packet p = packets[i];
            String at = "traffic.packets[" + i + "]";
            if (p.source() < 0 || p.source() >= terminals || p.destination() < 0 || p.destination() >= terminals) {
                throw new ConfigurationException(at, "terminals 0.." + (terminals - 1), p.source() + " -> " + p.destination());
            }
            if (p.source() == p.destination()) {
                throw new ConfigurationException(at, "a destination other than the source", Integer.toString(p.source()));
            }
            if (p.size() < 1 || p.cycle() < 0) {
                throw new ConfigurationException(at, "a size of at least 1 flit and a cycle of 0 or more",
                    "size " + p.size() + ", cycle " + p.cycle());
            }
            count[p.source()]++;
            max = Math.max(max, p.size());
            sum += p.size();
        }
        this.maxSize = max;
        this.meanSize = packets.length == 0 ? 1 : (double) sum / packets.length;
        this.bySource = new int[terminals][];
        for (int t = 0; t < terminals; t++) {
            bySource[t] = new int[count[t]];
            count[t] = 0;
        }
        Integer[] order = new Integer[packets.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(packets[a].cycle(), packets[b].cycle()));
        for (int i : order) {
            int s = packets[i].source();
            bySource[s][count[s]++] = i;
        }
    }

    public List<Packet> packets() {
        return List.of(packets);
    }

    @Override
    public int terminals() {
        return terminals;
    }

    @Override
    public int maxPacketSize() {
        return maxSize;
    }

    @Override
    public double meanPacketSize() {
        return meanSize;
    }

    @Override
    public boolean takesLoad() {
        return false;
    }

    @Override
    public Workload atLoad(double load) {
        throw new ConfigurationException("load", "no load for a scripted list of packets", Double.toString(load));
    }

    @Override
    public String describe() {
        return packets.length + " scripted packet" + (packets.length == 1 ? "" : "s");
    }

    @Override
    public Generator start(long seed) {
        int[] next = new int[terminals];
        int[] current = new int[terminals];
        long last = 0;
        for (Packet p : packets) {
            last = Math.max(last, p.cycle());
        }
        long lastCycle = last;
        return new Generator() {
            @Override
            public int packets(int terminal, long cycle) {
                int[] mine = bySource[terminal];
                int n = 0;
                while (next[terminal] + n < mine.length && packets[mine[next[terminal] + n]].cycle() == cycle) {
                    n++;
                }
                current[terminal] = next[terminal];
                next[terminal] += n;
                return n;
            }

            @Override
            public int destination(int terminal, long cycle) {
                return packets[bySource[terminal][current[terminal]]].destination();
            }

            @Override
            public int size(int terminal) {
                return packets[bySource[terminal][current[terminal]++]].size();
            }

            @Override
            public double offered(long cycle) {
                return 0;
            }

            @Override
            public long lastGeneration() {
                return lastCycle;
            }
        };
    }
}
