package flowproof;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A shortest cycle in a wait-for graph of queues: each blocked queue waits on some of the
 * others (the queues its head cannot move into, or whose packet holds what it needs). The
 * explorer's trace page and the simulator's deadlock report name one such cycle.
 */
public final class WaitCycle {

    private WaitCycle() {
    }

    /**
     * A shortest cycle of the queues of {@code waits} (keys: blocked queues; values: the queues
     * each waits on, of which only those that are keys themselves count), starting at its
     * lowest-numbered queue reached first; empty when the blocked queues form none. Breadth
     * first from every queue: O(queues x waits), for reports only.
     */
    public static List<Integer> shortest(Map<Integer, int[]> waits) {
        List<Integer> best = List.of();
        for (int start : waits.keySet().stream().sorted().toList()) {
            Map<Integer, Integer> parent = new HashMap<>();
            ArrayDeque<Integer> frontier = new ArrayDeque<>(List.of(start));
            int last = -1;
            while (!frontier.isEmpty() && last < 0) {
                int q = frontier.poll();
                for (int t : waits.get(q)) {
                    if (t == start) {
                        last = q;
                        break;
                    }
                    if (waits.containsKey(t) && !parent.containsKey(t)) {
                        parent.put(t, q);
                        frontier.add(t);
                    }
                }
            }
            if (last < 0) {
                continue;
            }
            List<Integer> path = new ArrayList<>();
            for (int q = last; q != start; q = parent.get(q)) {
                path.add(0, q);
            }
            path.add(0, start);
            if (best.isEmpty() || path.size() < best.size()) {
                best = path;
            }
        }
        return best;
    }
}
