package flowproof.solve;

import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleContract;
import flowproof.topology.Network;

/**
 * A flow-control rule's admission of one move (from a queue, or an injection, into a
 * target queue), tabulated by asking the rule itself: {@link FlowControlRule#admit} is
 * called on a probing {@link BufferView} for every combination of the target's free slots
 * (0..C), the target's critical marks (0..C, rules with marks only) and the free slots of
 * the target's ring (0..the ring's slots). The CP-SAT model then states the rule as a table
 * constraint over those three quantities: no rule logic is written a second time.
 *
 * <p>The abstraction is checked, not assumed: if the rule reads any other part of the
 * buffer state (another queue's slots or marks, another ring), the table cannot express
 * it and {@link UnsupportedOperationException} says so. The quantities the rule never
 * reads for this move are left out of the table.
 */
final class AdmissionTable {

    final int from;
    final int to;
    final int ring;
    final boolean readsMarks;
    final boolean readsRing;
    /** outcome[free][marks][ringFree] (marks and ringFree collapse to index 0 when not read). */
    final int[][][] outcome;
    /**
     * The ring's free slots at which the outcome changes, ascending (empty when the ring is
     * not read): the outcome is the same for every ringFree between two steps, so the model
     * reads the ring through {@code ringFree >= step} literals, not through its every value.
     */
    final int[] ringSteps;

    AdmissionTable(Network net, FlowControlRule rule, int from, int to) {
        this.from = from;
        this.to = to;
        this.ring = net.ringOf(to);
        int c = net.capacity();
        int maxMarks = rule.marksPerRing() > 0 ? c : 0;
        int maxRing = ring >= 0 ? net.ringQueues(ring).length * c : 0;
        Probe probe = new Probe(net, to, ring, rule);
        int[][][] full = new int[c + 1][maxMarks + 1][maxRing + 1];
        for (int f = 0; f <= c; f++) {
            for (int m = 0; m <= maxMarks; m++) {
                for (int r = 0; r <= maxRing; r++) {
                    probe.free = f;
                    probe.marks = m;
                    probe.ringFree = r;
                    full[f][m][r] = rule.admit(probe, from, to);
                }
            }
        }
        this.readsMarks = probe.readMarks;
        this.readsRing = probe.readRing;
        int[][][] t = new int[c + 1][readsMarks ? maxMarks + 1 : 1][readsRing ? maxRing + 1 : 1];
        for (int f = 0; f <= c; f++) {
            for (int m = 0; m < t[f].length; m++) {
                for (int r = 0; r < t[f][m].length; r++) {
                    t[f][m][r] = full[f][m][r];
                }
            }
        }
        this.outcome = t;
        int[] steps = new int[t[0][0].length];
        int n = 0;
        for (int r = 1; r < t[0][0].length; r++) {
            boolean changes = false;
            for (int f = 0; f <= c && !changes; f++) {
                for (int m = 0; m < t[f].length && !changes; m++) {
                    changes = t[f][m][r] != t[f][m][r - 1];
                }
            }
            if (changes) {
                steps[n++] = r;
            }
        }
        this.ringSteps = java.util.Arrays.copyOf(steps, n);
        // The rule must not depend on what it did not read: check the collapsed table
        // reproduces the full one.
        for (int f = 0; f <= c; f++) {
            for (int m = 0; m <= maxMarks; m++) {
                for (int r = 0; r <= maxRing; r++) {
                    if (full[f][m][r] != outcome(f, m, r)) {
                        throw new UnsupportedOperationException("rule " + (rule.kind() != null ? rule.describe()
                            : RuleContract.label(rule)) + " is not a function of the target queue's free slots, marks"
                            + " and ring");
                    }
                }
            }
        }
    }

    /** The rule's verdict ({@link FlowControlRule#DENY}, ADMIT or ADMIT_SHIFT_MARK) for these quantities. */
    int outcome(int free, int marks, int ringFree) {
        return outcome[free][readsMarks ? marks : 0][readsRing ? ringFree : 0];
    }

    /** The interval of ring free slots {@code ringFree} lies in: the number of {@link #ringSteps} at or below it. */
    int ringInterval(int ringFree) {
        int i = 0;
        while (i < ringSteps.length && ringSteps[i] <= ringFree) {
            i++;
        }
        return i;
    }

    /** The least ring free slots of interval {@code i} (0 for the first). */
    int ringIntervalStart(int i) {
        return i == 0 ? 0 : ringSteps[i - 1];
    }

    /** Whether the rule ever admits this move. */
    boolean everAdmits() {
        for (int[][] a : outcome) {
            for (int[] b : a) {
                for (int x : b) {
                    if (x != FlowControlRule.DENY) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Answers the rule's questions about the target; refuses any other. */
    private static final class Probe implements BufferView {
        private final Network net;
        private final int target;
        private final int ring;
        private final FlowControlRule rule;
        int free;
        int marks;
        int ringFree;
        boolean readMarks;
        boolean readRing;

        Probe(Network net, int target, int ring, FlowControlRule rule) {
            this.net = net;
            this.target = target;
            this.ring = ring;
            this.rule = rule;
        }

        @Override
        public Network network() {
            return net;
        }

        @Override
        public int freeSlots(int queue) {
            if (queue != target) {
                throw refused("the free slots of " + net.queueName(queue));
            }
            return free;
        }

        @Override
        public int criticalMarks(int queue) {
            if (queue != target) {
                throw refused("the marks of " + net.queueName(queue));
            }
            readMarks = true;
            return marks;
        }

        @Override
        public int ringFreeSlots(int r) {
            if (r != ring) {
                throw refused("the free slots of ring " + r);
            }
            readRing = true;
            return ringFree;
        }

        private UnsupportedOperationException refused(String what) {
            // a rule that is not built in (a plugin) is named by its class: its author must know which
            return new UnsupportedOperationException("the CP-SAT model encodes a rule as a function of the target "
                + "queue " + net.queueName(target) + " and its ring; the rule read " + what
                + (rule.kind() != null ? "" : " (rule " + RuleContract.label(rule) + "; prove cannot decide it, check"
                + " and explore can)"));
        }
    }
}
