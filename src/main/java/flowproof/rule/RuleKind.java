package flowproof.rule;

import flowproof.ConfigurationException;
import flowproof.topology.Network;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The registry of flow-control rules, by the names spec files use. */
public enum RuleKind {
    VCT("vct"),
    DATELINE("dateline"),
    THEORETICAL_BUBBLE("theoretical-bubble"),
    LOCALIZED_BUBBLE("localized-bubble"),
    CRITICAL_BUBBLE("critical-bubble"),
    VC_PER_HOP("vc-per-hop");

    private final String key;

    RuleKind(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static RuleKind of(String key) {
        for (RuleKind k : values()) {
            if (k.key.equals(key)) {
                return k;
            }
        }
        return null;
    }

    public static String keys() {
        return Arrays.stream(values()).map(RuleKind::key).collect(Collectors.joining(", "));
    }

    /** Whether the rule's admission depends on directional rings (bubble rules, CBS). */
    public boolean needsRings() {
        return this == THEORETICAL_BUBBLE || this == LOCALIZED_BUBBLE || this == CRITICAL_BUBBLE;
    }

    /** VCs the rule takes when it governs the escape VCs of an adaptive routing. */
    public int escapeVcs() {
        return this == DATELINE ? 2 : 1;
    }

    /** Whether the kind takes the {@code bubbles} parameter (critical marks per ring). */
    public boolean takesBubbles() {
        return this == CRITICAL_BUBBLE;
    }

    /**
     * Builds the rule for a network, or throws a {@link ConfigurationException} naming the
     * field when the combination is impossible.
     *
     * @param bubbles critical marks per ring (CBS only; 0 means the default, 1)
     */
    public FlowControlRule create(Network network, int bubbles) {
        return create(network, bubbles, 1);
    }

    /**
     * As {@link #create(Network, int)}, with {@code datelines} per ring for rule dateline
     * (which then needs {@code datelines + 1} VCs, or escape VCs).
     */
    public FlowControlRule create(Network network, int bubbles, int datelines) {
        return create(network, bubbles, datelines, false, true);
    }

    /**
     * As {@link #create(Network, int, int)}, with the options of issue 8: {@code drift} (CBS:
     * critical marks drift backwards to a normal free slot upstream) and {@code atomicGlobal}
     * (Theoretical BFC: false reads the ring's free count from the cycle's snapshot).
     */
    public FlowControlRule create(Network network, int bubbles, int datelines, boolean drift, boolean atomicGlobal) {
        switch (this) {
            case VCT:
                return new VirtualCutThrough();
            case DATELINE:
                if (network.ringVcs() != datelines + 1) {
                    throw new ConfigurationException("vcs", (datelines + 1) + (network.ringVcs() == network.vcs() ? ""
                        : " escape VCs") + " for rule dateline" + (datelines > 1 ? " with " + datelines
                        + " datelines per ring" : ""), Integer.toString(network.vcs()));
                }
                if (datelines > 1 && network.topology() instanceof flowproof.topology.Torus) {
                    flowproof.topology.Torus t = (flowproof.topology.Torus) network.topology();
                    for (int d = 0; d < t.dimensions(); d++) {
                        if (t.radix(d) % datelines != 0) {
                            throw new ConfigurationException("rule.datelines", "a divisor of every radix ("
                                + t.radix(d) + " in dimension " + d + ")", Integer.toString(datelines));
                        }
                    }
                }
                return new Dateline(datelines);
            case THEORETICAL_BUBBLE:
                return new TheoreticalBubble(atomicGlobal);
            case LOCALIZED_BUBBLE:
                return new LocalizedBubble();
            case CRITICAL_BUBBLE:
                int m = bubbles == 0 ? 1 : bubbles;
                if (m < 1) {
                    throw new ConfigurationException("rule.bubbles", "a positive number of critical bubbles", Integer.toString(bubbles));
                }
                if (m > network.capacity()) {
                    throw new ConfigurationException("rule.bubbles",
                        "at most the capacity (" + network.capacity() + "), since all marks start on one queue",
                        Integer.toString(m));
                }
                return new CriticalBubble(m, false, drift);
            case VC_PER_HOP:
                return new VcPerHop();
            default:
                throw new AssertionError(this);
        }
    }
}
