package flowproof.routing;

import static flowproof.routing.Turn.Direction.EAST;
import static flowproof.routing.Turn.Direction.NORTH;
import static flowproof.routing.Turn.Direction.SOUTH;
import static flowproof.routing.Turn.Direction.WEST;

import flowproof.routing.Turn.Parity;
import java.util.Arrays;
import java.util.List;

/**
 * The named turn models for 2-D meshes, each as the data it is: the turns it forbids.
 * {@link TurnModelRouting} turns a set of forbidden turns into a minimal adaptive routing
 * function, so a spec's own {@code forbid} list and these presets share one implementation.
 *
 * <ul>
 *   <li>{@code west-first} (Glass and Ni 1992): no turn into west (north-west, south-west):
 *       every west hop comes first.
 *   <li>{@code north-last} (Glass and Ni): no turn out of north (north-east, north-west):
 *       north hops come last.
 *   <li>{@code negative-first} (Glass and Ni): no turn from a positive into a negative
 *       direction (east-south, north-west): west and south hops come first.
 *   <li>{@code odd-even} (Chiu 2000): no east-north or east-south turn at an even column,
 *       no north-west or south-west turn at an odd column.
 * </ul>
 */
public enum TurnModel {
    WEST_FIRST("west-first", Turn.of(NORTH, WEST), Turn.of(SOUTH, WEST)),
    NORTH_LAST("north-last", Turn.of(NORTH, EAST), Turn.of(NORTH, WEST)),
    NEGATIVE_FIRST("negative-first", Turn.of(EAST, SOUTH), Turn.of(NORTH, WEST)),
    ODD_EVEN("odd-even", new Turn(EAST, NORTH, Parity.EVEN), new Turn(EAST, SOUTH, Parity.EVEN),
        new Turn(NORTH, WEST, Parity.ODD), new Turn(SOUTH, WEST, Parity.ODD));

    private final String key;
    private final List<Turn> forbidden;

    TurnModel(String key, Turn... forbidden) {
        this.key = key;
        this.forbidden = List.of(forbidden);
    }

    /** The registry name, as written in spec files. */
    public String key() {
        return key;
    }

    /** The turns this model forbids. */
    public List<Turn> forbidden() {
        return forbidden;
    }

    /** The model named {@code key}, or null. */
    public static TurnModel of(String key) {
        for (TurnModel m : values()) {
            if (m.key.equals(key)) {
                return m;
            }
        }
        return null;
    }

    /** Every model's name, in declaration order. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(TurnModel::key).toList();
    }
}
