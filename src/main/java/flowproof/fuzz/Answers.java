package flowproof.fuzz;

import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code conservation} invariant of a run with two message classes (spec field
 * {@code messages}, a request class and its answer, the sink): the scripted packets are the
 * requests; each delivered request makes its destination create one answer, of its size,
 * back to its source, no earlier than the request's delivery, and the answer is delivered
 * once and answers nothing. The simulator's delivery log does not say which packet is an
 * answer, so the check asks whether the log can be read as the protocol requires.
 *
 * <p>A delivery whose cycle of creation, source, destination and size are those of scripted
 * packets is one of them up to their number, the rest answers: of deliveries with the same
 * key, the earliest delivered are taken as the requests (an answer's constraints depend on
 * its key only, a request's on its delivery cycle, so this choice fits whenever any does).
 * The answers of a (source, destination, size) must then be matched one to one with
 * requests of the opposite direction delivered no later than each answer was created: in
 * creation order, the k-th answer needs at least k such requests (Hall's condition for
 * these nested sets; greedy matching meets it). A run that drained must deliver every
 * scripted packet and exactly one answer per request; any run, at no point more.
 *
 * <p>Longer chains (a request, a forward, a reply...) are refused: a delivery that is not
 * scripted could then be an answer of several depths, and the reading is no longer this
 * greedy one.
 */
final class Answers {

    private Answers() {
    }

    /**
     * The first way {@code deliveries} (each {@code {source, destination, size, created,
     * done}}) breaks the protocol for {@code script}, or null; {@code drained}: the run
     * drained (every request and answer must then be delivered).
     */
    static Violation check(List<Packet> script, List<long[]> deliveries, boolean drained) {
        Map<String, Integer> scripted = new HashMap<>();
        for (Packet p : script) {
            scripted.merge(p.cycle() + ":" + p.source() + "->" + p.destination() + ":" + p.size(), 1, Integer::sum);
        }
        Map<String, List<long[]>> byKey = new TreeMap<>();
        for (long[] d : deliveries) {
            byKey.computeIfAbsent(key(d), k -> new ArrayList<>()).add(d);
        }
        // per (source, destination, size): the delivery cycles of requests, the creation cycles of answers
        Map<String, List<Long>> requestsDone = new TreeMap<>();
        Map<String, List<Long>> answersCreated = new TreeMap<>();
        for (Map.Entry<String, List<long[]>> e : byKey.entrySet()) {
            List<long[]> same = e.getValue();
            same.sort(Comparator.comparingLong(d -> d[4]));
            int requests = Math.min(scripted.getOrDefault(e.getKey(), 0), same.size());
            for (int i = 0; i < same.size(); i++) {
                long[] d = same.get(i);
                if (i < requests) {
                    requestsDone.computeIfAbsent(flow(d[0], d[1], d[2]), k -> new ArrayList<>()).add(d[4]);
                } else {
                    answersCreated.computeIfAbsent(flow(d[0], d[1], d[2]), k -> new ArrayList<>()).add(d[3]);
                }
            }
        }
        for (Map.Entry<String, List<Long>> e : answersCreated.entrySet()) {
            String[] f = e.getKey().split("[:>-]+");
            String request = f[1] + "->" + f[0] + ":" + f[2];
            List<Long> created = e.getValue();
            List<Long> done = requestsDone.getOrDefault(request, List.of());
            created.sort(null);
            List<Long> doneSorted = new ArrayList<>(done);
            doneSorted.sort(null);
            for (int k = 0; k < created.size(); k++) {
                if (k >= doneSorted.size() || doneSorted.get(k) > created.get(k)) {
                    long by = created.get(k);
                    long before = doneSorted.stream().filter(t -> t <= by).count();
                    return new Violation("conservation", "packet " + created.get(k) + ":" + e.getKey()
                        + " (cycle:source->destination:size) is neither scripted nor an answer: "
                        + (k + 1) + " answers " + e.getKey() + " created by cycle " + by + ", but " + before
                        + " request(s) " + request + " delivered by then (each answered once)");
                }
            }
        }
        if (!drained) {
            return null;
        }
        for (Map.Entry<String, Integer> e : scripted.entrySet()) {
            int n = byKey.getOrDefault(e.getKey(), List.of()).size();
            if (n < e.getValue()) {
                return new Violation("conservation", "drained, but scripted packet " + e.getKey()
                    + " (cycle:source->destination:size) delivered " + n + " of " + e.getValue() + " times");
            }
        }
        for (Map.Entry<String, List<Long>> e : requestsDone.entrySet()) {
            String[] f = e.getKey().split("[:>-]+");
            String answer = f[1] + "->" + f[0] + ":" + f[2];
            int answers = answersCreated.getOrDefault(answer, List.of()).size();
            if (answers != e.getValue().size()) {
                return new Violation("conservation", "drained, but " + e.getValue().size() + " request(s) "
                    + e.getKey() + " (source->destination:size) delivered and " + answers + " answer(s) " + answer);
            }
        }
        return null;
    }

    /** A delivery's key as the script writes it: {@code cycle:source->destination:size}. */
    private static String key(long[] d) {
        return d[3] + ":" + d[0] + "->" + d[1] + ":" + d[2];
    }

    private static String flow(long source, long destination, long size) {
        return source + "->" + destination + ":" + size;
    }
}
