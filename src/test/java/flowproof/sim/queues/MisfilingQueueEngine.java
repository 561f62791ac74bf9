package flowproof.sim.queues;

import flowproof.sim.SimConfig;

/**
 * A deliberately broken FBICM engine for the property suite: in post-processing, an NFQ head
 * that the real engine leaves in the NFQ (no CAM line of its port lists its destination) is
 * moved into the first allocated CFQ anyway, although that CFQ's CAM line does not list its
 * destination. Everything else is the real {@link QueueEngine} and {@link FbicmPorts}.
 */
public final class MisfilingQueueEngine extends QueueEngine {

    public MisfilingQueueEngine(SimConfig cfg, InputQueueing setup) {
        super(cfg, setup, (s, f, p, c) -> new FbicmPorts(s, f, p, c) {
            @Override
            int headLine(int port, int d, int matched) {
                if (matched >= 0) {
                    return matched;
                }
                for (int i = 0; i < lines; i++) {
                    if (lineActive(port, i) && !lineHolds(port, i, d)) {
                        return i;
                    }
                }
                return -1;
            }
        });
    }
}
