package flowproof.throttle;

import flowproof.sim.control.RouterControl;
import java.util.ArrayList;
import java.util.List;

/** A {@link RouterControl.Port} for tests: records the control packets sent; queue length and port count are set by the test. */
final class SentPort implements RouterControl.Port {
    final List<int[]> packets = new ArrayList<>();
    int queued;
    final int ports;

    SentPort(int ports) {
        this.ports = ports;
    }

    @Override
    public void send(int from, int to, int payload) {
        packets.add(new int[] {from, to, payload});
    }

    @Override
    public int queued(int terminal) {
        return queued;
    }

    @Override
    public int outputPorts() {
        return ports;
    }
}
