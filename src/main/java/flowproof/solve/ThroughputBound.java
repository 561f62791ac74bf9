package flowproof.solve;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ideal saturation throughput of a network under a traffic pattern and a routing
 * function: the largest injection rate theta (flits per terminal per cycle) at which every
 * channel carries at most one flit per cycle, every terminal injects at most
 * {@code injectionPorts} and ejects at most {@code ejectionPorts} flits per cycle. It is
 * the physical limit the simulator's curves are measured against.
 *
 * <p>Deterministic routing (one candidate channel, one route choice): every flow loads the
 * channels of its route, and theta is one over the busiest load (method {@code direct}).
 * Adaptive routing (minimal adaptive with escape channels) and source-chosen routes
 * (UGAL's minimal and Valiant routes): a multicommodity-flow linear program solved with
 * GLOP (method {@code lp}). Its commodities are packet headers (a destination, or UGAL's
 * destination and intermediate); its flow nodes are (channel, header) pairs, so a flow
 * may split at every router over exactly the candidates the routing function offers there
 * (every VC shares its channel's bandwidth), and at the source over every route the
 * function may choose. The LP's optimum is the best any selection policy can do.
 */
public final class ThroughputBound {

    /**
     * @param bound       theta, flits per terminal per cycle (at most the injection limit)
     * @param method      {@code direct} or {@code lp}
     * @param bottlenecks what limits theta: channel names (binding capacity constraints with a
     *                    positive dual value in the LP; the busiest channels in the direct
     *                    method), {@code injection} or {@code ejection at NODE}
     * @param saturated   channels fully used at theta (in the LP: in the optimum found)
     * @param maxLoad     the busiest channel's load per unit of theta (direct method), or 1/theta
     */
    public record Result(double bound, String method, List<String> bottlenecks, List<String> saturated,
                         double maxLoad, int variables, int constraints, double seconds) {
    }

    private static final double EPS = 1e-7;
    /** Beyond this the LP takes GLOP minutes or more on this machine; the command says so instead. */
    static final int MAX_VARIABLES = 500_000;

    private ThroughputBound() {
    }

    /** The flow LP would exceed {@link #MAX_VARIABLES}. */
    public static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }

    /**
     * @param rates          rates[s][d]: the fraction of terminal s's traffic that goes to terminal d
     *                       (each row sums to 1, or 0 for a silent terminal); terminals are
     *                       numbered {@code endpoint index * concentration + i}
     * @param injectionPorts injection channels per terminal
     * @param ejectionPorts  ejection channels per terminal
     */
    public static Result of(Topology topo, RoutingFunction routing, double[][] rates, int injectionPorts,
                            int ejectionPorts) {
        return of(topo, routing, rates, injectionPorts, ejectionPorts, false);
    }

    /** @param forceLp solve the LP even for deterministic routing (tests compare it with the direct loads) */
    static Result of(Topology topo, RoutingFunction routing, double[][] rates, int injectionPorts,
                     int ejectionPorts, boolean forceLp) {
        long start = System.nanoTime();
        int c = topo.concentration();
        int[] endpoints = topo.endpoints();
        int terminals = endpoints.length * c;
        double[][] flow = new double[topo.nodes()][topo.nodes()];
        double[] eject = new double[terminals];
        double inject = 0;
        for (int s = 0; s < terminals; s++) {
            double row = 0;
            for (int d = 0; d < terminals; d++) {
                row += rates[s][d];
                eject[d] += rates[s][d];
                int a = endpoints[s / c];
                int b = endpoints[d / c];
                if (a != b) {
                    flow[a][b] += rates[s][d];
                }
            }
            inject = Math.max(inject, row);
        }
        double ejectMax = 0;
        int ejectAt = -1;
        for (int d = 0; d < terminals; d++) {
            if (eject[d] > ejectMax + EPS) {
                ejectMax = eject[d];
                ejectAt = d;
            }
        }
        boolean deterministic = routing.maxCandidates() == 1 && routing.maxInjectHeaders() <= 1 && !routing.hasEscape();
        Result r = deterministic && !forceLp ? direct(topo, routing, flow) : lp(topo, routing, flow);
        // The terminal limits, against the network's.
        double injLimit = inject == 0 ? Double.POSITIVE_INFINITY : injectionPorts / inject;
        double ejLimit = ejectMax == 0 ? Double.POSITIVE_INFINITY : ejectionPorts / ejectMax;
        double bound = Math.min(r.bound(), Math.min(injLimit, ejLimit));
        List<String> why = new ArrayList<>();
        if (r.bound() <= bound + EPS) {
            why.addAll(r.bottlenecks());
        }
        if (ejLimit <= bound + EPS) {
            why.add("ejection at terminal " + ejectAt + " (router " + topo.nodeName(endpoints[ejectAt / c]) + ")");
        }
        if (injLimit <= bound + EPS) {
            why.add("injection");
        }
        List<String> saturated = r.bound() <= bound + EPS ? r.saturated() : List.of();
        return new Result(bound, r.method(), why, saturated, r.maxLoad(), r.variables(), r.constraints(),
            (System.nanoTime() - start) / 1e9);
    }

    private static Result direct(Topology topo, RoutingFunction routing, double[][] flow) {
        double[] load = new double[topo.channels()];
        int[] out = new int[Math.max(1, routing.maxCandidates())];
        int[] hdr = new int[Math.max(1, routing.maxInjectHeaders())];
        for (int s = 0; s < flow.length; s++) {
            for (int d = 0; d < flow.length; d++) {
                if (flow[s][d] == 0) {
                    continue;
                }
                routing.injectHeaders(s, d, hdr);
                int header = hdr[0];
                int node = s;
                int in = -1;
                for (int hops = 0; routing.exitNode(header) != node; hops++) {
                    if (hops > topo.channels() || routing.candidates(node, in, header, out) != 1) {
                        throw new IllegalStateException("route from " + topo.nodeName(s) + " to " + topo.nodeName(d)
                            + " is not deterministic or does not arrive");
                    }
                    load[out[0]] += flow[s][d];
                    header = routing.afterHop(header, out[0]);
                    node = topo.target(out[0]);
                    in = out[0];
                }
            }
        }
        double max = 0;
        for (double l : load) {
            max = Math.max(max, l);
        }
        List<String> busiest = new ArrayList<>();
        for (int ch = 0; ch < load.length; ch++) {
            if (max > 0 && load[ch] >= max - EPS) {
                busiest.add(topo.channelName(ch));
            }
        }
        return new Result(max == 0 ? Double.POSITIVE_INFINITY : 1 / max, "direct", busiest, busiest, max, 0, 0, 0);
    }

    /** Flow nodes: (channel, header) pairs and (source, header) injections, numbered as discovered. */
    private static Result lp(Topology topo, RoutingFunction routing, double[][] flow) {
        String problem = OrTools.problem();
        if (problem != null) {
            throw new IllegalStateException(problem);
        }
        MPSolver solver = MPSolver.createSolver("GLOP");
        MPVariable theta = solver.makeNumVar(0, MPSolver.infinity(), "theta");
        int headers = routing.headers();
        int nodes = topo.nodes();
        // Flow node ids: channel * headers + header for (channel, header); channels*headers + node*headers + header for injections.
        long injBase = (long) topo.channels() * headers;
        Map<Long, MPConstraint> balance = new HashMap<>();
        MPConstraint[] capacity = new MPConstraint[topo.channels()];
        for (int ch = 0; ch < capacity.length; ch++) {
            capacity[ch] = solver.makeConstraint(-MPSolver.infinity(), 1, "cap" + ch);
        }
        List<List<MPVariable>> onChannel = new ArrayList<>();
        for (int ch = 0; ch < capacity.length; ch++) {
            onChannel.add(new ArrayList<>());
        }
        int[] hdr = new int[Math.max(1, routing.maxInjectHeaders())];
        int[] out = new int[Math.max(1, routing.maxCandidates())];
        java.util.ArrayDeque<Long> work = new java.util.ArrayDeque<>();
        int vars = 1;
        for (int s = 0; s < nodes; s++) {
            for (int d = 0; d < nodes; d++) {
                if (flow[s][d] == 0) {
                    continue;
                }
                // sum over route choices x = theta * flow[s][d]
                MPConstraint demand = solver.makeConstraint(0, 0, "demand" + s + "_" + d);
                demand.setCoefficient(theta, -flow[s][d]);
                int n = routing.injectHeaders(s, d, hdr);
                for (int i = 0; i < n; i++) {
                    MPVariable x = solver.makeNumVar(0, MPSolver.infinity(), "x" + s + "_" + d + "_" + hdr[i]);
                    vars++;
                    demand.setCoefficient(x, 1);
                    long id = injBase + (long) s * headers + hdr[i];
                    MPConstraint bal = balance.get(id);
                    if (bal == null) {
                        bal = solver.makeConstraint(0, 0, "bal" + id);
                        balance.put(id, bal);
                        work.add(id);
                    }
                    bal.setCoefficient(x, 1);
                }
            }
        }
        while (!work.isEmpty()) {
            long id = work.poll();
            int node;
            int in;
            int header = (int) (id % headers);
            if (id >= injBase) {
                node = (int) ((id - injBase) / headers);
                in = -1;
            } else {
                in = (int) (id / headers);
                node = topo.target(in);
                if (routing.exitNode(header) == node) {
                    continue;
                }
            }
            MPConstraint bal = balance.get(id);
            java.util.Set<Integer> cands = new java.util.LinkedHashSet<>();
            int n = routing.candidates(node, in, header, out);
            for (int i = 0; i < n; i++) {
                cands.add(out[i]);
            }
            if (routing.hasEscape()) {
                n = routing.escapeCandidates(node, in, header, out);
                for (int i = 0; i < n; i++) {
                    cands.add(out[i]);
                }
            }
            if (cands.isEmpty()) {
                throw new IllegalStateException("routing " + routing.name() + " offers no channel at " + topo.nodeName(node));
            }
            for (int ch : cands) {
                int after = routing.afterHop(header, ch);
                long next = (long) ch * headers + after;
                MPVariable e = solver.makeNumVar(0, MPSolver.infinity(), "");
                if (++vars > MAX_VARIABLES) {
                    throw new TooLarge("the flow LP of " + topo.describe() + " with " + routing.name()
                        + " needs more than " + String.format("%,d", MAX_VARIABLES) + " variables; no bound computed");
                }
                bal.setCoefficient(e, -1);
                MPConstraint nb = balance.get(next);
                if (nb == null) {
                    nb = solver.makeConstraint(0, 0, "");
                    balance.put(next, nb);
                    work.add(next);
                }
                nb.setCoefficient(e, 1);
                capacity[ch].setCoefficient(e, 1);
                onChannel.get(ch).add(e);
            }
        }
        // (channel, header) nodes where packets exit: inflow leaves the network, no balance needed.
        for (Map.Entry<Long, MPConstraint> e : balance.entrySet()) {
            long id = e.getKey();
            if (id < injBase && routing.exitNode((int) (id % headers)) == topo.target((int) (id / headers))) {
                e.getValue().setBounds(0, MPSolver.infinity());
            }
        }
        MPObjective obj = solver.objective();
        obj.setCoefficient(theta, 1);
        obj.setMaximization();
        MPSolver.ResultStatus st = solver.solve();
        if (st != MPSolver.ResultStatus.OPTIMAL) {
            throw new IllegalStateException("GLOP did not find the optimum of the flow LP: " + st);
        }
        double t = theta.solutionValue();
        List<String> binding = new ArrayList<>();
        List<String> saturated = new ArrayList<>();
        for (int ch = 0; ch < capacity.length; ch++) {
            double act = capacity[ch].dualValue();
            if (Math.abs(act) > EPS) {
                binding.add(topo.channelName(ch));
            }
        }
        for (int ch = 0; ch < capacity.length; ch++) {
            double load = 0;
            for (MPVariable v : onChannel.get(ch)) {
                load += v.solutionValue();
            }
            if (load >= 1 - 1e-6) {
                saturated.add(topo.channelName(ch));
            }
        }
        int cons = solver.numConstraints();
        solver.delete();
        return new Result(t, "lp", binding, saturated, t == 0 ? Double.POSITIVE_INFINITY : 1 / t, vars, cons, 0);
    }

}
