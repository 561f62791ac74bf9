package flowproof.explore;

import java.util.Arrays;

/**
 * Drainability on a drain graph with cycles (forward, eject, drift and inject-from-queue
 * moves can cycle: a mark that drifts round an idle ring, non-minimal routes), in one
 * iterative pass of Tarjan's strongly-connected-components algorithm over the implicit
 * graph: a state drains iff it is empty or one of its successors drains, and all states of
 * a component share the answer (they reach each other).
 *
 * <p>The search stops expanding a state's successors as soon as one is known to drain.
 * That leaves its low link possibly too high, so it may be closed as a component root
 * early; every state above it on the component stack was reached from it and reaches it
 * back, so all of them drain too, which is what closing a draining root assigns. A state
 * whose component closes without a draining member had every edge explored, so no member
 * reaches a draining state. Memory: two ints and a byte per state.
 */
final class DrainComponents {

    private DrainComponents() {
    }

    /** Drain status of every id of {@code set}: DRAINS, STUCK_FOREVER, or UNKNOWN for an unused id. */
    static byte[] decide(Drainability.Index set, Expander ex) {
        int n = set.idLimit();
        byte[] status = new byte[n];
        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] drains = new boolean[n];
        long[] state = new long[ex.layout.words];
        Drainability.IdSink succ = new Drainability.IdSink(set, ex.layout.words);
        int[] frameId = new int[64];
        int[] frameNext = new int[64];
        int[] frameEnd = new int[64];
        int[] stack = new int[64];
        int sp = 0;
        int counter = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] != 0 || !set.get(root, state)) {
                continue;
            }
            int top = -1;
            int pending = root;
            while (true) {
                if (pending >= 0) {
                    int v = pending;
                    pending = -1;
                    index[v] = ++counter;
                    low[v] = index[v];
                    status[v] = Drainability.ON_STACK;
                    if (sp == stack.length) {
                        stack = Arrays.copyOf(stack, sp * 2);
                    }
                    stack[sp++] = v;
                    set.get(v, state);
                    ex.load(state, 0);
                    int begin = succ.size;
                    if (ex.packets() == 0) {
                        drains[v] = true;
                    } else {
                        ex.expand(succ, false);
                        succ.resolve();
                    }
                    if (++top == frameId.length) {
                        frameId = Arrays.copyOf(frameId, top * 2);
                        frameNext = Arrays.copyOf(frameNext, top * 2);
                        frameEnd = Arrays.copyOf(frameEnd, top * 2);
                    }
                    frameId[top] = v;
                    frameNext[top] = begin;
                    frameEnd[top] = succ.size;
                }
                if (top < 0) {
                    break;
                }
                int v = frameId[top];
                while (!drains[v] && frameNext[top] < frameEnd[top]) {
                    int w = succ.ids[frameNext[top]];
                    if (index[w] == 0) {
                        pending = w;
                        break;
                    }
                    if (status[w] == Drainability.ON_STACK) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    if (drains[w]) {
                        drains[v] = true;
                    }
                    frameNext[top]++;
                }
                if (pending >= 0) {
                    continue;
                }
                // v is finished
                if (low[v] == index[v]) {
                    boolean any = false;
                    for (int i = sp - 1; i >= 0; i--) {
                        any |= drains[stack[i]];
                        if (stack[i] == v) {
                            break;
                        }
                    }
                    int w;
                    do {
                        w = stack[--sp];
                        drains[w] = any;
                        status[w] = any ? Drainability.DRAINS : Drainability.STUCK_FOREVER;
                    } while (w != v);
                }
                succ.size = top == 0 ? 0 : frameEnd[top - 1];
                top--;
                if (top >= 0) {
                    int parent = frameId[top];
                    low[parent] = Math.min(low[parent], low[v]);
                    if (drains[v]) {
                        drains[parent] = true;
                    }
                    frameNext[top]++;
                }
            }
        }
        return status;
    }
}
