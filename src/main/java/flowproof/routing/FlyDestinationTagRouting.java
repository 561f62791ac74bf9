package flowproof.routing;

import flowproof.topology.Fly;

/**
 * Destination-tag routing on a {@link Fly} (terminals on the switches; BookSim's
 * {@code dest_tag_fly}), registry name {@code destination-tag} as on a {@link
 * flowproof.topology.Butterfly}: a packet's header is its destination endpoint, stage-0
 * switch {@code e} (its terminal's number divided by k), and the switch at stage {@code s}
 * takes output port {@code digit(e, n-2-s)}, which is BookSim's digit {@code n-1-s} of the
 * terminal; the packet leaves at stage-{@code n-1} switch {@code e} ({@link #exitNode}), by
 * its terminal's own ejection port. One route per pair, {@code n - 1} hops, also between two
 * terminals of the same endpoint.
 */
public final class FlyDestinationTagRouting implements RoutingFunction {

    private final Fly fly;

    public FlyDestinationTagRouting(Fly fly) {
        this.fly = fly;
    }

    /** The output port {@code digit(header, n-2-s)} at a stage-{@code s} switch; none at the last stage. */
    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        int s = fly.stageOf(node);
        if (s >= fly.stages() - 1 || header >= fly.switchesPerStage()) {
            return 0;
        }
        out[0] = fly.outputChannel(node, fly.digit(header, fly.stages() - 2 - s));
        return 1;
    }

    @Override
    public int maxCandidates() {
        return 1;
    }

    /** The stage-{@code n-1} switch of the destination endpoint: packets leave there, not at the endpoint. */
    @Override
    public int exitNode(int header) {
        return fly.exitSwitch(header);
    }

    /**
     * Hops to where a packet for endpoint {@code destination} leaves: {@code n - 1 - s} from
     * a stage-{@code s} switch on a route to it, -1 from one no route to it passes.
     */
    @Override
    public int distance(int node, int destination) {
        if (destination < 0 || destination >= fly.switchesPerStage()) {
            return -1;
        }
        return fly.reaches(node, destination) ? fly.stages() - 1 - fly.stageOf(node) : -1;
    }

    /** True: every hop moves one stage on. */
    @Override
    public boolean minimal() {
        return true;
    }

    @Override
    public String name() {
        return "destination-tag";
    }

    /** The nodes of the fly (only stage-0 switches, the endpoints, are ever destinations). */
    @Override
    public int headers() {
        return fly.nodes();
    }
}
