package flowproof.explore;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

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

    /** Replays an interleaving trace (one move per step). */
    public static Outcome replay(Model model, List<Move> moves, Property property) {
        return replay(model, moves, List.of(), property);
    }

    /**
     * Replays a trace whose moves form steps of {@code stepSizes} moves (empty: one move per
     * step). Under synchronous semantics a step must be exactly one of the successors of the
     * state reached: the same set of moves, drift included.
     */
    public static Outcome replay(Model model, List<Move> moves, List<Integer> stepSizes, Property property) {
        return replay(model, moves, stepSizes, property, List.of());
    }

    /**
     * Replays a trace; for {@link Property#INJECTABILITY}, {@code starved} names the pairs that
     * must inject from no state reachable from the last one (found by an exhaustive search from
     * it, all moves allowed).
     */
    public static Outcome replay(Model model, List<Move> moves, List<Integer> stepSizes, Property property,
                                 List<Trace.Pair> starved) {
        StateLayout layout = StateLayout.of(model);
        Expander ex = Expander.create(model, layout);
        long[] state = Explorer.initialState(model, layout);
        MatchSink sink = new MatchSink(ex);
        List<List<Move>> steps = Trace.steps(moves, stepSizes);
        for (int i = 0; i < steps.size(); i++) {
            ex.load(state, 0);
            sink.wanted = new HashSet<>(steps.get(i));
            sink.found = null;
            ex.expand(sink, true);
            if (sink.found == null) {
                StringBuilder what = new StringBuilder();
                for (Move m : steps.get(i)) {
                    what.append(what.length() == 0 ? "" : " + ").append(describe(model, m));
                }
                return new Outcome(false, "step " + (i + 1) + ": " + what
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
            case INJECTABILITY:
                if (starved.isEmpty()) {
                    return new Outcome(false, "injectability: the trace names no pair that cannot inject", last);
                }
                List<Trace.Pair> still = Explorer.starved(model, injectedFrom(model, layout, state));
                violated = still.containsAll(starved);
                if (!violated) {
                    List<Trace.Pair> now = new java.util.ArrayList<>(starved);
                    now.removeAll(still);
                    var t = model.network().topology();
                    return new Outcome(false, "injectability holds for " + t.nodeName(now.get(0).source()) + " -> "
                        + t.nodeName(now.get(0).destination()) + ": it injects from a state reachable from the last one",
                        last);
                }
                break;
            default:
                violated = !property.invariant().holds(ex, model.rule().marksPerRing());
                break;
        }
        String what = property.key() + (violated ? " violated" : " holds") + " after " + steps.size()
            + (stepSizes.isEmpty() ? " move" : " step") + (steps.size() == 1 ? "" : "s");
        return new Outcome(violated, what, last);
    }

    /**
     * What the head of one queue waits for in a state: the queues its routing offers, in the
     * order the engines try them, and whether the rule admits it into each now.
     *
     * @param queue    the queue whose head this is
     * @param header   the head packet's header
     * @param exits    whether the packet leaves the network here (no targets)
     * @param targets  the candidate queues tried (escape candidates only when no primary one admits it)
     * @param admitted by target, whether the rule admits the head into it in this state
     */
    public record HeadWait(int queue, int header, boolean exits, int[] targets, boolean[] admitted) {

        /** Whether the head can move now: it exits, or some target admits it. */
        public boolean canMove() {
            if (exits) {
                return true;
            }
            for (boolean a : admitted) {
                if (a) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * The states a trace passes through, replayed through the model's rules.
     *
     * @param states  the initial state, then the state after every admitted step
     * @param refused null when every step was admitted, else one line naming the first refused step
     * @param waits   for the last state of a packet-level model, what every queue head waits for
     *                (empty under wormhole)
     */
    public record Run(List<Snapshot> states, String refused, List<HeadWait> waits) {
    }

    /**
     * Replays a trace and keeps every state it passes through, with what the heads of the last
     * state wait for: the data of a step-by-step picture, from the same expansion as
     * {@link #replay}.
     */
    public static Run run(Model model, List<Move> moves, List<Integer> stepSizes) {
        StateLayout layout = StateLayout.of(model);
        Expander ex = Expander.create(model, layout);
        long[] state = Explorer.initialState(model, layout);
        MatchSink sink = new MatchSink(ex);
        List<List<Move>> steps = Trace.steps(moves, stepSizes);
        List<Snapshot> states = new java.util.ArrayList<>();
        states.add(layout.decode(state, 0));
        String refused = null;
        for (int i = 0; i < steps.size(); i++) {
            ex.load(state, 0);
            sink.wanted = new HashSet<>(steps.get(i));
            sink.found = null;
            ex.expand(sink, true);
            if (sink.found == null) {
                StringBuilder what = new StringBuilder();
                for (Move m : steps.get(i)) {
                    what.append(what.length() == 0 ? "" : " + ").append(describe(model, m));
                }
                refused = "step " + (i + 1) + ": " + what + " is not admitted in the state reached";
                break;
            }
            state = sink.found;
            states.add(layout.decode(state, 0));
        }
        return new Run(List.copyOf(states), refused, model.wormhole() != null ? List.of()
            : waits(model, layout, state, states.get(states.size() - 1)));
    }

    private static List<HeadWait> waits(Model model, StateLayout layout, long[] state, Snapshot s) {
        Expander ex = new Expander(model, layout);
        ex.load(state, 0);
        List<HeadWait> out = new java.util.ArrayList<>();
        for (int q = 0; q < s.packets().length; q++) {
            if (s.packets()[q].length == 0) {
                continue;
            }
            int header = s.packets()[q][0];
            int[] targets = ex.targetsOf(q, header);
            if (targets == Expander.EXIT) {
                out.add(new HeadWait(q, header, true, new int[0], new boolean[0]));
                continue;
            }
            int primary = ex.fwdPrimary[q * ex.headers + header];
            boolean[] admitted = new boolean[targets.length];
            int tried = 0;
            int yes = 0;
            for (int i = 0; i < targets.length; i++) {
                if (!flowproof.routing.QueueRoutes.tries(i, primary, yes > 0, model.escapeAny())) {
                    break;
                }
                admitted[i] = model.rule().admit(ex, q, targets[i]) != flowproof.rule.FlowControlRule.DENY;
                yes += admitted[i] ? 1 : 0;
                tried++;
            }
            out.add(new HeadWait(q, header, false, java.util.Arrays.copyOf(targets, tried),
                java.util.Arrays.copyOf(admitted, tried)));
        }
        return List.copyOf(out);
    }

    /**
     * By traffic index, whether each pair has an inject move in some state reachable from
     * {@code state} by any moves (an exhaustive search, as the explorer's).
     */
    private static boolean[] injectedFrom(Model model, StateLayout layout, long[] state) {
        Expander ex = Expander.create(model, layout);
        StateSet seen = new StateSet(layout.words, Integer.MAX_VALUE - 2, Long.MAX_VALUE);
        seen.add(state, 0);
        long[] cur = new long[layout.words];
        Expander.Sink add = (k, a, b, d, s) -> seen.add(s, 0);
        for (int id = 0; id < seen.size(); id++) {
            seen.get(id, cur, 0);
            ex.load(cur, 0);
            ex.expand(add, true);
        }
        return ex.injected;
    }

    /** Whether forward and eject moves alone can empty the network from {@code state}. */
    private static boolean drains(Expander ex, StateLayout layout, long[] state) {
        StateSet seen = new StateSet(layout.words, Integer.MAX_VALUE - 2, Long.MAX_VALUE);
        if (seen.add(state, 0) == StateSet.FULL) {
            throw new OutOfMemoryError("the heap does not hold the state the replay ended in");
        }
        long[] cur = new long[layout.words];
        Expander.Sink add = (k, a, b, d, s) -> {
            if (seen.add(s, 0) == StateSet.FULL) {
                // a state left out could be the one that drains: no answer rather than a false "violated"
                throw new OutOfMemoryError("the heap does not hold the states the network can drain through");
            }
        };
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
        private final Expander ex;
        Set<Move> wanted;
        long[] found;

        MatchSink(Expander ex) {
            this.ex = ex;
        }

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (found == null) {
                List<Move> step = ex.stepMoves(kind, a, b, destination);
                if (step.size() == wanted.size() && wanted.containsAll(step)) {
                    found = succ.clone();
                }
            }
        }
    }

    /** One line for a move, e.g. {@code inject 0 -> 2 into 0-d0+->1 vc0}. */
    public static String describe(Model model, Move m) {
        var net = model.network();
        var t = net.topology();
        if (model.wormhole() != null) {
            String flit = m.kind() == Move.Kind.INJECT ? "inject a flit of " + t.nodeName(m.node()) + " -> "
                + model.routing().headerName(m.destination(), t) + " into " + net.queueName(m.to())
                : m.kind() == Move.Kind.FORWARD ? "forward a flit (to " + model.routing().headerName(m.destination(), t)
                + ") " + net.queueName(m.from()) + " => " + net.queueName(m.to())
                : m.kind() == Move.Kind.EJECT ? "eject a flit at " + t.nodeName(m.node()) + " from " + net.queueName(m.from())
                : null;
            if (flit != null) {
                return flit;
            }
        }
        switch (m.kind()) {
            case INJECT:
                return "inject " + t.nodeName(m.node()) + " -> " + model.routing().headerName(m.destination(), t) + " into "
                    + net.queueName(m.to());
            case FORWARD:
                return "forward (to " + model.routing().headerName(m.destination(), t) + ") " + net.queueName(m.from()) + " => "
                    + net.queueName(m.to());
            case DRIFT:
                return "drift a critical mark " + net.queueName(m.from()) + " => " + net.queueName(m.to());
            case GENERATE:
                return "generate " + t.nodeName(m.node()) + " -> " + t.nodeName(m.destination()) + " into its injection queue";
            case CONSUME:
                return "consume a " + model.messages().className(m.from()) + " at " + t.nodeName(m.node()) + ": its "
                    + model.messages().className(m.from() + 1) + " to " + t.nodeName(m.destination())
                    + " joins the output queue";
            default:
                return "eject at " + t.nodeName(m.node()) + " from " + net.queueName(m.from());
        }
    }
}
