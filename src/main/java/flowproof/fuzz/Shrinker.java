package flowproof.fuzz;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Greedy delta debugging of a failing {@link Scenario}: repeatedly tries a smaller network
 * (a ring, torus or mesh with one router fewer along a dimension, packets of vanished terminals
 * dropped), fewer packets (halves, quarters, ... then one at a time), earlier cycles (the
 * script shifted to start at 0, gaps halved) and one-flit packets, and keeps a candidate when
 * it is lighter ({@link Scenario#weight}) and still breaks the same invariant. Used by
 * {@code flowproof fuzz}; the property tests shrink with QuickTheories and then with this.
 */
public final class Shrinker {

    /** The smallest scenario found, its violation, and how many candidates were run. */
    public record Result(Scenario scenario, Violation violation, int tried) {
    }

    private final Function<Scenario, Violation> check;
    private final int budget;
    private int tried;

    /** {@code check} returns the scenario's violation or null; at most {@code budget} candidates are run. */
    public Shrinker(Function<Scenario, Violation> check, int budget) {
        this.check = check;
        this.budget = budget;
    }

    public Result shrink(Scenario failing, Violation violation) {
        Scenario best = failing;
        Violation bestV = violation;
        boolean progress = true;
        while (progress && tried < budget) {
            progress = false;
            for (Scenario c : candidates(best)) {
                if (tried >= budget) {
                    break;
                }
                if (c.weight() >= best.weight()) {
                    continue;
                }
                Violation v = attempt(c);
                if (v != null && v.invariant().equals(violation.invariant())) {
                    best = c;
                    bestV = v;
                    progress = true;
                    break;
                }
            }
        }
        return new Result(best, bestV, tried);
    }

    private Violation attempt(Scenario c) {
        tried++;
        try {
            return check.apply(c);
        } catch (RuntimeException e) {
            // an illegal candidate (a network the spec reader refuses) is not a smaller failure
            return null;
        }
    }

    /** Candidates, most aggressive first. */
    static List<Scenario> candidates(Scenario s) {
        List<Scenario> out = new ArrayList<>(smallerNetworks(s));
        List<Packet> ps = s.packets();
        for (int chunk = Math.max(1, ps.size() / 2); ; chunk /= 2) {
            for (int from = 0; from < ps.size(); from += chunk) {
                List<Packet> fewer = new ArrayList<>(ps.subList(0, from));
                fewer.addAll(ps.subList(Math.min(ps.size(), from + chunk), ps.size()));
                out.add(s.withPackets(fewer));
            }
            if (chunk == 1) {
                break;
            }
        }
        long min = ps.stream().mapToLong(Packet::cycle).min().orElse(0);
        if (min > 0) {
            out.add(s.withPackets(ps.stream().map(p -> new Packet(p.cycle() - min, p.source(), p.destination(), p.size()))
                .toList()));
        }
        out.add(s.withPackets(ps.stream().map(p -> new Packet(p.cycle() / 2, p.source(), p.destination(), p.size()))
            .toList()));
        for (int i = 0; i < ps.size(); i++) {
            if (ps.get(i).cycle() > 0) {
                List<Packet> earlier = new ArrayList<>(ps);
                Packet p = ps.get(i);
                earlier.set(i, new Packet(p.cycle() - 1, p.source(), p.destination(), p.size()));
                out.add(s.withPackets(earlier));
            }
        }
        if (ps.stream().anyMatch(p -> p.size() > 1)) {
            out.add(s.withPackets(ps.stream().map(p -> new Packet(p.cycle(), p.source(), p.destination(), 1)).toList()));
        }
        return out;
    }

    /** The scenario on rings, tori and meshes one router shorter along each dimension in turn. */
    static List<Scenario> smallerNetworks(Scenario s) {
        List<Scenario> out = new ArrayList<>();
        ObjectNode topo = (ObjectNode) s.spec().get("topology");
        String kind = topo.path("kind").asText();
        if (!List.of("ring", "torus", "mesh").contains(kind) || !topo.path("radix").isArray()) {
            return out;
        }
        ArrayNode radix = (ArrayNode) topo.get("radix");
        int terminals = 1;
        for (int d = 0; d < radix.size(); d++) {
            terminals *= radix.get(d).asInt();
        }
        for (int d = 0; d < radix.size(); d++) {
            int k = radix.get(d).asInt();
            if (k <= (kind.equals("ring") ? 3 : 2)) {
                continue;
            }
            ObjectNode spec = s.spec().deepCopy();
            ((ArrayNode) spec.get("topology").get("radix")).set(d, k - 1);
            int left = terminals / k * (k - 1);
            // terminals are mixed-radix router numbers: keep packets whose routers keep their coordinates
            int stride = 1;
            for (int e = 0; e < d; e++) {
                stride *= radix.get(e).asInt();
            }
            int st = stride;
            List<Packet> kept = new ArrayList<>();
            for (Packet p : s.packets()) {
                int a = renumber(p.source(), st, k);
                int b = renumber(p.destination(), st, k);
                if (a >= 0 && b >= 0 && a < left && b < left && a != b) {
                    kept.add(new Packet(p.cycle(), a, b, p.size()));
                }
            }
            out.add(s.withSpec(spec).withPackets(kept));
        }
        return out;
    }

    /** Router {@code r}'s number when dimension of stride {@code stride} shrinks from k to k-1; -1 if it vanishes. */
    private static int renumber(int r, int stride, int k) {
        int low = r % stride;
        int coord = (r / stride) % k;
        int high = r / stride / k;
        if (coord == k - 1) {
            return -1;
        }
        return low + stride * (coord + (k - 1) * high);
    }
}
