package flowproof.explore;

import java.util.List;

/**
 * A shortest sequence of moves from the empty network to a state that violates a
 * property, with the state after every move ({@code states.get(i)} follows
 * {@code moves.get(i - 1)}; {@code states.get(0)} is the initial state).
 */
public record Trace(Property property, List<Move> moves, List<Snapshot> states) {

    public Snapshot last() {
        return states.get(states.size() - 1);
    }

    public int length() {
        return moves.size();
    }
}
