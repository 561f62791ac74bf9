package flowproof.rule;

import flowproof.plugin.PluginParams;
import flowproof.topology.Network;

/**
 * The six rules flowproof started with, by the names spec files use: a shorthand for library
 * code and tests ({@code RuleKind.CRITICAL_BUBBLE.create(network, 2)}). Specs name every built-in
 * through {@link Rules#BUILT_INS}, which {@link #create} asks too; a rule added later needs no
 * constant here.
 */
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

    /** Every built-in rule's name (these six and any added since), as specs list them. */
    public static String keys() {
        return String.join(", ", Rules.BUILT_INS.keys());
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
     * Builds the rule for a network, or throws a {@link flowproof.ConfigurationException} naming the
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
        java.util.Map<String, Object> params = new java.util.LinkedHashMap<>();
        if (bubbles != 0) {
            params.put("bubbles", bubbles);
        }
        if (this == DATELINE) {
            params.put("datelines", datelines);
        }
        if (drift) {
            params.put("drift", true);
        }
        if (!atomicGlobal) {
            params.put("global", "snapshot");
        }
        return Rules.BUILT_INS.builtIn(key).create(network, new PluginParams("rule", params));
    }
}
