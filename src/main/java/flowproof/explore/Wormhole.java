package flowproof.explore;

/**
 * Wormhole switching for the explorer (spec {@code flow: wormhole}): packets of
 * {@code packetFlits} flits (L) over VC queues of {@code queueFlits} flits each (C, the
 * spec's {@code capacity}). A packet may hold several queues at once. See
 * {@link WormholeExpander} for the moves and {@link WormholeLayout} for the state encoding.
 */
public record Wormhole(int packetFlits, int queueFlits) {

    public Wormhole {
        if (packetFlits < 1 || queueFlits < 1) {
            throw new IllegalArgumentException("wormhole needs packets and queues of at least one flit, found L="
                + packetFlits + ", C=" + queueFlits);
        }
    }

    public String describe() {
        return "wormhole: packets of " + packetFlits + " flit" + (packetFlits == 1 ? "" : "s") + ", queues of "
            + queueFlits + " flit" + (queueFlits == 1 ? "" : "s");
    }
}
