package flowproof.explore;

import java.util.ArrayList;
import java.util.List;

/**
 * A shortest sequence of steps from the empty network to a state that violates a
 * property, with the state after every step ({@code states.get(i)} follows step {@code i};
 * {@code states.get(0)} is the initial state).
 *
 * <p>Under interleaving semantics every step is one move and {@code stepSizes} is empty.
 * Under synchronous semantics a step (a clock cycle) holds several moves: {@code moves} lists
 * them step after step and {@code stepSizes} says how many belong to each step.
 *
 * <p>{@code starved} is empty but for {@link Property#INJECTABILITY}: the traffic pairs that
 * can never inject from the trace's last state (the initial state: no moves).
 */
public record Trace(Property property, List<Move> moves, List<Snapshot> states, List<Integer> stepSizes,
                    List<Pair> starved) {

    /** A traffic pair, by node index. */
    public record Pair(int source, int destination) {
    }

    /** A trace of a property other than injectability. */
    public Trace(Property property, List<Move> moves, List<Snapshot> states, List<Integer> stepSizes) {
        this(property, moves, states, stepSizes, List.of());
    }

    /** An interleaving trace: one move per step. */
    public Trace(Property property, List<Move> moves, List<Snapshot> states) {
        this(property, moves, states, List.of());
    }

    /**
     * The counterexample to {@link Property#INJECTABILITY}: no moves, the initial state, and the
     * traffic pairs that can inject from no reachable state (in traffic order).
     */
    public static Trace starved(Snapshot initial, List<Pair> pairs) {
        return new Trace(Property.INJECTABILITY, List.of(), List.of(initial), List.of(), List.copyOf(pairs));
    }

    /** A trace from its steps' moves; {@code synchronous} keeps the grouping. */
    static Trace of(Property property, List<List<Move>> steps, List<Snapshot> states, boolean synchronous) {
        List<Move> moves = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        for (List<Move> step : steps) {
            moves.addAll(step);
            sizes.add(step.size());
        }
        return new Trace(property, List.copyOf(moves), List.copyOf(states), synchronous ? List.copyOf(sizes) : List.of());
    }

    public Snapshot last() {
        return states.get(states.size() - 1);
    }

    /** Steps from the empty network (moves, under interleaving semantics). */
    public int length() {
        return states.size() - 1;
    }

    /** Whether the steps are clock cycles of several moves each. */
    public boolean synchronous() {
        return !stepSizes.isEmpty();
    }

    /** The moves of each step, in order. */
    public List<List<Move>> steps() {
        return steps(moves, stepSizes);
    }

    /** Groups moves into steps of the given sizes (one move per step when {@code sizes} is empty). */
    public static List<List<Move>> steps(List<Move> moves, List<Integer> sizes) {
        List<List<Move>> out = new ArrayList<>();
        if (sizes.isEmpty()) {
            for (Move m : moves) {
                out.add(List.of(m));
            }
            return out;
        }
        int i = 0;
        for (int n : sizes) {
            out.add(List.copyOf(moves.subList(i, i + n)));
            i += n;
        }
        return out;
    }
}
