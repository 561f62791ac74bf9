package flowproof.explore;

import flowproof.routing.RoutingFunction;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.List;

/**
 * The packet-level model the explorer checks (see docs/model.md): buffers,
 * routing, the flow-control rule and the (source, destination) pairs that may inject.
 *
 * <p>{@code escapeAny} matters only for routing with an escape sub-function (Duato): when
 * false (the default, the usual router policy) a packet takes an escape VC only when the
 * rule admits it on none of its adaptive candidates; when true the choice between adaptive
 * and escape candidates is free, which covers every selection policy at once.
 *
 * <p>{@code semantics} orders the moves in time (one per step, or clock cycles: see
 * {@link Semantics}). {@code injectionQueue} (0 = none, the reference model) gives every node
 * a FIFO of that many packets waiting to enter the network: packets are generated into it
 * and injected from its head, and drainability then also requires every injection queue to
 * empty, so a starving source is a violation.
 *
 * <p>{@code wormhole} (null: the reference packet-level model, virtual cut-through) switches
 * to flit-level wormhole moves ({@link WormholeExpander}); the network's capacity is then one
 * packet slot per VC, the slot the rule judges, and the queue's size in flits is
 * {@link Wormhole#queueFlits}.
 */
public record Model(Network network, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                    boolean escapeAny, Semantics semantics, int injectionQueue, Wormhole wormhole) {

    public Model {
        if (injectionQueue < 0) {
            throw new IllegalArgumentException("injection queue of " + injectionQueue + " packets");
        }
        if (wormhole != null && (semantics != Semantics.INTERLEAVING || injectionQueue != 0
            || rule.marksPerRing() > 0 || network.capacity() != 1)) {
            throw new IllegalArgumentException("wormhole is built for interleaving steps, no injection queues, rules"
                + " without critical marks and one packet slot per VC");
        }
        if (routing instanceof flowproof.routing.MessageRouting
            && (semantics != Semantics.INTERLEAVING || injectionQueue != 0 || wormhole != null)) {
            throw new IllegalArgumentException("message classes are built for interleaving steps of packets (vct)"
                + " without injection queues");
        }
    }

    /**
     * The same model with only the traffic pairs in {@code pairs} ({source, destination}), in
     * this model's traffic order whatever order the set iterates in, so that the expander's move
     * order, and a trace, do not depend on it; each pair once.
     */
    public Model restrictedTo(java.util.Set<List<Integer>> pairs) {
        java.util.Set<List<Integer>> left = new java.util.HashSet<>(pairs);
        List<int[]> kept = new java.util.ArrayList<>();
        for (int[] pair : traffic) {
            if (left.remove(List.of(pair[0], pair[1]))) {
                kept.add(pair);
            }
        }
        return new Model(network, routing, rule, kept, escapeAny, semantics, injectionQueue, wormhole);
    }

    /** The message classes of the model (spec field {@code messages}), or null when it has none. */
    public flowproof.routing.MessageRouting messages() {
        return routing instanceof flowproof.routing.MessageRouting m ? m : null;
    }

    /** A model of packets (virtual cut-through) under the given timing. */
    public Model(Network network, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                 boolean escapeAny, Semantics semantics, int injectionQueue) {
        this(network, routing, rule, traffic, escapeAny, semantics, injectionQueue, null);
    }

    /** A model under the reference timing: interleaving, no injection queues. */
    public Model(Network network, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic,
                 boolean escapeAny) {
        this(network, routing, rule, traffic, escapeAny, Semantics.INTERLEAVING, 0);
    }

    /** A model where escape channels are taken only when every adaptive one is blocked. */
    public Model(Network network, RoutingFunction routing, FlowControlRule rule, List<int[]> traffic) {
        this(network, routing, rule, traffic, false);
    }

    /** The same model under other timing. */
    public Model with(Semantics semantics, int injectionQueue) {
        return new Model(network, routing, rule, traffic, escapeAny, semantics, injectionQueue, wormhole);
    }

    /** The same model under wormhole switching (null: virtual cut-through). */
    public Model with(Wormhole wormhole) {
        return new Model(network, routing, rule, traffic, escapeAny, semantics, injectionQueue, wormhole);
    }

    /**
     * Whether the explorer may reduce states by the topology's symmetries. False for every
     * model with state beyond the queues of the reference model (injection queues, endpoint
     * queues of message classes), drifting marks or synchronous steps: those are not wired into the symmetry
     * reduction. Wormhole states are: the reduction maps each VC's worm segment (its header and the VC its
     * head went on to) and each source's packet in progress. (The parallel engine runs every interleaving
     * model without message classes, without reduction when this is false.)
     */
    public boolean supportsSymmetry() {
        return semantics == Semantics.INTERLEAVING && injectionQueue == 0 && !rule.marksDrift()
            && messages() == null;
    }

    public String describe() {
        return network.topology().describe() + ", " + network.vcs() + " VC" + (network.vcs() > 1 ? "s" : "")
            + (wormhole == null ? ", capacity " + network.capacity() : ", " + wormhole.describe()) + ", " + routing.name()
            + (routing instanceof flowproof.routing.TurnModelRouting t && t.misroute() > 0
                ? " non-minimal (up to " + t.misroute() + " hops beyond the minimum)" : "")
            + (routing instanceof flowproof.routing.ClassedRouting c ? " with " + c.function().describe() : "")
            + ", " + rule.describe()
            + (routing.hasEscape() ? (escapeAny ? ", escape any time" : ", escape when blocked") : "")
            + (semantics == Semantics.INTERLEAVING ? "" : ", " + semantics.key() + " steps")
            + (injectionQueue == 0 ? "" : ", injection queues of " + injectionQueue)
            + (messages() == null ? "" : ", messages " + String.join(" -> ", messages().classNames())
                + " (endpoint queues of " + messages().endpointQueue() + ")");
    }
}
