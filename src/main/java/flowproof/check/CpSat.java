package flowproof.check;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.GuidedSearch;
import flowproof.explore.InjectionQueueProduct;
import flowproof.explore.Limits;
import flowproof.explore.Move;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Snapshot;
import flowproof.explore.Trace;
import flowproof.explore.WormholeReach;
import flowproof.solve.DeadlockProver;
import flowproof.solve.ProofResult;
import flowproof.solve.Witness;
import flowproof.spec.Spec;
import java.util.List;
import java.util.Set;

/**
 * {@code prove}: the CP-SAT proof ({@link DeadlockProver}) and, for a deadlock
 * configuration, the guided search that tries to reach it from the empty network
 * ({@link GuidedSearch} restricted to the moves that bring the witness's packets in along
 * their routes). A reached configuration is a stuck-freedom counterexample; the caller saves
 * it like the explorer's.
 */
final class CpSat {

    private CpSat() {
    }

    /**
     * A spec whose model the CP-SAT encoding does not cover: clock-cycle steps are moves the
     * encoding has none of, so a proof would say nothing about them. (Injection queues are
     * covered by the injection-queue product, see {@link #proof}; wormhole flits by the
     * wormhole knot search, {@link DeadlockProver#wormholeKnot}.)
     */
    static final class UnsupportedModel extends UnsupportedOperationException {
        final String field;

        UnsupportedModel(String field, String message) {
            super(message);
            this.field = field;
        }
    }

    /** Throws {@link UnsupportedModel} when {@code spec}'s model is beyond the CP-SAT encoding. */
    static void requireSupported(Spec spec) {
        var m = spec.model();
        if (m.semantics() != flowproof.explore.Semantics.INTERLEAVING) {
            throw new UnsupportedModel("semantics", "expected interleaving (prove encodes one move per step), found "
                + m.semantics().key() + "; use check or explore");
        }
    }

    /**
     * The CP-SAT proof of a spec's model. With injection queues (interleaving moves), CP-SAT
     * proves the model without them, and the injection-queue product carries the proof over
     * when every empty network the invariants allow lets every pair's packet in after drift
     * moves alone ({@link InjectionQueueProduct#refusedAtInvariantEmptyNetworks}); otherwise
     * the answer is unknown.
     */
    static ProofResult proof(Spec spec, DeadlockProver.Options options) {
        requireSupported(spec);
        if (spec.model().messages() != null) {
            throw new UnsupportedModel("messages", "expected none (the CP-SAT model has no endpoint queues,"
                + " consume moves or answers), found classes " + String.join(", ", spec.model().messages().classNames())
                + "; prove answers message specs by the extended dependency graph or a search");
        }
        flowproof.explore.Wormhole w = spec.model().wormhole();
        if (w != null) {
            return DeadlockProver.wormholeKnot(spec.network(), spec.routing(), spec.rule(), spec.pairs(),
                w.packetFlits(), w.queueFlits(), options, 0, null);
        }
        ProofResult p = DeadlockProver.prove(spec.network(), spec.routing(), spec.rule(), spec.pairs(), options);
        int n = spec.model().injectionQueue();
        if (n == 0 || p.verdict() != ProofResult.Verdict.PROVED) {
            return p;
        }
        String refused = InjectionQueueProduct.refusedAtInvariantEmptyNetworks(
            spec.model().with(flowproof.explore.Semantics.INTERLEAVING, 0));
        if (refused != null) {
            return p.with(ProofResult.Verdict.UNKNOWN, "proved without injection queues, but with them a waiting packet"
                + " may never enter: " + refused + " (allowed by the invariants, perhaps unreachable)");
        }
        return p.with(ProofResult.Verdict.PROVED, p.reason() + "; with injection queues of " + n + ", every pair's"
            + " packet enters every empty network the invariants allow after drift moves alone (the injection-queue"
            + " product)");
    }

    /**
     * Establishes injectability for a proof: every pair with an inject move in the initial state,
     * or else the explorer (injectability alone) within {@code states} and {@code seconds}: every
     * pair seen to inject (holds), a complete search that leaves pairs out (violated, with its
     * counterexample), or neither (unknown).
     */
    static Evidence.Injectable injectability(Spec spec, long states, double seconds) {
        List<Trace.Pair> initially = Explorer.notInjectableInitially(spec.model());
        if (initially.isEmpty()) {
            return new Evidence.Injectable(PropertyStatus.HOLDS, List.of(), "every pair injects from the initial state",
                null);
        }
        ExplorationResult r = new Explorer(spec.model(), java.util.EnumSet.of(Property.INJECTABILITY),
            new Limits(states, seconds, Long.MAX_VALUE), false).run();
        PropertyStatus status = r.properties().get(Property.INJECTABILITY);
        Trace t = r.traces().get(Property.INJECTABILITY);
        String searched = String.format("%,d states, %s", r.states(),
            r.complete() ? "every reachable state" : "stopped at the " + r.limit() + " limit");
        if (status == PropertyStatus.HOLDS) {
            return new Evidence.Injectable(status, List.of(), "every pair seen to inject in a search of " + searched,
                null);
        }
        if (t == null) {
            return new Evidence.Injectable(PropertyStatus.UNKNOWN, initially, initially.size() + " pair(s) cannot inject"
                + " from the initial state and were not all seen to inject in a search of " + searched, null);
        }
        return new Evidence.Injectable(status, t.starved(), t.starved().size() + " pair(s) never inject (" + searched
            + "): a proof would be vacuous", t);
    }

    /**
     * {@code prove} within {@code budget}: CP-SAT's limits, the guided searches' limits, and the
     * deadline that also ends the guided searches.
     *
     * @throws UnsupportedModel when the model is beyond the encoding
     * @throws UnsupportedOperationException when the rule cannot be tabulated
     */
    static Evidence.Proof prove(Spec spec, Budget budget) {
        requireSupported(spec);
        if (spec.model().messages() != null) {
            return proveMessages(spec, budget);
        }
        ProofResult p = proof(spec, budget.solver());
        Budget.Reach reach = budget.reach();
        Evidence.Injectable inj = injectability(spec, reach.states(), budget.reachSeconds(reach.seconds()));
        if (p.verdict() == ProofResult.Verdict.PROVED && inj.status() != PropertyStatus.HOLDS) {
            p = p.with(ProofResult.Verdict.UNKNOWN, p.reason() + "; but injectability is " + inj.status().key()
                + ": " + inj.how());
        }
        if (p.witness() == null && p.verdict() == ProofResult.Verdict.UNKNOWN && spec.model().injectionQueue() > 0
            && p.inductive() == Boolean.TRUE) {
            // Proved without injection queues, but some mark placement the invariants allow
            // refuses a waiting packet: it may be reachable (the initial placement, say, one
            // generate move away). Search for a stuck state over all moves before answering unknown.
            GuidedSearch.Result r = GuidedSearch.search(spec.model(), null, null, reach.states(),
                budget.reachSeconds(reach.seconds()));
            if (r.found()) {
                p = p.with(ProofResult.Verdict.DEADLOCK_CONFIGURATION, p.reason() + "; a stuck state is reachable"
                    + " with injection queues (breadth-first search over all moves)");
                return new Evidence.Proof(p, r, false, inj, Method.CP_SAT, false, "found by breadth-first search after"
                    + " CP-SAT left a refusing mark placement open");
            }
            p = p.with(ProofResult.Verdict.UNKNOWN, p.reason() + String.format("; a breadth-first search over all"
                + " moves found no stuck state (%,d states, %s)", r.states(), r.complete() ? "complete"
                : "stopped at its " + r.limit() + " limit"));
            return new Evidence.Proof(p, r, false, inj, Method.CP_SAT, false, null);
        }
        if (p.witness() == null) {
            return new Evidence.Proof(p, null, true, inj, Method.CP_SAT, false, null);
        }
        if (p.witness().worms() != null) {
            GuidedSearch.Result r = WormholeReach.reach(spec.model(), worms(p.witness()));
            String how = PLACED;
            if (!r.found()) {
                // the worms cannot be placed one after another: best-first along their routes, flit by flit
                GuidedSearch.Result g = GuidedSearch.search(spec.model(), allowedMoves(p.witness()), null,
                    progress(p.witness()), reach.states(), budget.reachSeconds(reach.seconds()));
                r = g.found() ? g : r;
                how = "found by CP-SAT (a configuration of worms) and reached by a best-first search along their routes";
            }
            return new Evidence.Proof(p, r, true, inj, Method.CP_SAT, false, r.found() ? how : null);
        }
        GuidedSearch.Result r = GuidedSearch.search(spec.model(), allowedMoves(p.witness()), null,
            progress(p.witness()), reach.states(), budget.reachSeconds(reach.seconds()));
        boolean restricted = true;
        if (!r.found() && r.complete()) {
            // The witness's packets cannot be brought in along their routes; another stuck
            // state may still be reachable: breadth-first over all moves, within the limits.
            r = GuidedSearch.search(spec.model(), null, null, reach.states(), budget.reachSeconds(reach.seconds()));
            restricted = false;
        }
        return new Evidence.Proof(p, r, restricted, inj, Method.CP_SAT, false,
            r.found() ? "found by CP-SAT (a deadlock configuration) and reached by guided search" : null);
    }

    /**
     * {@code check}'s portfolio: CP-SAT's knot search alone ({@link DeadlockProver#knot}, one
     * worker, {@code deterministicTime} per solve), and for a deadlock configuration the guided
     * search toward it ({@code reachStates} states; the clock only through {@code deadline}).
     * Runs beside the explorer's first phase, on its own thread; {@code cancel} (or null) stops
     * the CP-SAT search, and a guided search not yet begun.
     *
     * @throws UnsupportedOperationException when the rule cannot be tabulated
     */
    static KnotRun knotRun(Spec spec, double deterministicTime, long reachStates, long deadline,
                           DeadlockProver.Cancel cancel) {
        requireSupported(spec);
        long t0 = System.nanoTime();
        double seconds = deadline == Long.MAX_VALUE ? DeadlockProver.Options.defaults().seconds()
            : Math.max(0.001, (deadline - System.nanoTime()) / 1e9);
        flowproof.explore.Wormhole w = spec.model().wormhole();
        ProofResult p = w != null
            ? DeadlockProver.wormholeKnot(spec.network(), spec.routing(), spec.rule(), spec.pairs(), w.packetFlits(),
                w.queueFlits(), new DeadlockProver.Options(seconds, 1), deterministicTime, cancel)
            : DeadlockProver.knot(spec.network(), spec.routing(), spec.rule(), spec.pairs(),
                new DeadlockProver.Options(seconds, 1), deterministicTime, cancel);
        if (p.witness() == null || cancel != null && cancel.cancelled()) {
            return new KnotRun(p, null, (System.nanoTime() - t0) / 1e9);
        }
        double reachSeconds = deadline == Long.MAX_VALUE ? 1e9
            : Math.max(0.001, Math.min(1e9, (deadline - System.nanoTime()) / 1e9));
        GuidedSearch.Result r = p.witness().worms() != null ? WormholeReach.reach(spec.model(), worms(p.witness()))
            : GuidedSearch.search(spec.model(), allowedMoves(p.witness()), null, progress(p.witness()), reachStates,
                reachSeconds);
        return new KnotRun(p, r, (System.nanoTime() - t0) / 1e9);
    }

    /** What {@link #knotRun} established: the knot search's result and the guided search toward its configuration (or null). */
    record KnotRun(ProofResult proof, GuidedSearch.Result reach, double seconds) {

        /** The answer in a few words, for the portfolio's report. */
        String describe() {
            if (proof.witness() == null) {
                return proof.verdict().key() + ": " + proof.reason();
            }
            return String.format("deadlock configuration of %d packets; %s", proof.witness().packetCount(),
                reach == null ? "not reached (stopped)" : reach.found() ? "reached in " + reach.trace().length() + " moves"
                    : "not reached within the guided search's limits");
        }
    }

    /**
     * The portfolio's answer from a {@link #knotRun}: a reached configuration is a stuck-freedom
     * counterexample. Injectability is what {@code explored} (the portfolio's first explorer
     * phase) saw.
     */
    static Evidence.Proof knot(KnotRun run, ExplorationResult explored) {
        // injectability: what the explorer's first phase saw (every pair injecting, or not known)
        Evidence.Injectable inj = explored.properties().get(Property.INJECTABILITY) == PropertyStatus.HOLDS
            ? new Evidence.Injectable(PropertyStatus.HOLDS, List.of(), String.format("every pair seen to inject in the"
                + " explorer's first %,d states", explored.states()), null)
            : new Evidence.Injectable(PropertyStatus.UNKNOWN, List.of(), "not established by the explorer's first phase",
                null);
        GuidedSearch.Result r = run.reach();
        boolean found = run.proof().witness() != null && r != null && r.found();
        return new Evidence.Proof(run.proof(), r, true, inj, Method.CP_SAT, true, found ? "found by check's portfolio:"
            + " CP-SAT's knot search (a deadlock configuration) and a guided search that reached it" : null);
    }

    /**
     * Message classes, which the CP-SAT model does not encode. Proved when the extended
     * channel dependency graph (routing plus consumption dependencies) is acyclic, the rule's
     * free slot suffices, every pair injects from the initial state and only stuck-freedom,
     * drainability and injectability are asked (the argument {@code check} uses); otherwise a
     * breadth-first search over all moves, within the reach limits, looks for a stuck state
     * (a counterexample); otherwise unknown, never proved.
     */
    static Evidence.Proof proveMessages(Spec spec, Budget budget) {
        long t0 = System.nanoTime();
        Budget.Reach reach = budget.reach();
        Evidence.Injectable inj = injectability(spec, reach.states(), budget.reachSeconds(reach.seconds()));
        flowproof.cdg.ChannelDependencyGraph g;
        try {
            g = GraphStep.cdg(spec, budget.deadline());
        } catch (flowproof.cdg.ChannelDependencyGraph.OutOfTime | flowproof.cdg.ChannelDependencyGraph.TooLarge e) {
            g = null;
        }
        boolean provable = GraphStep.PROVABLE.containsAll(spec.effectiveProperties());
        String graph = g == null ? "the extended dependency graph was not built (time or size)"
            : g.acyclic() ? "the extended dependency graph is acyclic"
            : "the extended dependency graph has a cycle";
        if (g != null && g.acyclic() && spec.rule().freeSlotSuffices() && provable
            && inj.status() == PropertyStatus.HOLDS && Explorer.notInjectableInitially(spec.model()).isEmpty()) {
            ProofResult p = messageResult(ProofResult.Verdict.PROVED, graph + " (routing and consumption"
                + " dependencies) and a free slot suffices for rule " + spec.rule().name()
                + ": no state is stuck and the network drains", t0);
            return new Evidence.Proof(p, null, false, inj, Method.EXTENDED_CDG, false, null);
        }
        String why = g != null && g.acyclic() && !spec.rule().freeSlotSuffices()
            ? graph + ", but rule " + spec.rule().name() + " needs more than a free slot"
            : g != null && g.acyclic() && !provable ? graph + ", but the spec asks for properties it does not decide"
            : g != null && g.acyclic() ? graph + ", but injectability is " + inj.status().key() : graph;
        GuidedSearch.Result r = GuidedSearch.search(spec.model(), null, null, reach.states(),
            budget.reachSeconds(reach.seconds()));
        if (r.found()) {
            ProofResult p = messageResult(ProofResult.Verdict.DEADLOCK_CONFIGURATION, why
                + "; a stuck state is reachable", t0);
            return new Evidence.Proof(p, r, false, inj, Method.MESSAGE_SEARCH, false, "found by prove's breadth-first"
                + " search over all moves (message classes)");
        }
        // A complete search without a stuck state is not turned into a proof here: the explorer
        // (check, explore) decides the spec's properties on the same state space.
        ProofResult p = messageResult(ProofResult.Verdict.UNKNOWN, why + String.format("; a breadth-first search"
            + " over all moves found no stuck state (%,d states, %s); use check or explore for a verdict", r.states(),
            r.complete() ? "complete" : "stopped at its " + r.limit() + " limit"), t0);
        return new Evidence.Proof(p, r, false, inj, Method.MESSAGE_SEARCH, false, null);
    }

    private static ProofResult messageResult(ProofResult.Verdict v, String reason, long t0) {
        return new ProofResult(v, reason, List.of(), true, null, "none", null, false, (System.nanoTime() - t0) / 1e9,
            0, 0, 0, 0, null, 0, 0, 0, 0);
    }

    /** How a wormhole configuration was reached when its worms were placed one after another. */
    static final String PLACED = "found by CP-SAT (a configuration of worms) and reached by placing its worms";

    /** The worms of a wormhole witness, as the explorer places them. */
    static List<WormholeReach.Worm> worms(Witness w) {
        return w.worms().stream().map(x -> new WormholeReach.Worm(x.source(), x.sourceHeader(), x.before(), x.queues(),
            java.util.Arrays.stream(x.flits()).sum())).toList();
    }

    /** The injections and forward moves that bring the witness's packets in (nodes of forward moves are -1). */
    static Set<Move> allowedMoves(Witness w) {
        Set<Move> allowed = new java.util.LinkedHashSet<>();
        for (int[] i : w.injections()) {
            allowed.add(new Move(Move.Kind.INJECT, i[0], i[1], -1, i[2]));
        }
        for (int[] f : w.forwards()) {
            allowed.add(new Move(Move.Kind.FORWARD, -1, f[1], f[0], f[2]));
        }
        return allowed;
    }

    /**
     * How far a state is toward the witness: per queue of the witness, how many of its
     * packets carry the witness's header there (up to the witness's occupancy).
     */
    static java.util.function.ToIntFunction<Snapshot> progress(Witness w) {
        int[] queues = w.queuesInvolved();
        return s -> {
            int score = 0;
            for (int q : queues) {
                int want = w.packets()[q].length;
                int header = w.packets()[q][0];
                int have = 0;
                for (int h : s.packets()[q]) {
                    if (h == header) {
                        have++;
                    }
                }
                score += Math.min(have, want);
            }
            return score;
        };
    }
}
