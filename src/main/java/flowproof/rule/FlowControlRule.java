package flowproof.rule;

import flowproof.topology.Network;
import java.util.Set;

/**
 * The admission rule of a flow-control scheme, written once and called by every engine.
 *
 * <p>{@link #admit} judges one packet moving from queue {@code from} (or being injected,
 * {@code from == INJECT}) into queue {@code to}, on a read-only {@link BufferView} of the
 * state before the move. It has no side effects; a rule with state of its own (the
 * critical marks of the Critical Bubble Scheme) reports the update it needs through the
 * returned code, and the engine applies it:
 * <ul>
 *   <li>{@link #DENY}: the move is not allowed now;</li>
 *   <li>{@link #ADMIT}: allowed, no rule state changes;</li>
 *   <li>{@link #ADMIT_SHIFT_MARK}: allowed, and one critical mark moves from {@code to}
 *       backwards to {@code from}, onto the slot the packet vacates.</li>
 * </ul>
 * Ejection is always allowed and is not judged by the rule. Contract (tested for every
 * rule): a rule never admits a packet into a queue without a free slot.
 */
public interface FlowControlRule {

    int INJECT = -1;
    int DENY = 0;
    int ADMIT = 1;
    int ADMIT_SHIFT_MARK = 2;

    int admit(BufferView view, int from, int to);

    /**
     * The rule's virtual-channel discipline, independent of buffer state: whether it could
     * ever admit a packet moving from {@code from} (or injected, {@code from == INJECT})
     * into {@code to}. {@link #admit} never admits a move this denies. Channel dependency
     * graphs are built from it, so it must over-approximate {@link #admit}: a dependency it
     * allows may never happen, but one it forbids never does.
     */
    default boolean mayUse(Network network, int from, int to) {
        return true;
    }

    /**
     * The VC discipline for a packet bound for node {@code destination}: the form the engines
     * take a packet's next queues from ({@link flowproof.routing.QueueRoutes}, so the
     * explorer, the dependency graphs, {@code prove} and the simulator all follow it). As
     * {@link #mayUse(Network, int, int)} unless the rule's VC choice depends on where the
     * packet is going: the dateline when a packet enters an escape ring from an adaptive VC
     * ({@link Dateline}). Contract: {@link #mayUse(Network, int, int)} allows every move this
     * allows for some destination, and {@link #admit} is only asked about moves this allows.
     */
    default boolean mayUse(Network network, int from, int to, int destination) {
        return mayUse(network, from, to);
    }

    /**
     * Whether the rule admits every move its VC discipline allows ({@link #mayUse}) into a
     * queue with a free slot. Then only buffers held by other packets can block a packet,
     * and an acyclic channel dependency graph proves deadlock freedom (Dally and Seitz).
     * Rules that also deny on ring occupancy or critical marks (the bubble rules, CBS) can
     * block a packet forever in front of an empty queue, so for them the graph proves
     * nothing and the explorer must decide.
     */
    default boolean freeSlotSuffices() {
        return false;
    }

    /**
     * Whether critical marks drift: a mark on a queue with no normal free slot moves to the
     * upstream queue of its ring when that one has a normal free slot (see
     * {@link CriticalBubble#CriticalBubble(int, boolean, boolean)} and {@link #drifts}).
     */
    default boolean marksDrift() {
        return false;
    }

    /**
     * Whether one critical mark of {@code queue} moves by itself to {@code upstream}, the
     * queue before it in its ring, in the state {@code view} shows. Both engines ask this:
     * the simulator once per queue per cycle, the explorer as a drift move (interleaving)
     * or in a step's drift pass (synchronous). Never true unless {@link #marksDrift}.
     */
    default boolean drifts(BufferView view, int queue, int upstream) {
        return false;
    }

    /**
     * Whether the rule's global information (ring occupancy) is read atomically, as by a
     * global controller that serialises every admission that depends on it (Theoretical BFC:
     * possible only in a model), rather than from the state at the start of a clock cycle
     * (an uncoordinated global rule: every router reads the same snapshot). Matters only to
     * synchronous semantics; rules that read no global information return true.
     */
    default boolean globalReadAtomic() {
        return true;
    }

    /**
     * Whether {@link #admit} reads the free slots of a whole ring ({@link BufferView#ringFreeSlots}):
     * an engine that answers that question incrementally (the simulator) keeps the count only
     * for such rules. False by default; the theoretical bubble rule says true, and so does any
     * rule that delegates to one.
     */
    default boolean readsRingOccupancy() {
        return false;
    }

    /**
     * Whether {@link #admit} depends on the directional rings: on whether a move stays in a ring
     * or enters one ({@link Network#withinRing}), on a ring's free slots or on critical marks (the
     * bubble rules, the critical bubble scheme). A rule that says so needs a topology with rings,
     * and the simulator refuses packets of several sizes for it under virtual cut-through (its
     * free slots are packets of the largest size, and smaller packets would fragment them: a ring
     * could lose its last bubble). Schemes that replace a bubble rule ask it too. By default true
     * exactly when the rule reads ring occupancy or keeps critical marks; the localized bubble
     * rule, which reads only whether a move enters a ring, says true as well.
     */
    default boolean readsRings() {
        return readsRingOccupancy() || marksPerRing() > 0;
    }

    /** Critical marks each directional ring starts with (0: the rule keeps no marks). */
    default int marksPerRing() {
        return 0;
    }

    /** The critical marks a queue holds in the empty network. */
    default int initialMarks(Network network, int queue) {
        int m = marksPerRing();
        if (m == 0) {
            return 0;
        }
        int ring = network.ringOf(queue);
        if (ring < 0) {
            return 0;
        }
        int home = network.queue(network.topology().ringHome(ring), 0);
        return queue == home ? m : 0;
    }

    /**
     * Whether the rule's decisions and its initial state are the same at every position of a
     * torus: it reads only free slots of queues and rings, never where a queue sits or
     * whether a channel is a wrap-around one. The explorer's symmetry reduction is applied
     * only to rules that say so. False by default: a dateline picks VCs at a fixed channel,
     * the critical bubble scheme starts its marks at fixed queues.
     */
    default boolean translationInvariant() {
        return false;
    }

    /**
     * Whether the rule's decisions and its initial state are unchanged by a reflection of a
     * torus dimension, which maps each directional ring onto a ring (the + ring of a line
     * onto the same line's - ring) and reverses the order of its queues: true for rules
     * that read only free slots of the target and of its ring and whether a move stays in a
     * ring. The explorer checks that the reflection maps rings onto rings. False by default.
     */
    default boolean reflectionInvariant() {
        return false;
    }

    /**
     * Whether the rule decides every move as it decides the image move under automorphism
     * {@code a} of the network's topology (queues move with their channels, VCs kept; rings
     * onto rings, which the explorer checks), on every state and its image. {@code reflects}:
     * {@code a} includes the reflection of some dimension. The explorer's symmetry reduction
     * keeps the elements that routing, rule, traffic and initial state all respect, and checks
     * the rule's answer on sampled states before it relies on it. The default is
     * {@link #translationInvariant}, and {@link #reflectionInvariant} too for an element with
     * a reflection; a rule that reads where a channel is (a dateline) respects the elements
     * that map those channels onto themselves.
     */
    default boolean respects(Network network, flowproof.topology.Automorphism a, boolean reflects) {
        return translationInvariant() && (!reflects || reflectionInvariant());
    }

    /** The invariants the rule is designed to keep; checked by default. */
    Set<Invariant> invariants();

    /**
     * Whether the rule chooses the VC of each hop itself (dateline, VC per hop): then a spec's
     * VC classes may not choose them too. False by default.
     */
    default boolean choosesVcs() {
        return false;
    }

    /**
     * The built-in kind this rule was made from, or null (the default) for a rule that is not
     * built in, such as a user's plugin ({@code rule: {class: ...}}). Engines never switch on
     * it: what they need is declared by the capabilities above ({@link #readsRings},
     * {@link #readsRingOccupancy}, {@link #marksPerRing}, {@link #freeSlotSuffices}, ...).
     */
    default RuleKind kind() {
        return null;
    }

    /**
     * The rule's name in messages: a built-in's key ({@code critical-bubble}), else the class
     * name ({@code com.example.MyRule}). A plugin may return a shorter one.
     */
    default String name() {
        RuleKind k = kind();
        return k != null ? k.key() : getClass().getName();
    }

    /** e.g. {@code critical-bubble (m=1)}; {@link #name} unless the rule says more. */
    default String describe() {
        return name();
    }
}
