package flowproof.explore;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How the routers' moves are ordered in time (spec field {@code semantics}).
 *
 * <ul>
 *   <li>{@link #INTERLEAVING} (default, docs/model.md): one move per step.</li>
 *   <li>{@link #SYNCHRONOUS}: one step is one clock cycle. Every router performs any subset of
 *       its enabled moves at once, each judged by the rule on the state at the start of the
 *       step, under the limits of real hardware: at most one packet enters each queue, at
 *       most one packet leaves each queue (its head), at most one packet is injected and at
 *       most one ejected per node. A packet enters only a slot that was free at the start of
 *       the step (a slot vacated in the step is reusable the next cycle, as with credits).
 *       Drifting critical marks move first, in one pass, exactly as the simulator's
 *       cycle does; see {@link SynchronousExpander}.</li>
 * </ul>
 */
public enum Semantics {
    INTERLEAVING("interleaving"),
    SYNCHRONOUS("synchronous");

    private final String key;

    Semantics(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static Semantics of(String key) {
        for (Semantics s : values()) {
            if (s.key.equals(key)) {
                return s;
            }
        }
        return null;
    }

    public static String keys() {
        return Arrays.stream(values()).map(Semantics::key).collect(Collectors.joining(", "));
    }
}
