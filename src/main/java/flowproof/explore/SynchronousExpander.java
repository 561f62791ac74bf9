package flowproof.explore;

import flowproof.routing.QueueRoutes;
import flowproof.rule.BufferView;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Successors under synchronous semantics ({@link Semantics#SYNCHRONOUS}): one successor per
 * clock cycle's worth of moves.
 *
 * <p>A step from state S:
 * <ol>
 *   <li><b>Drift pass</b> (only for rules whose marks drift): every queue for which the rule
 *       says {@link FlowControlRule#drifts} on S passes one mark to its ring's upstream queue,
 *       all at once, exactly as the simulator's cycle starts. Call the result S'.</li>
 *   <li><b>Moves</b>: every router performs any subset of the moves enabled in S', each judged
 *       by the rule on S' (never on the effect of another move of the same step). The
 *       choices are made per <em>resource</em>: the head packet of each queue (idle, eject,
 *       or forward to one admitted target), each node's injection (idle or one admitted
 *       injection), and with injection queues each node's generation (idle or one pair).
 *       Conflicts pruned during the enumeration: at most one packet enters a queue, at most
 *       one packet is ejected per node. A packet enters only a slot free in S' (the slot its
 *       queue's head vacates in the same step is reusable the next cycle), so no queue
 *       overflows. With a rule that reads global information atomically
 *       ({@link FlowControlRule#globalReadAtomic}, Theoretical BFC), ring entries of one step
 *       are serialised: each is judged with the ring's free count lowered by the entries
 *       chosen before it in the step (exits of the same step are not counted: a conservative
 *       global controller). With a snapshot rule every entry sees S' alone.</li>
 * </ol>
 * The successor applies all chosen moves: pops first, then pushes at the tail, critical
 * marks shifted as each within-ring move requires. The empty step is a successor only when
 * the drift pass changed the state.
 *
 * <p>Every subset of a state's enabled moves is enumerated (a product over resources with
 * the conflicts pruned), so successor counts grow exponentially with the number of routers
 * that can act at once: keep synchronous specs small (rings, or tori with a few flows).
 */
final class SynchronousExpander extends Expander {

    /** An option of a resource: one move. */
    private static final int O_EJECT = 0;
    private static final int O_FORWARD = 1;
    private static final int O_INJECT = 2;
    private static final int O_GENERATE = 3;

    private final long[] start;
    private final long[] base;
    private final int[] driftFrom;
    private int drifts;

    // options of the current state: for each group (resource), a range of options
    private int groups;
    private int[] groupStart = new int[16];
    private int options;
    private int[] oKind = new int[64];
    private int[] oA = new int[64];
    private int[] oB = new int[64];
    private int[] oHeader = new int[64];
    private int[] oAfter = new int[64];
    private int[] oShift = new int[64];
    private int[] oEntryRing = new int[64];
    private final int[] chosen;

    // work state of the enumeration
    private final long[] wSlots;
    private final int[] wOcc;
    private final int[] wMarks;
    private final long[] wIq;
    private final int[] wIqOcc;
    private final boolean[] received;
    private final boolean[] ejected;
    private final int[] entered;
    private final boolean serialiseEntries;
    private final EntryView entryView = new EntryView();
    private Sink sink;

    SynchronousExpander(Model model, StateLayout layout) {
        super(model, layout);
        this.start = new long[layout.words];
        this.base = new long[layout.words];
        this.driftFrom = new int[queues];
        this.chosen = new int[queues + 2 * nodes + 1];
        this.wSlots = new long[queues];
        this.wOcc = new int[queues];
        this.wMarks = new int[queues];
        this.wIq = new long[iqSlots.length];
        this.wIqOcc = new int[iqSlots.length];
        this.received = new boolean[queues];
        this.ejected = new boolean[nodes];
        this.entered = new int[net.rings()];
        this.serialiseEntries = rule.globalReadAtomic();
    }

    @Override
    long[] current() {
        return start;
    }

    @Override
    void expand(Sink sink, boolean injections) {
        System.arraycopy(cur, 0, start, 0, start.length);
        drifts = 0;
        if (upstream != null) {
            for (int q = 0; q < queues; q++) {
                int u = upstream[q];
                if (u >= 0 && marks[q] > 0 && rule.drifts(this, q, u)) {
                    driftFrom[drifts++] = q;
                }
            }
        }
        if (drifts > 0) {
            long[] d = start.clone();
            for (int i = 0; i < drifts; i++) {
                int q = driftFrom[i];
                int u = upstream[q];
                // a giving queue has no normal free slot, so it never receives in the same pass
                layout.setField(d, 0, q, (slots[q] << layout.markBits) | (marks[q] - 1));
                layout.setField(d, 0, u, (slots[u] << layout.markBits) | (marks[u] + 1));
            }
            load(d, 0);
        }
        System.arraycopy(cur, 0, base, 0, base.length);
        int drain = collect(injections);
        drainMoves = drain + drifts;
        System.arraycopy(slots, 0, wSlots, 0, queues);
        System.arraycopy(occ, 0, wOcc, 0, queues);
        System.arraycopy(marks, 0, wMarks, 0, queues);
        System.arraycopy(iqSlots, 0, wIq, 0, wIq.length);
        System.arraycopy(iqOcc, 0, wIqOcc, 0, wIqOcc.length);
        Arrays.fill(received, false);
        Arrays.fill(ejected, false);
        Arrays.fill(entered, 0);
        this.sink = sink;
        moves = 0;
        enumerate(0, 0);
        this.sink = null;
        if (drifts > 0) {
            load(start, 0);
        }
    }

    private void option(int kind, int a, int b, int header, int after, int shift, int entryRing) {
        if (options == oKind.length) {
            int n = options * 2;
            oKind = Arrays.copyOf(oKind, n);
            oA = Arrays.copyOf(oA, n);
            oB = Arrays.copyOf(oB, n);
            oHeader = Arrays.copyOf(oHeader, n);
            oAfter = Arrays.copyOf(oAfter, n);
            oShift = Arrays.copyOf(oShift, n);
            oEntryRing = Arrays.copyOf(oEntryRing, n);
        }
        oKind[options] = kind;
        oA[options] = a;
        oB[options] = b;
        oHeader[options] = header;
        oAfter[options] = after;
        oShift[options] = shift;
        oEntryRing[options] = entryRing;
        options++;
    }

    private void closeGroup(int begin) {
        if (options == begin) {
            return;
        }
        if (groups + 1 >= groupStart.length) {
            groupStart = Arrays.copyOf(groupStart, groupStart.length * 2);
        }
        groupStart[groups++] = begin;
        groupStart[groups] = options;
    }

    /** Lists every resource's enabled moves in the loaded state; returns the number of drain moves. */
    private int collect(boolean injections) {
        groups = 0;
        options = 0;
        groupStart[0] = 0;
        int drain = 0;
        long destMask = layout.destMask;
        for (int q = 0; q < queues; q++) {
            if (occ[q] == 0) {
                continue;
            }
            int d = (int) (slots[q] & destMask) - 1;
            int k = q * headers + d;
            if (fwdQueues[k] == null) {
                route(k, q, d);
            }
            int[] targets = fwdQueues[k];
            int begin = options;
            if (targets == EXIT) {
                option(O_EJECT, q, -1, d, -1, 0, -1);
            } else {
                int[] after = fwdHeaders[k];
                int primary = fwdPrimary[k];
                int admitted = 0;
                for (int i = 0; i < targets.length; i++) {
                    if (!QueueRoutes.tries(i, primary, admitted > 0, escapeAny)) {
                        break;
                    }
                    int t = targets[i];
                    int verdict = rule.admit(this, q, t);
                    if (verdict == FlowControlRule.DENY) {
                        continue;
                    }
                    admitted++;
                    option(O_FORWARD, q, t, d, after[i], verdict == FlowControlRule.ADMIT_SHIFT_MARK ? 1 : 0,
                        net.withinRing(q, t) ? -1 : queueRing[t]);
                }
            }
            drain += options - begin;
            closeGroup(begin);
        }
        if (layout.injCapacity > 0) {
            for (int s = 0; s < iqOcc.length; s++) {
                if (iqOcc[s] == 0) {
                    continue;
                }
                int begin = options;
                int d = (int) (iqSlots[s] & destMask) - 1;
                for (int p : injectEntries[s * nodes + d]) {
                    injectOptions(p);
                }
                drain += options - begin;
                closeGroup(begin);
            }
            if (injections) {
                for (int s = 0; s < iqOcc.length; s++) {
                    if (iqOcc[s] >= layout.injCapacity) {
                        continue;
                    }
                    int begin = options;
                    for (int p = 0; p < pairSource.length; p++) {
                        if (pairSource[p] == s) {
                            option(O_GENERATE, s, -1, pairDest[p], -1, 0, -1);
                        }
                    }
                    closeGroup(begin);
                }
            }
        } else if (injections) {
            for (int s = 0; s < nodes; s++) {
                int begin = options;
                for (int p = 0; p < injectCount; p++) {
                    if (injectSource[p] == s) {
                        injectOptions(p);
                    }
                }
                closeGroup(begin);
            }
        }
        return drain;
    }

    private void injectOptions(int p) {
        int first = injectStart[p];
        int size = injectStart[p + 1] - first;
        int admitted = 0;
        for (int i = 0; i < size; i++) {
            if (!QueueRoutes.tries(i, injectPrimary[p], admitted > 0, escapeAny)) {
                break;
            }
            int t = injectQueue[first + i];
            if (rule.admit(this, FlowControlRule.INJECT, t) == FlowControlRule.DENY) {
                continue;
            }
            admitted++;
            // every collected option is taken in at least one step (the one where every other
            // resource idles), so the pair has an inject move from this state
            injected[injectPair[p]] = true;
            option(O_INJECT, injectSource[p], t, injectHeader[p], injectNextHeader[first + i], 0, queueRing[t]);
        }
    }

    /** Chooses idle or one option for every group from {@code g} on; emits a successor per leaf. */
    private void enumerate(int g, int chosenMoves) {
        if (g == groups) {
            if (chosenMoves > 0 || drifts > 0) {
                emit();
            }
            return;
        }
        chosen[g] = -1;
        enumerate(g + 1, chosenMoves);
        int destBits = layout.destBits;
        for (int o = groupStart[g]; o < groupStart[g + 1]; o++) {
            int kind = oKind[o];
            int a = oA[o];
            int t = oB[o];
            if (t >= 0 && received[t]) {
                continue;
            }
            if (kind == O_EJECT && ejected[queueNode[a]]) {
                continue;
            }
            int ring = oEntryRing[o];
            if (ring >= 0 && serialiseEntries && entered[ring] > 0) {
                entryView.ring = ring;
                entryView.minus = entered[ring];
                if (rule.admit(entryView, kind == O_FORWARD ? a : FlowControlRule.INJECT, t) == FlowControlRule.DENY) {
                    continue;
                }
            }
            // apply, remembering what to undo
            long sA = 0;
            int occA = 0;
            int mA = 0;
            long sT = 0;
            int occT = 0;
            int mT = 0;
            if (kind == O_FORWARD || kind == O_EJECT) {
                sA = wSlots[a];
                occA = wOcc[a];
                mA = wMarks[a];
                wSlots[a] = sA >>> destBits;
                wOcc[a] = occA - 1;
                wMarks[a] = mA + oShift[o];
            } else if (kind == O_INJECT && layout.injCapacity > 0) {
                sA = wIq[a];
                occA = wIqOcc[a];
                wIq[a] = sA >>> destBits;
                wIqOcc[a] = occA - 1;
            } else if (kind == O_GENERATE) {
                sA = wIq[a];
                occA = wIqOcc[a];
                wIq[a] = sA | ((long) (oHeader[o] + 1) << (occA * destBits));
                wIqOcc[a] = occA + 1;
            }
            if (t >= 0) {
                sT = wSlots[t];
                occT = wOcc[t];
                mT = wMarks[t];
                wSlots[t] = sT | ((long) (oAfter[o] + 1) << (occT * destBits));
                wOcc[t] = occT + 1;
                wMarks[t] = mT - oShift[o];
                received[t] = true;
            }
            if (kind == O_EJECT) {
                ejected[queueNode[a]] = true;
            }
            if (ring >= 0) {
                entered[ring]++;
            }
            chosen[g] = o;
            enumerate(g + 1, chosenMoves + 1);
            chosen[g] = -1;
            if (ring >= 0) {
                entered[ring]--;
            }
            if (kind == O_EJECT) {
                ejected[queueNode[a]] = false;
            }
            if (t >= 0) {
                wSlots[t] = sT;
                wOcc[t] = occT;
                wMarks[t] = mT;
                received[t] = false;
            }
            if (kind == O_FORWARD || kind == O_EJECT) {
                wSlots[a] = sA;
                wOcc[a] = occA;
                wMarks[a] = mA;
            } else if (kind == O_GENERATE || (kind == O_INJECT && layout.injCapacity > 0)) {
                wIq[a] = sA;
                wIqOcc[a] = occA;
            }
        }
    }

    private void emit() {
        System.arraycopy(base, 0, succ, 0, succ.length);
        int markBits = layout.markBits;
        for (int q = 0; q < queues; q++) {
            if (wSlots[q] != slots[q] || wMarks[q] != marks[q]) {
                layout.setField(succ, 0, q, (wSlots[q] << markBits) | wMarks[q]);
            }
        }
        for (int v = 0; v < wIq.length; v++) {
            if (wIq[v] != iqSlots[v]) {
                layout.setInjField(succ, 0, v, wIq[v]);
            }
        }
        moves++;
        sink.accept(STEP, moves, -1, -1, succ);
    }

    /** The moves of the step being reported: the drift pass's, then the chosen ones by resource. */
    @Override
    List<Move> stepMoves(int kind, int a, int b, int destination) {
        if (kind != STEP) {
            return super.stepMoves(kind, a, b, destination);
        }
        List<Move> list = new ArrayList<>();
        for (int i = 0; i < drifts; i++) {
            list.add(move(DRIFT, driftFrom[i], upstream[driftFrom[i]], -1, net));
        }
        for (int g = 0; g < groups; g++) {
            int o = chosen[g];
            if (o < 0) {
                continue;
            }
            switch (oKind[o]) {
                case O_EJECT:
                    list.add(move(EJECT, oA[o], -1, oHeader[o], net));
                    break;
                case O_FORWARD:
                    list.add(move(FORWARD, oA[o], oB[o], oHeader[o], net));
                    break;
                case O_INJECT:
                    list.add(move(INJECT, oA[o], oB[o], oHeader[o], net));
                    break;
                default:
                    list.add(move(GENERATE, oA[o], -1, oHeader[o], net));
                    break;
            }
        }
        return list;
    }

    /** The loaded state with one ring's free count lowered by the entries chosen before in the step. */
    private final class EntryView implements BufferView {
        int ring;
        int minus;

        @Override
        public Network network() {
            return net;
        }

        @Override
        public int freeSlots(int queue) {
            return SynchronousExpander.this.freeSlots(queue);
        }

        @Override
        public int criticalMarks(int queue) {
            return SynchronousExpander.this.criticalMarks(queue);
        }

        @Override
        public int ringFreeSlots(int r) {
            return SynchronousExpander.this.ringFreeSlots(r) - (r == ring ? minus : 0);
        }
    }
}
