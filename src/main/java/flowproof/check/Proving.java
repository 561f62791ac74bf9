package flowproof.check;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.GuidedSearch;
import flowproof.explore.Limits;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Trace;
import flowproof.explore.InjectionQueueProduct;
import flowproof.explore.Move;
import flowproof.explore.Property;
import flowproof.explore.Snapshot;
import flowproof.explore.Verdict;
import flowproof.report.OutputFile;
import flowproof.report.Picture;
import flowproof.solve.DeadlockProver;
import flowproof.solve.ProofResult;
import flowproof.solve.Witness;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.Spec;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * {@code prove}: the CP-SAT proof ({@link DeadlockProver}) and, for a deadlock
 * configuration, the guided search that tries to reach it from the empty network
 * ({@link GuidedSearch} restricted to the moves that bring the witness's packets in along
 * their routes). A reached configuration is a stuck-freedom counterexample, saved like the
 * explorer's.
 */
final class Proving {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** States and seconds the guided search may spend. */
    record ReachLimits(long states, double seconds) {

        static ReachLimits defaults() {
            return new ReachLimits(2_000_000, 60);
        }
    }

    /**
     * @param reach the guided search, or null (no witness)
     * @param saved the saved trace's path, or null
     */
    /**
     * What {@code prove} established about {@link Property#INJECTABILITY}: holds (every pair
     * injects from the initial state, or was seen to inject in a bounded search), violated (an
     * exhaustive search found pairs that never inject: the proof is vacuous), or unknown.
     *
     * @param starved the pairs not seen to inject (all of them never inject when violated)
     * @param how     one line on how it was established
     * @param trace   the counterexample when violated, else null
     * @param saved   where that counterexample was saved, or null
     * @param unsaved one line on why it could not be written, or null
     */
    record Injectable(PropertyStatus status, List<Trace.Pair> starved, String how, Trace trace, String saved,
                      String unsaved) {
    }

    /**
     * @param method   how the verdict was reached: {@link #CP_SAT}, or for message classes
     *                 {@link #EXTENDED_CDG} or {@link #MESSAGE_SEARCH}
     * @param knotOnly CP-SAT's knot search alone ({@code check}'s portfolio): no inductiveness check
     */
    record Outcome(Spec spec, ProofResult proof, GuidedSearch.Result reach, String saved, boolean restricted,
                   Injectable injectable, String method, boolean knotOnly) {

        Outcome(Spec spec, ProofResult proof, GuidedSearch.Result reach, String saved, boolean restricted,
                Injectable injectable, String method) {
            this(spec, proof, reach, saved, restricted, injectable, method, false);
        }

        Outcome(Spec spec, ProofResult proof, GuidedSearch.Result reach, String saved, boolean restricted,
                Injectable injectable) {
            this(spec, proof, reach, saved, restricted, injectable, CP_SAT);
        }

        Outcome(Spec spec, ProofResult proof, GuidedSearch.Result reach, String saved, boolean restricted) {
            this(spec, proof, reach, saved, restricted, null, CP_SAT);
        }

        /** Whether an exhaustive search showed a pair that never injects (the proof would be vacuous). */
        boolean vacuous() {
            return injectable != null && injectable.status() == PropertyStatus.VIOLATED;
        }

        /** true: reached (trace); null: not known. */
        Boolean reachable() {
            return reach == null ? null : reach.found() ? Boolean.TRUE : null;
        }

        /** The verdict in explorer terms, for {@code check}: proved, counterexample (reached) or incomplete. */
        Verdict checkVerdict() {
            if (vacuous()) {
                return Verdict.COUNTEREXAMPLE;
            }
            return switch (proof.verdict()) {
                case PROVED -> Verdict.PROVED;
                case DEADLOCK_CONFIGURATION -> Boolean.TRUE.equals(reachable()) ? Verdict.COUNTEREXAMPLE : Verdict.INCOMPLETE;
                default -> Verdict.INCOMPLETE;
            };
        }

        int exitCode() {
            if (vacuous()) {
                return Decision.EXIT_VIOLATION;
            }
            return switch (proof.verdict()) {
                case PROVED -> Decision.EXIT_OK;
                case DEADLOCK_CONFIGURATION -> Decision.EXIT_VIOLATION;
                default -> Decision.EXIT_INCOMPLETE;
            };
        }

        String text() {
            StringBuilder b = new StringBuilder();
            b.append(spec.name()).append("  (").append(spec.source()).append(")\n");
            b.append(String.format("  %-14s %s; traffic %s%n", "model", spec.model().describe(), spec.traffic()));
            b.append(String.format("  %-14s %s (method %s: %s)%s%n", "verdict", proof.verdict().key(), method,
                proof.reason(), expectation()));
            if (!CP_SAT.equals(method)) {
                // message classes: no CP-SAT model; the extended graph or the breadth-first search
                if (injectable != null) {
                    b.append(String.format("  %-14s %s: %s%s%n", "injectability", injectable.status().key(),
                        injectable.how(), injectable.saved() == null ? "" : "; trace " + injectable.saved()));
                }
                if (reach != null) {
                    b.append(reach.found()
                        ? String.format("  %-14s a stuck state reached from the empty network in %d move%s (breadth-first"
                            + " over all moves; %,d states, %.2f s)%s%n", "reachable", reach.trace().length(),
                            reach.trace().length() == 1 ? "" : "s", reach.states(), reach.seconds(),
                            saved == null ? "" : "; trace " + saved)
                        : String.format("  %-14s no stuck state found: the breadth-first search %s (%,d states, %.2f s)%n",
                            "reachable", reach.complete() ? "was complete" : "stopped at its " + reach.limit() + " limit",
                            reach.states(), reach.seconds()));
                }
                return b.toString();
            }
            b.append(String.format("  %-14s %s; initially %s; inductive %s%n", "invariants",
                String.join(", ", proof.invariants()), proof.initialHolds() ? "hold" : "VIOLATED",
                knotOnly ? "not checked (the knot search alone)" : proof.inductive() == null ? "unknown (time limit)"
                    : proof.inductive() ? "yes" : "NO: " + proof.counterToInduction()));
            if (knotOnly) {
                b.append(String.format("  %-14s knot %s; %,d variables, %,d constraints; 1 worker, a deterministic time"
                        + " limit per solve (deterministic); %.2f s (routes %.2f, knot %.2f)%n",
                    "cp-sat", proof.knot(), proof.variables(), proof.constraints(), proof.seconds(), proof.routeSeconds(),
                    proof.knotSeconds()));
            } else {
                b.append(String.format("  %-14s knot %s; %,d variables, %,d constraints; %d worker%s, limit %.0f s; %.2f s "
                        + "(routes %.2f, inductiveness %.2f in %,d model%s, knot %.2f)%n",
                    "cp-sat", proof.knot(), proof.variables(), proof.constraints(), proof.workers(),
                    proof.workers() == 1 ? " (deterministic unless the limit is hit)" : "s", proof.timeLimit(),
                    proof.seconds(), proof.routeSeconds(), proof.inductionSeconds(), proof.inductionParts(),
                    proof.inductionParts() == 1 ? "" : "s", proof.knotSeconds()));
            }
            if (injectable != null) {
                b.append(String.format("  %-14s %s: %s%s%n", "injectability", injectable.status().key(), injectable.how(),
                    injectable.saved() == null ? "" : "; trace " + injectable.saved()));
            }
            Witness w = proof.witness();
            if (w == null && reach != null) {
                b.append(reach.found()
                    ? String.format("  %-14s a stuck state reached from the empty network in %d move%s (breadth-first"
                        + " over all moves; %,d states, %.2f s)%s%n", "reachable", reach.trace().length(),
                        reach.trace().length() == 1 ? "" : "s", reach.states(),
                        reach.seconds(), saved == null ? "" : "; trace " + saved)
                    : String.format("  %-14s no stuck state found: the breadth-first search %s (%,d states, %.2f s)%n",
                        "reachable", reach.complete() ? "was complete" : "stopped at its " + reach.limit() + " limit",
                        reach.states(), reach.seconds()));
            }
            if (w != null) {
                b.append("  deadlock configuration (").append(w.packetCount()).append(" packets; ")
                    .append(Picture.LEGEND).append("):\n");
                b.append(drawWitness(spec, w));
                if (reach.found()) {
                    b.append(String.format("  %-14s a stuck state reached from the empty network in %d moves (%s; %,d states, "
                        + "%.2f s)%s%n", "reachable", reach.trace().length(),
                        restricted ? "best-first along the witness's routes" : "breadth-first over all moves", reach.states(), reach.seconds(),
                        saved == null ? "" : "; trace " + saved));
                } else {
                    b.append(String.format("  %-14s not known: the %s search %s (%,d states, %.2f s)%n", "reachable",
                        restricted ? "guided" : "breadth-first", reach.complete() ? "found no stuck state"
                            : "stopped at its " + reach.limit() + " limit", reach.states(), reach.seconds()));
                }
            }
            return b.toString();
        }

        /**
         * As the explorer reports properties: all checked ones hold when proved; a reached
         * stuck state violates stuck-freedom and drainability; otherwise unknown.
         */
        PropertyStatus propertyStatus(Property prop) {
            if (!spec.effectiveProperties().contains(prop)) {
                return PropertyStatus.NOT_CHECKED;
            }
            if (prop == Property.INJECTABILITY) {
                return injectable == null ? PropertyStatus.UNKNOWN : injectable.status();
            }
            if (proof.verdict() == ProofResult.Verdict.PROVED) {
                return PropertyStatus.HOLDS;
            }
            if (Boolean.TRUE.equals(reachable()) && prop.invariant() == null) {
                return PropertyStatus.VIOLATED;
            }
            return PropertyStatus.UNKNOWN;
        }

        private String expectation() {
            if (spec.expect() == null) {
                return "";
            }
            Verdict v = checkVerdict();
            if (v == Verdict.INCOMPLETE) {
                // no answer is no mismatch (verify counts it as incomplete too)
                return "; expected " + spec.expect().key() + ": not decided";
            }
            return "; expected " + spec.expect().key() + ": " + (v.satisfies(spec.expect()) ? "ok" : "MISMATCH");
        }

        ObjectNode json() {
            ObjectNode o = JSON.createObjectNode();
            o.put("spec", spec.source());
            o.put("name", spec.name());
            o.put("verdict", proof.verdict().key());
            o.put("method", method);
            o.put("reason", proof.reason());
            o.put("complete", proof.verdict() != ProofResult.Verdict.UNKNOWN);
            if (proof.verdict() == ProofResult.Verdict.UNKNOWN && proof.inductive() != Boolean.FALSE) {
                o.put("limit", "seconds");
            } else {
                o.putNull("limit");
            }
            o.put("seconds", Math.round(proof.seconds() * 1000) / 1000.0);
            ObjectNode phases = o.putObject("phaseSeconds");
            phases.put("routes", Math.round(proof.routeSeconds() * 1000) / 1000.0);
            phases.put("inductiveness", Math.round(proof.inductionSeconds() * 1000) / 1000.0);
            phases.put("knot", Math.round(proof.knotSeconds() * 1000) / 1000.0);
            o.put("inductionParts", proof.inductionParts());
            o.put("workers", proof.workers());
            o.put("timeLimit", proof.timeLimit());
            // One worker is deterministic unless a time limit cut a solve short: the verdict's,
            // or the witness's minimization (then the witness depends on timing).
            o.put("deterministic", knotOnly ? reach == null || !"seconds".equals(reach.limit())
                : CP_SAT.equals(method) ? proof.workers() == 1
                && proof.verdict() != ProofResult.Verdict.UNKNOWN && (proof.witness() == null || proof.minimal())
                : reach == null || !"seconds".equals(reach.limit()));
            ObjectNode props = o.putObject("properties");
            for (Property prop : Property.values()) {
                props.put(prop.key(), propertyStatus(prop).key());
            }
            if (injectable != null) {
                ObjectNode io = o.putObject("injectability");
                io.put("status", injectable.status().key());
                io.put("how", injectable.how());
                ArrayNode never = io.putArray("notSeenToInject");
                for (Trace.Pair pr : injectable.starved()) {
                    never.addArray().add(spec.network().topology().nodeName(pr.source()))
                        .add(spec.network().topology().nodeName(pr.destination()));
                }
                if (injectable.saved() == null) {
                    io.putNull("counterexample");
                } else {
                    io.put("counterexample", injectable.saved());
                }
            }
            ArrayNode inv = o.putArray("invariants");
            proof.invariants().forEach(inv::add);
            o.put("initialHolds", proof.initialHolds());
            if (proof.inductive() == null) {
                o.putNull("inductive");
            } else {
                o.put("inductive", proof.inductive());
            }
            o.put("knot", proof.knot());
            if (knotOnly) {
                o.put("knotSearchOnly", true);
            }
            o.put("variables", proof.variables());
            o.put("constraints", proof.constraints());
            Witness w = proof.witness();
            if (w == null && reach != null && !CP_SAT.equals(method)) {
                ObjectNode r = o.putObject("reach");
                r.put("mode", "all-moves");
                r.put("states", reach.states());
                r.put("complete", reach.complete());
                if (reach.limit() == null) {
                    r.putNull("limit");
                } else {
                    r.put("limit", reach.limit());
                }
                r.put("seconds", Math.round(reach.seconds() * 1000) / 1000.0);
                if (reach.found()) {
                    r.put("length", reach.trace().length());
                }
            }
            if (w == null) {
                o.putNull("witness");
                if (reachable() == null) {
                    o.putNull("reachable");
                } else {
                    o.put("reachable", true);
                }
                if (saved == null) {
                    o.putNull("counterexample");
                } else {
                    o.put("counterexample", saved);
                }
            } else {
                o.set("witness", witnessJson(spec, w, proof.minimal()));
                if (reachable() == null) {
                    o.putNull("reachable");
                } else {
                    o.put("reachable", true);
                }
                ObjectNode r = o.putObject("reach");
                r.put("mode", restricted ? "witness-routes" : "all-moves");
                r.put("states", reach.states());
                r.put("complete", reach.complete());
                if (reach.limit() == null) {
                    r.putNull("limit");
                } else {
                    r.put("limit", reach.limit());
                }
                r.put("seconds", Math.round(reach.seconds() * 1000) / 1000.0);
                if (reach.found()) {
                    r.put("length", reach.trace().length());
                }
                if (saved == null) {
                    o.putNull("counterexample");
                } else {
                    o.put("counterexample", saved);
                }
            }
            if (spec.expect() == null) {
                o.putNull("expected");
                o.putNull("matches");
            } else {
                o.put("expected", spec.expect().key());
                o.put("matches", checkVerdict().satisfies(spec.expect()));
            }
            return o;
        }
    }

    private Proving() {
    }

    /** The method of a CP-SAT proof. */
    static final String CP_SAT = "cp-sat";
    /** Message classes: the channel dependency graph with consumption dependencies, acyclic. */
    static final String EXTENDED_CDG = "cdg (extended, with consumption dependencies)";
    /** Message classes: a bounded breadth-first search over all moves for a stuck state. */
    static final String MESSAGE_SEARCH = "breadth-first search over all moves";

    /**
     * A spec whose model the CP-SAT encoding does not cover: clock-cycle steps and wormhole
     * flits are moves and state the encoding has none of, so a proof would say nothing about
     * them. (Injection queues are covered by the injection-queue product, see {@link #proof}.)
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
        if (m.wormhole() != null) {
            throw new UnsupportedModel("flow", "expected vct (prove encodes whole packets, not wormhole flits), found"
                + " wormhole; use check or explore");
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
     * or else the explorer (injectability alone) within the reach limits: every pair seen to
     * inject (holds), a complete search that leaves pairs out (violated: saved as a
     * counterexample), or neither (unknown).
     */
    static Injectable injectability(Spec spec, ReachLimits limits, Path saveDir) throws IOException {
        List<Trace.Pair> initially = Explorer.notInjectableInitially(spec.model());
        if (initially.isEmpty()) {
            return new Injectable(PropertyStatus.HOLDS, List.of(), "every pair injects from the initial state", null,
                null, null);
        }
        ExplorationResult r = new Explorer(spec.model(), java.util.EnumSet.of(Property.INJECTABILITY),
            new Limits(limits.states(), limits.seconds(), Long.MAX_VALUE), false).run();
        PropertyStatus status = r.properties().get(Property.INJECTABILITY);
        Trace t = r.traces().get(Property.INJECTABILITY);
        String searched = String.format("%,d states, %s", r.states(),
            r.complete() ? "every reachable state" : "stopped at the " + r.limit() + " limit");
        if (status == PropertyStatus.HOLDS) {
            return new Injectable(status, List.of(), "every pair seen to inject in a search of " + searched, null, null,
                null);
        }
        if (t == null) {
            return new Injectable(PropertyStatus.UNKNOWN, initially, initially.size() + " pair(s) cannot inject from the"
                + " initial state and were not all seen to inject in a search of " + searched, null, null, null);
        }
        Saved saved = save(spec, t, saveDir, null);
        return new Injectable(status, t.starved(), t.starved().size() + " pair(s) never inject (" + searched
            + "): a proof would be vacuous", t, saved.path(), saved.failure());
    }

    static Outcome prove(Spec spec, DeadlockProver.Options options, ReachLimits reachLimits, Path saveDir)
        throws IOException, Unsaved {
        return prove(spec, options, reachLimits, saveDir, Long.MAX_VALUE);
    }

    /** As {@link #prove(Spec, DeadlockProver.Options, ReachLimits, Path)}; the guided searches also end by {@code deadline} ({@link System#nanoTime()}). */
    static Outcome prove(Spec spec, DeadlockProver.Options options, ReachLimits reachLimits, Path saveDir, long deadline)
        throws IOException, Unsaved {
        requireSupported(spec);
        if (spec.model().messages() != null) {
            return proveMessages(spec, reachLimits, saveDir, deadline);
        }
        ProofResult p = proof(spec, options);
        Injectable inj = injectability(spec, new ReachLimits(reachLimits.states(), reachSeconds(reachLimits, deadline)),
            saveDir);
        if (p.verdict() == ProofResult.Verdict.PROVED && inj.status() != PropertyStatus.HOLDS) {
            p = p.with(ProofResult.Verdict.UNKNOWN, p.reason() + "; but injectability is " + inj.status().key()
                + ": " + inj.how());
        }
        if (p.witness() == null && p.verdict() == ProofResult.Verdict.UNKNOWN && spec.model().injectionQueue() > 0
            && p.inductive() == Boolean.TRUE) {
            // Proved without injection queues, but some mark placement the invariants allow
            // refuses a waiting packet: it may be reachable (the initial placement, say, one
            // generate move away). Search for a stuck state over all moves before answering unknown.
            GuidedSearch.Result r = GuidedSearch.search(spec.model(), null, null, reachLimits.states(),
                reachSeconds(reachLimits, deadline));
            if (r.found()) {
                p = p.with(ProofResult.Verdict.DEADLOCK_CONFIGURATION, p.reason() + "; a stuck state is reachable"
                    + " with injection queues (breadth-first search over all moves)");
                Saved saved = save(spec, r.trace(), saveDir, "found by breadth-first search after CP-SAT left a"
                    + " refusing mark placement open");
                return done(new Outcome(spec, p, r, saved.path(), false, inj), saved, inj);
            }
            p = p.with(ProofResult.Verdict.UNKNOWN, p.reason() + String.format("; a breadth-first search over all"
                + " moves found no stuck state (%,d states, %s)", r.states(), r.complete() ? "complete"
                : "stopped at its " + r.limit() + " limit"));
            return done(new Outcome(spec, p, r, null, false, inj), Saved.NONE, inj);
        }
        if (p.witness() == null) {
            return done(new Outcome(spec, p, null, null, true, inj), Saved.NONE, inj);
        }
        GuidedSearch.Result r = GuidedSearch.search(spec.model(), allowedMoves(p.witness()), null,
            progress(p.witness()), reachLimits.states(), reachSeconds(reachLimits, deadline));
        boolean restricted = true;
        if (!r.found() && r.complete()) {
            // The witness's packets cannot be brought in along their routes; another stuck
            // state may still be reachable: breadth-first over all moves, within the limits.
            r = GuidedSearch.search(spec.model(), null, null, reachLimits.states(), reachSeconds(reachLimits, deadline));
            restricted = false;
        }
        Saved saved = r.found() ? save(spec, r.trace(), saveDir,
            "found by CP-SAT (a deadlock configuration) and reached by guided search") : Saved.NONE;
        return done(new Outcome(spec, p, r, saved.path(), restricted, inj), saved, inj);
    }

    /**
     * {@code check}'s portfolio: CP-SAT's knot search alone ({@link DeadlockProver#knot}, one
     * worker, {@code deterministicTime} per solve), and for a deadlock configuration the guided
     * search toward it ({@code reachStates} states; the clock only through {@code deadline}).
     * Nothing is saved: {@link #knot(Spec, KnotRun, Path, ExplorationResult)} does that once the
     * portfolio takes this answer. Runs beside the explorer's first phase, on its own thread;
     * {@code cancel} (or null) stops the CP-SAT search, and a guided search not yet begun.
     *
     * @throws UnsupportedOperationException when the rule cannot be tabulated
     */
    static KnotRun knotRun(Spec spec, double deterministicTime, long reachStates, long deadline,
                           DeadlockProver.Cancel cancel) {
        requireSupported(spec);
        long t0 = System.nanoTime();
        double seconds = deadline == Long.MAX_VALUE ? DeadlockProver.Options.defaults().seconds()
            : Math.max(0.001, (deadline - System.nanoTime()) / 1e9);
        ProofResult p = DeadlockProver.knot(spec.network(), spec.routing(), spec.rule(), spec.pairs(),
            new DeadlockProver.Options(seconds, 1), deterministicTime, cancel);
        if (p.witness() == null || cancel != null && cancel.cancelled()) {
            return new KnotRun(p, null, (System.nanoTime() - t0) / 1e9);
        }
        ReachLimits limits = new ReachLimits(reachStates, 1e9);
        GuidedSearch.Result r = GuidedSearch.search(spec.model(), allowedMoves(p.witness()), null,
            progress(p.witness()), limits.states(), reachSeconds(limits, deadline));
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
     * counterexample, saved as {@code prove} saves it. Injectability is what {@code explored}
     * (the portfolio's first explorer phase) saw.
     */
    static Outcome knot(Spec spec, KnotRun run, Path saveDir, ExplorationResult explored) throws IOException, Unsaved {
        ProofResult p = run.proof();
        // injectability: what the explorer's first phase saw (every pair injecting, or not known)
        Injectable inj = explored.properties().get(Property.INJECTABILITY) == PropertyStatus.HOLDS
            ? new Injectable(PropertyStatus.HOLDS, List.of(), String.format("every pair seen to inject in the explorer's"
                + " first %,d states", explored.states()), null, null, null)
            : new Injectable(PropertyStatus.UNKNOWN, List.of(), "not established by the explorer's first phase", null,
                null, null);
        GuidedSearch.Result r = run.reach();
        if (p.witness() == null || r == null) {
            return new Outcome(spec, p, r, null, true, inj, CP_SAT, true);
        }
        if (!r.found()) {
            return new Outcome(spec, p, r, null, true, inj, CP_SAT, true);
        }
        Saved saved = save(spec, r.trace(), saveDir, "found by check's portfolio: CP-SAT's knot search (a deadlock"
            + " configuration) and a guided search that reached it");
        return done(new Outcome(spec, p, r, saved.path(), true, inj, CP_SAT, true), saved, inj);
    }

    /**
     * Message classes, which the CP-SAT model does not encode. Proved when the extended
     * channel dependency graph (routing plus consumption dependencies) is acyclic, the rule's
     * free slot suffices, every pair injects from the initial state and only stuck-freedom,
     * drainability and injectability are asked (the argument {@code check} uses); otherwise a
     * breadth-first search over all moves, within the reach limits, looks for a stuck state
     * (a counterexample, saved); otherwise unknown, never proved.
     */
    static Outcome proveMessages(Spec spec, ReachLimits reachLimits, Path saveDir, long deadline)
        throws IOException, Unsaved {
        long t0 = System.nanoTime();
        Injectable inj = injectability(spec, new ReachLimits(reachLimits.states(), reachSeconds(reachLimits, deadline)),
            saveDir);
        flowproof.cdg.ChannelDependencyGraph g;
        try {
            g = Checker.cdg(spec, deadline);
        } catch (flowproof.cdg.ChannelDependencyGraph.OutOfTime e) {
            g = null;
        }
        boolean provable = Checker.CDG_PROVABLE.containsAll(spec.effectiveProperties());
        String graph = g == null ? "the extended dependency graph was not built in time"
            : g.acyclic() ? "the extended dependency graph is acyclic"
            : "the extended dependency graph has a cycle";
        if (g != null && g.acyclic() && spec.rule().freeSlotSuffices() && provable
            && inj.status() == PropertyStatus.HOLDS && Explorer.notInjectableInitially(spec.model()).isEmpty()) {
            ProofResult p = messageResult(ProofResult.Verdict.PROVED, graph + " (routing and consumption"
                + " dependencies) and a free slot suffices for rule " + spec.rule().name()
                + ": no state is stuck and the network drains", t0);
            return done(new Outcome(spec, p, null, null, false, inj, EXTENDED_CDG), Saved.NONE, inj);
        }
        String why = g != null && g.acyclic() && !spec.rule().freeSlotSuffices()
            ? graph + ", but rule " + spec.rule().name() + " needs more than a free slot"
            : g != null && g.acyclic() && !provable ? graph + ", but the spec asks for properties it does not decide"
            : g != null && g.acyclic() ? graph + ", but injectability is " + inj.status().key() : graph;
        GuidedSearch.Result r = GuidedSearch.search(spec.model(), null, null, reachLimits.states(),
            reachSeconds(reachLimits, deadline));
        if (r.found()) {
            ProofResult p = messageResult(ProofResult.Verdict.DEADLOCK_CONFIGURATION, why
                + "; a stuck state is reachable", t0);
            Saved saved = save(spec, r.trace(), saveDir, "found by prove's breadth-first search over all moves"
                + " (message classes)");
            return done(new Outcome(spec, p, r, saved.path(), false, inj, MESSAGE_SEARCH), saved, inj);
        }
        // A complete search without a stuck state is not turned into a proof here: the explorer
        // (check, explore) decides the spec's properties on the same state space.
        ProofResult p = messageResult(ProofResult.Verdict.UNKNOWN, why + String.format("; a breadth-first search"
            + " over all moves found no stuck state (%,d states, %s); use check or explore for a verdict", r.states(),
            r.complete() ? "complete" : "stopped at its " + r.limit() + " limit"), t0);
        return done(new Outcome(spec, p, r, null, false, inj, MESSAGE_SEARCH), Saved.NONE, inj);
    }

    private static ProofResult messageResult(ProofResult.Verdict v, String reason, long t0) {
        return new ProofResult(v, reason, List.of(), true, null, "none", null, false, (System.nanoTime() - t0) / 1e9,
            0, 0, 0, 0, null, 0, 0, 0, 0);
    }

    /** Where a counterexample went: its path, or one line on why it could not be written; neither when not saving. */
    record Saved(String path, String failure) {
        static final Saved NONE = new Saved(null, null);
    }

    /** Saves a trace as a counterexample (JSON and text), atomically. */
    private static Saved save(Spec spec, Trace t, Path saveDir, String how) throws IOException {
        if (saveDir == null) {
            return Saved.NONE;
        }
        Path json = saveDir.resolve(CounterexampleFile.fileName(spec, t.property()));
        try {
            CounterexampleFile.write(json, spec, t);
            OutputFile.write(Path.of(json.toString().replaceAll("\\.json$", ".txt")), spec.name() + ": "
                + spec.model().describe() + "\n" + (how == null ? "" : how + "\n") + Picture.trace(spec.model(), t));
            return new Saved(json.toString().replace('\\', '/'), null);
        } catch (OutputFile.Failure e) {
            return new Saved(null, "--counterexamples: " + e.getMessage());
        }
    }

    /** The outcome, or {@link Unsaved} carrying it when a counterexample could not be written. */
    private static Outcome done(Outcome o, Saved saved, Injectable inj) throws Unsaved {
        String failure = inj.unsaved() != null ? inj.unsaved() : saved.failure();
        if (failure != null) {
            throw new Unsaved(o, failure);
        }
        return o;
    }

    private static double reachSeconds(ReachLimits limits, long deadline) {
        return deadline == Long.MAX_VALUE ? limits.seconds()
            : Math.max(0.001, Math.min(limits.seconds(), (deadline - System.nanoTime()) / 1e9));
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

    static Snapshot snapshot(Witness w) {
        return new Snapshot(w.packets(), w.marks());
    }

    static String drawWitness(Spec spec, Witness w) {
        Network net = spec.network();
        Snapshot s = snapshot(w);
        StringBuilder b = new StringBuilder();
        for (int q : w.queuesInvolved()) {
            b.append(String.format("    %-24s %-16s", net.queueName(q), Picture.queue(net, spec.routing(), s, q)));
            if (w.waitsOn()[q].length > 0) {
                b.append(" head waits for");
                for (int t : w.waitsOn()[q]) {
                    b.append(' ').append(net.queueName(t)).append(' ').append(Picture.queue(net, spec.routing(), s, t));
                }
            }
            b.append('\n');
        }
        return b.toString();
    }

    private static ObjectNode witnessJson(Spec spec, Witness w, boolean minimal) {
        Network net = spec.network();
        Topology t = net.topology();
        ObjectNode o = JSON.createObjectNode();
        o.put("packets", w.packetCount());
        o.put("minimal", minimal);
        ArrayNode qs = o.putArray("queues");
        for (int q : w.queuesInvolved()) {
            ObjectNode qo = qs.addObject();
            qo.put("queue", net.queueName(q));
            ArrayNode p = qo.putArray("packets");
            for (int h : w.packets()[q]) {
                p.add(spec.routing().headerName(h, t));
            }
            qo.put("critical", w.marks()[q]);
            ArrayNode wo = qo.putArray("waitsOn");
            for (int x : w.waitsOn()[q]) {
                wo.add(net.queueName(x));
            }
        }
        return o;
    }
}
