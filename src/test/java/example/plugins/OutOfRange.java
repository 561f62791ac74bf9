package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Broken on purpose: virtual cut-through, except that a hop answers 7, no outcome at all; with
 * {@code params: {after-calls: n}} only from its n-th answer on, so that the check of its
 * behaviour before the engines run does not see it and the engine that meets it must name it.
 */
public final class OutOfRange implements FlowControlRule {

    private final long after;
    private final AtomicLong calls = new AtomicLong();

    public OutOfRange(PluginParams params) {
        after = params.positiveInt("after-calls", 1);
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        if (view.freeSlots(to) < 1) {
            return DENY;
        }
        return from == INJECT || calls.incrementAndGet() < after ? ADMIT : 7;
    }

    @Override
    public Set<Invariant> invariants() {
        return Set.of();
    }
}
