package com.example;

import flowproof.plugin.PluginParams;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import java.util.EnumSet;
import java.util.Set;

/**
 * The slack bubble, a rule of our own (not one of flowproof's): a packet that stays in its
 * ring needs one free slot in the target queue, like virtual cut-through. A packet that
 * enters a ring (injection, or a change of dimension) needs either two free slots in the
 * target queue (the Localized Bubble's local test) or one free slot there while the whole
 * ring has at least {@code slack} free slots (the Theoretical Bubble's global test, when the
 * ring is known to be empty enough).
 *
 * <p>With {@code slack >= 2} every entry leaves a free slot in the ring, so the bubble
 * invariant holds and the rule should be deadlock-free on a torus under dimension-order
 * routing; with {@code slack = 1} an entry may take a ring's last free slot. flowproof
 * checks both claims (see the tests and specs/).
 */
public final class SlackBubble implements FlowControlRule {

    private final int slack;

    /**
     * The rule as a spec names it: {@code rule: {class: com.example.SlackBubble, params: {slack: 2}}}
     * (slack 2 when not given; a bad value is a one-line error naming {@code rule.params.slack}).
     */
    public SlackBubble(PluginParams params) {
        this(params.integer("slack", 2, 1, 1_000));
    }

    /** @param slack free slots the ring must have for a packet to enter it with one free slot in the target */
    public SlackBubble(int slack) {
        if (slack < 1) {
            throw new IllegalArgumentException("slack: expected at least 1, found " + slack);
        }
        this.slack = slack;
    }

    @Override
    public int admit(BufferView view, int from, int to) {
        int free = view.freeSlots(to);
        if (free < 1) {
            return DENY;
        }
        if (view.network().withinRing(from, to)) {
            return ADMIT;
        }
        int ring = view.network().ringOf(to);
        if (ring < 0 || free >= 2) {
            return ADMIT;
        }
        return view.ringFreeSlots(ring) >= slack ? ADMIT : DENY;
    }

    /** It reads the free slots of a whole ring. */
    @Override
    public boolean readsRingOccupancy() {
        return true;
    }

    /** It reads only free slots of the target and of its ring: the same at every position of a torus. */
    @Override
    public boolean translationInvariant() {
        return true;
    }

    /** And the same under a reflection, which maps rings onto rings. */
    @Override
    public boolean reflectionInvariant() {
        return true;
    }

    /**
     * The invariant the rule is designed to keep: every ring has a free slot. Only with slack 2
     * or more: with slack 1 an entry may take a ring's last free slot, and the rule contract
     * (RuleContract) catches a rule that declares an invariant it does not keep.
     */
    @Override
    public Set<Invariant> invariants() {
        return slack >= 2 ? EnumSet.of(Invariant.BUBBLE) : EnumSet.noneOf(Invariant.class);
    }

    @Override
    public String describe() {
        return "slack-bubble (slack " + slack + ")";
    }
}
