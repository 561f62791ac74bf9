package flowproof.routing;

import java.util.List;

/**
 * A 90-degree turn on a 2-D mesh, as written in a spec's {@code forbid} list: a packet
 * travelling {@code from} leaves a router travelling {@code to}, optionally only at routers
 * whose column (x coordinate) has the given parity. Dimension 0 is X (east is +), dimension
 * 1 is Y (north is +).
 */
public record Turn(Direction from, Direction to, Parity columns) {

    /** The four directions of a 2-D mesh. */
    public enum Direction {
        EAST("east", 0, 1), WEST("west", 0, -1), NORTH("north", 1, 1), SOUTH("south", 1, -1);

        private final String key;
        private final int dimension;
        private final int sign;

        Direction(String key, int dimension, int sign) {
            this.key = key;
            this.dimension = dimension;
            this.sign = sign;
        }

        public String key() {
            return key;
        }

        /** 0 for X (east, west), 1 for Y (north, south). */
        public int dimension() {
            return dimension;
        }

        /** +1 for east and north, -1 for west and south. */
        public int sign() {
            return sign;
        }

        /** The direction of a hop along {@code dimension} (0 or 1) with {@code sign} (+1 or -1). */
        public static Direction of(int dimension, int sign) {
            return dimension == 0 ? (sign > 0 ? EAST : WEST) : (sign > 0 ? NORTH : SOUTH);
        }

        /** The direction named {@code key}, or null. */
        public static Direction of(String key) {
            for (Direction d : values()) {
                if (d.key.equals(key)) {
                    return d;
                }
            }
            return null;
        }

        public static String keys() {
            return "east, west, north, south";
        }
    }

    /** Where a turn is forbidden: at every router, or at even or odd columns only. */
    public enum Parity {
        ANY("any"), EVEN("even"), ODD("odd");

        private final String key;

        Parity(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        public boolean matches(int column) {
            return this == ANY || (column % 2 == 0) == (this == EVEN);
        }

        /** The parity named {@code key} among even and odd, or null. */
        public static Parity of(String key) {
            return key.equals("even") ? EVEN : key.equals("odd") ? ODD : null;
        }
    }

    public Turn {
        if (from.dimension() == to.dimension()) {
            throw new IllegalArgumentException("not a 90-degree turn: " + from.key() + " to " + to.key());
        }
    }

    /** A turn forbidden at every router. */
    public static Turn of(Direction from, Direction to) {
        return new Turn(from, to, Parity.ANY);
    }

    /** e.g. {@code east-north} or {@code east-north at even columns}. */
    @Override
    public String toString() {
        return from.key() + "-" + to.key() + (columns == Parity.ANY ? "" : " at " + columns.key() + " columns");
    }

    /** The turns, comma-separated. */
    public static String describe(List<Turn> turns) {
        return turns.isEmpty() ? "none" : String.join(", ", turns.stream().map(Turn::toString).toList());
    }
}
