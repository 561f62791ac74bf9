package flowproof.sim;

import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/** Busy input buffers (some VC of the channel short of a packet slot, as the upstream credits show; SPTh's "any VC") of a row of routers. */
final class SpaceTimeRecorder {
    private final int vcs;
    private final int slot;
    private final int cap;
    /** The simulator's buffers, whose credits per queue it reads (never writes). */
    private final Buffers b;
    private final long from;
    private final int length;
    private final int[] channelsOfRow;
    private final String[] names;
    private final boolean[][] busy;

    SpaceTimeRecorder(SimConfig.SpaceTime st, Topology topo, int vcs, int slot, int cap, Buffers b) {
        this.vcs = vcs;
        this.slot = slot;
        this.cap = cap;
        this.b = b;
        int channels = topo.channels();
        this.from = st.from();
        this.length = st.length();
        List<Integer> list = new ArrayList<>();
        for (int r : st.routers()) {
            for (int c = 0; c < channels; c++) {
                if (topo.target(c) == r) {
                    list.add(c);
                }
            }
        }
        channelsOfRow = list.stream().mapToInt(Integer::intValue).toArray();
        names = new String[channelsOfRow.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = topo.channelName(channelsOfRow[i]);
        }
        busy = new boolean[channelsOfRow.length][length];
    }

    void record(long cycle) {
        long i = cycle - from;
        if (i < 0 || i >= length) {
            return;
        }
        int need = Math.min(slot, cap);
        for (int k = 0; k < channelsOfRow.length; k++) {
            int c = channelsOfRow[k];
            boolean any = false;
            for (int v = 0; v < vcs && !any; v++) {
                any = b.credits(c * vcs + v) < need;
            }
            busy[k][(int) i] = any;
        }
    }

    SimResult.SpaceTimeChart build() {
        return new SimResult.SpaceTimeChart(names, busy, from);
    }
}
