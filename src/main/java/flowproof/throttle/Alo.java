package flowproof.throttle;

import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.topology.Network;

/**
 * At-Least-One (ALO), the local baseline of the Tune paper (000_38ccbb1a41645d3d.txt,
 * after Lopez, Martinez and Duato): a new packet may enter the network only if every useful
 * output physical channel (one its routing function offers for the first hop) has at least
 * one free VC, or at least one useful physical channel has all its VCs free. A VC is free
 * when no packet holds it and its buffer has room for a packet (empty under wormhole).
 * No parameters.
 */
public final class Alo implements Scheme {

    static Scheme read(Params p, SchemeContext c) {
        return new Alo();
    }

    @Override
    public String key() {
        return "alo";
    }

    @Override
    public String describe() {
        return "alo";
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        Network net = state.network();
        int vcs = net.vcs();
        int slot = state.slotFlits();
        return (terminal, destination, size, firstQueues, n) -> {
            boolean everyHasOne = true;
            for (int i = 0; i < n; i++) {
                int c = net.channelOf(firstQueues[i]);
                boolean seen = false;
                for (int j = 0; j < i; j++) {
                    if (net.channelOf(firstQueues[j]) == c) {
                        seen = true;
                        break;
                    }
                }
                if (seen) {
                    continue;
                }
                int free = 0;
                for (int v = 0; v < vcs; v++) {
                    int q = net.queue(c, v);
                    if (!state.allocated(q) && state.credits(q) >= slot) {
                        free++;
                    }
                }
                if (free == vcs) {
                    return true;
                }
                if (free == 0) {
                    everyHasOne = false;
                }
            }
            return everyHasOne;
        };
    }
}
