package flowproof.routing;

/**
 * A routing function misbehaved for a packet that can actually be where it is: it
 * returned no candidate, or a channel that does not leave the packet's router. Names the
 * node, the destination and the channel, so the user can find the routing entry.
 */
public final class RoutingException extends RuntimeException {

    public RoutingException(String message) {
        super(message);
    }
}
