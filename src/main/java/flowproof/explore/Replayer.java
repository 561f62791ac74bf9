package flowproof.explore;

import java.util.List;

/**
 * Re-executes a trace through the model's rules, move by move, and checks that it still
 * ends in the violation it was saved for: a regression check for counterexamples. Every
 * move must be one the rule admits in the state reached so far.
 */
public final class Replayer {

    /**
     * @param reproduced whether every move was admitted and the last state violates the property
     * @param message    what happened, one line
     * @param last       the state reached (after the last admitted move)
     */
    public record Outcome(boolean reproduced, String message, Snapshot last) {
    }

    private Replayer() {
    }

    public static Outcome replay(Model model, List<Move> moves, Property property) {
        StateLayout layout = new StateLayout(model.network(), model.rule().marksPerRing() > 0, model.routing().headers());
        Expander ex = new Expander(model, layout);
        long[] state = Explorer.initialState(model, layout);
        MatchSink sink = new MatchSink(model);
        for (int i = 0; i < moves.size(); i++) {
            ex.load(state, 0);
            sink.wanted = moves.get(i);
            sink.found = null;
            ex.expand(sink, true);
            if (sink.found == null) {
                return new Outcome(false, "step " + (i + 1) + ": " + describe(model, moves.get(i))
                    + " is not admitted in the state reached", layout.decode(state, 0));
            }
            state = sink.found;
        }
        ex.load(state, 0);
        Snapshot last = layout.decode(state, 0);
        boolean violated;
        switch (property) {
            case STUCK_FREEDOM:
                ex.expand((k, a, b, d, s) -> { }, false);
                violated = ex.packets() > 0 && ex.drainMoves == 0;
                break;
            case DRAINABILITY:
                violated = !drains(ex, layout, state);
                break;
            default:
                violated = !property.invariant().holds(ex, model.rule().marksPerRing());
                break;
        }
        String what = property.key() + (violated ? " violated" : " holds") + " after " + moves.size() + " moves";
        return new Outcome(violated, what, last);
    }

    /** Whether forward and eject moves alone can empty the network from {@code state}. */
    private static boolean drains(Expander ex, StateLayout layout, long[] state) {
        StateSet seen = new StateSet(layout.words, Integer.MAX_VALUE - 2, Long.MAX_VALUE);
        seen.add(state, 0);
        long[] cur = new long[layout.words];
        Expander.Sink add = (k, a, b, d, s) -> seen.add(s, 0);
        for (int id = 0; id < seen.size(); id++) {
            seen.get(id, cur, 0);
            ex.load(cur, 0);
            if (ex.packets() == 0) {
                return true;
            }
            ex.expand(add, false);
        }
        return false;
    }

    private static final class MatchSink implements Expander.Sink {
        private final Model model;
        Move wanted;
        long[] found;

        MatchSink(Model model) {
            this.model = model;
        }

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (found == null && Expander.move(kind, a, b, destination, model.network()).equals(wanted)) {
                found = succ.clone();
            }
        }
    }

    /** One line for a move, e.g. {@code inject 0 -> 2 into 0-d0+->1 vc0}. */
    public static String describe(Model model, Move m) {
        var net = model.network();
        var t = net.topology();
        switch (m.kind()) {
            case INJECT:
                return "inject " + t.nodeName(m.node()) + " -> " + model.routing().headerName(m.destination(), t) + " into "
                    + net.queueName(m.to());
            case FORWARD:
                return "forward (to " + model.routing().headerName(m.destination(), t) + ") " + net.queueName(m.from()) + " => "
                    + net.queueName(m.to());
            default:
                return "eject at " + t.nodeName(m.node()) + " from " + net.queueName(m.from());
        }
    }
}
