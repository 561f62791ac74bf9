package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.topology.Topology;

/**
 * A topology broken on purpose, one way per {@code defect}: a unidirectional ring of 4 routers
 * whose {@code defect} is {@code none}, {@code target} (a channel into router 9, which does not
 * exist), {@code self-loop}, {@code names} (two routers named alike), {@code endpoints} (one
 * endpoint), {@code ring} (a ring that leaves a router twice), {@code throws} ({@code nodeName}
 * throws) or {@code construct} (the constructor throws).
 */
public final class BadNet implements Topology {

    private final String defect;

    public BadNet(PluginParams params) {
        defect = params.choice("defect", "none", "none", "target", "self-loop", "names", "endpoints", "ring", "throws",
            "construct");
        if (defect.equals("construct")) {
            throw new IllegalArgumentException("this network cannot be built");
        }
    }

    @Override
    public int nodes() {
        return 4;
    }

    @Override
    public int channels() {
        return defect.equals("ring") ? 5 : 4;
    }

    @Override
    public int source(int channel) {
        return channel == 4 ? 0 : channel;
    }

    @Override
    public int target(int channel) {
        if (channel == 4) {
            return 2;
        }
        if (channel == 2 && defect.equals("target")) {
            return 9;
        }
        if (channel == 2 && defect.equals("self-loop")) {
            return 2;
        }
        return (channel + 1) % 4;
    }

    @Override
    public int dimension(int channel) {
        return -1;
    }

    @Override
    public int rings() {
        return defect.equals("ring") ? 1 : 0;
    }

    @Override
    public int ringOf(int channel) {
        return defect.equals("ring") ? 0 : -1;
    }

    @Override
    public int ringHome(int ring) {
        return 0;
    }

    @Override
    public boolean isEndpoint(int node) {
        return !defect.equals("endpoints") || node == 0;
    }

    @Override
    public String nodeName(int node) {
        if (defect.equals("throws")) {
            throw new UnsupportedOperationException("no names today");
        }
        return defect.equals("names") && node == 3 ? "r1" : "r" + node;
    }

    @Override
    public String describe() {
        return "broken network (" + defect + ")";
    }
}
