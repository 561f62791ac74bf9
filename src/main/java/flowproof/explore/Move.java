package flowproof.explore;

/**
 * One step of the model.
 *
 * @param kind   inject, forward or eject
 * @param node   the source router (inject) or the router where the packet is (forward, eject)
 * @param destination the packet's header before the move: its destination for most routing
 *                    functions, a route choice such as "d via i" for UGAL (see
 *                    {@link flowproof.routing.RoutingFunction#headerName})
 * @param from   the queue the packet leaves (forward, eject), -1 for inject
 * @param to     the queue the packet enters (inject, forward), -1 for eject
 */
public record Move(Kind kind, int node, int destination, int from, int to) {

    public enum Kind {
        INJECT("inject"),
        FORWARD("forward"),
        EJECT("eject");

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
