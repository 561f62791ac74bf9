package flowproof.rule;

import flowproof.ConfigurationException;
import flowproof.topology.Automorphism;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A user's rule (a plugin) as every engine sees it: its claims checked on the spec's network
 * before any engine relies on them, and its answers checked while the engines run.
 *
 * <p>{@link #of} runs {@link RuleContract}'s checks of the rule's own behaviour on the spec's
 * network ({@link RuleContract#behaviour}). A broken promise no engine can work around (an
 * {@code admit} that throws or answers outside DENY, ADMIT and ADMIT_SHIFT_MARK, admits into a
 * full queue or onto a VC {@code mayUse} forbids, marks out of place, {@code invariants()} null)
 * is a {@link ConfigurationException}: one line naming the class, the method and what it
 * returned. A capability the rule declares but does not have is refused instead: every engine
 * then works without it, and {@link #refused()} says which and why, for the report:
 * <ul>
 *   <li>{@code freeSlotSuffices()}: the dependency graph's proof (Dally and Seitz, Duato) and the
 *       simulator's shortcut of admitting on a free slot rest on it; refused, {@code check}
 *       enumerates and the simulator asks {@code admit};</li>
 *   <li>{@code readsRingOccupancy()} false while {@code admit} reads ring occupancy: engines keep
 *       the ring counts only for rules that say they read them; refused, they keep them.</li>
 * </ul>
 * The symmetries a rule declares are checked where the reduction would use them
 * ({@code explore/Symmetry}), its invariants by the engines that judge them (the explorer checks
 * them in every reachable state, CP-SAT proves them inductive before it relies on them).
 *
 * <p>While the engines run, every answer of {@code admit} is checked to be one of the three
 * outcomes: another is a {@link flowproof.plugin.PluginFault} naming the file, the class, the move
 * and the value.
 */
public final class CheckedRule implements FlowControlRule {

    /** Checks of {@link RuleContract} that no engine can work around: a failure is a bad spec. */
    private static final Set<String> FAULTS = Set.of("outcome", "free-slot", "may-use", "may-use-destination",
        "shift-mark", "initial-marks", "drift");

    private final FlowControlRule rule;
    private final String source;
    private final boolean freeSlotSuffices;
    private final boolean readsRingOccupancy;
    private final List<String> refused;

    private CheckedRule(FlowControlRule rule, String source, boolean freeSlotSuffices, boolean readsRingOccupancy,
                        List<String> refused) {
        this.rule = rule;
        this.source = source;
        this.freeSlotSuffices = freeSlotSuffices;
        this.readsRingOccupancy = readsRingOccupancy;
        this.refused = List.copyOf(refused);
    }

    /**
     * The user's rule with its claims checked on {@code network}.
     *
     * @param field the spec field that named it, e.g. {@code rule.class}, for the messages
     * @param where the spec's file and the field's full path, e.g. {@code specs/x.yaml: rule.class}, for the
     *              messages of a fault found while an engine runs
     * @throws ConfigurationException (field {@code field}) when the rule breaks a promise no engine can work around;
     *         what a method of the rule throws propagates (the command line names the plugin's frame in one line)
     */
    public static CheckedRule of(FlowControlRule rule, Network network, String field, String where) {
        String label = RuleContract.label(rule);
        Set<Invariant> inv = rule.invariants();
        if (inv == null || inv.stream().anyMatch(java.util.Objects::isNull)) {
            throw new ConfigurationException(field, "a rule whose invariants() returns a set of invariants (empty for"
                + " none)", label + ", whose invariants() returned " + (inv == null ? "null" : "a set holding null"));
        }
        List<RuleContract.Violation> found = RuleContract.behaviour(rule, network);
        List<String> refused = new ArrayList<>();
        boolean suffices = rule.freeSlotSuffices();
        boolean ringsRead = rule.readsRingOccupancy();
        for (RuleContract.Violation v : found) {
            if (FAULTS.contains(v.check()) && !v.detail().startsWith("admit threw")) {
                // (an admit that throws is left to the engine that meets it: its line names the plugin's frame)
                throw new ConfigurationException(field, "a rule that keeps the flow-control rule contract ("
                    + v.check() + ", docs/plugins.md)", v.rule() + ": " + v.detail()
                    + (v.move().isEmpty() ? "" : "; move: " + v.move()) + (v.state().isEmpty() ? "" : "; state: "
                    + v.state()));
            }
            if (v.check().equals("free-slot-suffices") && suffices) {
                suffices = false;
                refused.add("freeSlotSuffices(), but it " + v.detail().replaceFirst("^declares freeSlotSuffices\\(\\) but ",
                    "") + " (" + v.move() + ", in " + v.state() + "); no proof rests on it and the simulator asks admit");
            } else if (v.check().equals("reads-ring-occupancy") && !ringsRead) {
                ringsRead = true;
                refused.add("readsRingOccupancy() false: it reads ring occupancy (" + v.move() + "); the engines keep"
                    + " the ring counts");
            }
        }
        return new CheckedRule(rule, where, suffices, ringsRead, refused);
    }

    /** The rule as the user wrote it. */
    public FlowControlRule rule() {
        return rule;
    }

    /**
     * The claims refused of {@code rule} (a user's, checked by {@link #of}; inside {@link EscapeVcs} too), one line
     * each naming the rule, the method and what failed; empty for a built-in rule or when none was refused.
     */
    public static List<String> refusedClaims(FlowControlRule rule) {
        FlowControlRule r = rule instanceof EscapeVcs e ? e.escapeRule() : rule;
        if (!(r instanceof CheckedRule c)) {
            return List.of();
        }
        String label = RuleContract.label(c);
        return c.refused.stream().map(x -> label + " declares " + x).toList();
    }

    /** {@code rule}'s own class: the user's for a checked plugin rule, {@code rule}'s otherwise. */
    public static Class<?> classOf(FlowControlRule rule) {
        return rule instanceof CheckedRule c ? c.rule.getClass() : rule.getClass();
    }

    /** The claims refused ({@link #of}), one line each naming the method and what failed; empty when none was. */
    public List<String> refused() {
        return refused;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        int a = rule.admit(view, from, to);
        if (a != DENY && a != ADMIT && a != ADMIT_SHIFT_MARK) {
            throw new flowproof.plugin.PluginFault(source + ": expected admit to return DENY 0, ADMIT 1 or"
                + " ADMIT_SHIFT_MARK 2, found " + a + " from " + rule.getClass().getName() + ".admit for the move "
                + RuleContract.moveName(view.network(), from, to));
        }
        return a;
    }

    @Override
    public boolean mayUse(Network network, int from, int to) {
        return rule.mayUse(network, from, to);
    }

    @Override
    public boolean mayUse(Network network, int from, int to, int destination) {
        return rule.mayUse(network, from, to, destination);
    }

    @Override
    public boolean freeSlotSuffices() {
        return freeSlotSuffices;
    }

    @Override
    public boolean marksDrift() {
        return rule.marksDrift();
    }

    @Override
    public boolean drifts(BufferView view, int queue, int upstream) {
        return rule.drifts(view, queue, upstream);
    }

    @Override
    public boolean globalReadAtomic() {
        return rule.globalReadAtomic();
    }

    @Override
    public boolean readsRingOccupancy() {
        return readsRingOccupancy;
    }

    @Override
    public boolean readsRings() {
        return rule.readsRings() || readsRingOccupancy;
    }

    @Override
    public int marksPerRing() {
        return rule.marksPerRing();
    }

    @Override
    public int initialMarks(Network network, int queue) {
        return rule.initialMarks(network, queue);
    }

    @Override
    public boolean translationInvariant() {
        return rule.translationInvariant();
    }

    @Override
    public boolean reflectionInvariant() {
        return rule.reflectionInvariant();
    }

    @Override
    public boolean respects(Network network, Automorphism a, boolean reflects) {
        return rule.respects(network, a, reflects);
    }

    @Override
    public Set<Invariant> invariants() {
        return rule.invariants();
    }

    @Override
    public RuleKind kind() {
        return rule.kind();
    }

    @Override
    public String name() {
        return rule.name();
    }

    @Override
    public String describe() {
        return rule.describe();
    }
}
