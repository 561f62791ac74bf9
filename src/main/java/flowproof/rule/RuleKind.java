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
        switch (this) {
            case VCT:
                return new VirtualCutThrough();
            case DATELINE:
                if (network.ringVcs() != 2) {
                    throw new ConfigurationException("vcs", network.ringVcs() == network.vcs() ? "2 for rule dateline"
                        : "2 escape VCs for rule dateline", Integer.toString(network.vcs()));
                }
                return new Dateline();
            case THEORETICAL_BUBBLE:
                return new TheoreticalBubble();
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
                return new CriticalBubble(m);
            case VC_PER_HOP:
                return new VcPerHop();
            default:
                throw new AssertionError(this);
        }
    }
}
