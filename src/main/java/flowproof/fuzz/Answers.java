package flowproof.fuzz;

import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code conservation} invariant of a run with message classes (spec field
 * {@code messages}: a chain of classes, the first injected by the script, each consumed
 * message of a class but the last generating one of the next class, of its size, back to its
 * source; the last class is the sink). The simulator logs every delivered message with its
 * class, so the check is exact for chains of any length:
 * <ul>
 *   <li>the first class's deliveries are scripted packets, each delivered at most as often as
 *       the script has it (once a run drains: exactly);</li>
 *   <li>a message of class c > 0 from s to d of size z answers a class c-1 message from d to s
 *       of size z delivered no later than the answer was created: per such flow, in creation
 *       order, the k-th answer needs at least k of them (Hall's condition for these nested
 *       sets; greedy matching meets it), so no message is answered twice and none is answered
 *       before it arrived;</li>
 *   <li>once a run drains, every message of a class but the last has its one answer.</li>
 * </ul>
 */
final class Answers {

    private Answers() {
    }

    /**
     * The first way {@code deliveries} (each {@code {source, destination, size, created, done,
     * class}}) breaks the protocol of the chain {@code classes} for {@code script}, or null;
     * {@code drained}: the run drained (every message and answer must then be delivered).
     */
    static Violation check(List<Packet> script, List<long[]> deliveries, List<String> classes, boolean drained) {
        Map<String, Integer> scripted = new HashMap<>();
        for (Packet p : script) {
            scripted.merge(p.cycle() + ":" + p.source() + "->" + p.destination() + ":" + p.size(), 1, Integer::sum);
        }
        Map<String, Integer> firstClass = new TreeMap<>();
        // per class and flow (source->destination:size): the delivery cycles, and the creation cycles
        List<Map<String, List<Long>>> done = new ArrayList<>();
        List<Map<String, List<Long>>> created = new ArrayList<>();
        for (int c = 0; c < classes.size(); c++) {
            done.add(new TreeMap<>());
            created.add(new TreeMap<>());
        }
        for (long[] d : deliveries) {
            int c = (int) d[5];
            if (c < 0 || c >= classes.size()) {
                return new Violation("conservation", "a message " + d[0] + "->" + d[1] + ":" + d[2] + " of class " + c
                    + " delivered; the chain has classes 0.." + (classes.size() - 1));
            }
            String flow = flow(d[0], d[1], d[2]);
            done.get(c).computeIfAbsent(flow, k -> new ArrayList<>()).add(d[4]);
            created.get(c).computeIfAbsent(flow, k -> new ArrayList<>()).add(d[3]);
            if (c == 0) {
                String key = d[3] + ":" + flow;
                int n = firstClass.merge(key, 1, Integer::sum);
                if (n > scripted.getOrDefault(key, 0)) {
                    return new Violation("conservation", classes.get(0) + " " + key
                        + " (cycle:source->destination:size) delivered " + n + " time(s), scripted "
                        + scripted.getOrDefault(key, 0));
                }
            }
        }
        for (int c = 1; c < classes.size(); c++) {
            for (Map.Entry<String, List<Long>> e : created.get(c).entrySet()) {
                String asked = reverse(e.getKey());
                List<Long> answers = new ArrayList<>(e.getValue());
                List<Long> arrived = new ArrayList<>(done.get(c - 1).getOrDefault(asked, List.of()));
                answers.sort(null);
                arrived.sort(null);
                for (int k = 0; k < answers.size(); k++) {
                    if (k >= arrived.size() || arrived.get(k) > answers.get(k)) {
                        long by = answers.get(k);
                        long before = arrived.stream().filter(t -> t <= by).count();
                        return new Violation("conservation", (k + 1) + " " + classes.get(c) + " " + e.getKey()
                            + " (source->destination:size) created by cycle " + by + ", but " + before + " "
                            + classes.get(c - 1) + " " + asked + " delivered by then (each answered once)");
                    }
                }
            }
        }
        if (!drained) {
            return null;
        }
        for (Map.Entry<String, Integer> e : scripted.entrySet()) {
            int n = firstClass.getOrDefault(e.getKey(), 0);
            if (n < e.getValue()) {
                return new Violation("conservation", "drained, but scripted " + classes.get(0) + " " + e.getKey()
                    + " (cycle:source->destination:size) delivered " + n + " of " + e.getValue() + " times");
            }
        }
        for (int c = 0; c + 1 < classes.size(); c++) {
            for (Map.Entry<String, List<Long>> e : done.get(c).entrySet()) {
                String answer = reverse(e.getKey());
                int answers = created.get(c + 1).getOrDefault(answer, List.of()).size();
                if (answers != e.getValue().size()) {
                    return new Violation("conservation", "drained, but " + e.getValue().size() + " " + classes.get(c)
                        + " " + e.getKey() + " (source->destination:size) delivered and " + answers + " "
                        + classes.get(c + 1) + " " + answer);
                }
            }
        }
        return null;
    }

    private static String flow(long source, long destination, long size) {
        return source + "->" + destination + ":" + size;
    }

    /** The flow an answer to a message of {@code flow} takes: back to its source, of its size. */
    private static String reverse(String flow) {
        String[] f = flow.split("->|:");
        return f[1] + "->" + f[0] + ":" + f[2];
    }
}
