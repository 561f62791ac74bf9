package flowproof.explore;

/**
 * One step of the model.
 *
 * @param kind   inject, forward, eject, drift (a critical mark moves backwards by itself),
 *               generate (a packet joins its source's injection queue) or consume (message
 *               classes: the head of a node's input queue of class {@code from} is consumed and
 *               its answer to node {@code destination} joins the output queue of the next class)
 * @param node   the source router (inject, generate) or the router where the packet (or, for
 *               drift, the mark) is (forward, eject, drift)
 * @param destination the packet's header before the move: its destination for most routing
 *                    functions, a route choice such as "d via i" for UGAL (see
 *                    {@link flowproof.routing.RoutingFunction#headerName}); for generate the
 *                    destination node; -1 for drift
 * @param from   the queue the packet (drift: the mark) leaves (forward, eject, drift), for consume
 *               the class consumed, -1 otherwise
 * @param to     the queue the packet (drift: the mark) enters (inject, forward, drift), -1 otherwise
 *
 * <p>Moves are ordered by kind (inject, forward, eject, drift, generate, consume), then node,
 * destination, from and to, each as a number: the fixed move order of
 * {@link TraceOrder}, which picks the move of a counterexample step when several moves lead
 * from one state to the same next state.
 */
public record Move(Kind kind, int node, int destination, int from, int to) implements Comparable<Move> {

    @Override
    public int compareTo(Move o) {
        int c = Integer.compare(kind.ordinal(), o.kind.ordinal());
        if (c == 0) {
            c = Integer.compare(node, o.node);
        }
        if (c == 0) {
            c = Integer.compare(destination, o.destination);
        }
        if (c == 0) {
            c = Integer.compare(from, o.from);
        }
        if (c == 0) {
            c = Integer.compare(to, o.to);
        }
        return c;
    }

    public enum Kind {
        INJECT("inject"),
        FORWARD("forward"),
        EJECT("eject"),
        DRIFT("drift"),
        GENERATE("generate"),
        CONSUME("consume");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public static Kind of(String key) {
            for (Kind k : values()) {
                if (k.key.equals(key)) {
                    return k;
                }
            }
            return null;
        }
    }
}
