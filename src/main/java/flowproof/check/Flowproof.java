package flowproof.check;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.spec.Spec;
import flowproof.spec.SpecBuilder;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.SimulationReader;

/**
 * flowproof as a library: the decision pipeline the command line itself calls. Every method
 * is a pure function of its arguments apart from the counterexample files the options ask
 * for.
 *
 * <pre>{@code
 * Spec spec = Flowproof.read(Path.of("specs/ring4-c2-critical-bubble.yaml"));
 * Decision d = Flowproof.check(spec);
 * if (d.verdict() == Verdict.COUNTEREXAMPLE) {
 *     System.out.print(d.text());          // the shortest trace, drawn
 * }
 * }</pre>
 *
 * The methods:
 * <ul>
 *   <li>{@link #check}: the cheapest sound method. An acyclic channel dependency graph proves
 *       the spec at once when the rule's free slot suffices; otherwise the explorer
 *       enumerates; if it stops at a limit, CP-SAT decides (as {@code prove}).</li>
 *   <li>{@link #explore}: enumeration only.</li>
 *   <li>{@link #prove}: CP-SAT's inductive-invariant proof, or a deadlock configuration
 *       and a guided search that reaches it from the empty network.</li>
 *   <li>{@link #cdg}: the channel dependency graph alone.</li>
 * </ul>
 * And the simulator, running the very same rule and routing objects:
 * <ul>
 *   <li>{@link #simulation}: the spec's {@code simulation} section as a {@link SimConfig}
 *       (change load, cycles, seed or scheme with its {@code with...} methods);</li>
 *   <li>{@link #simulate}: one run, with throughput, latency, deadlock and drain;</li>
 *   <li>{@link #sweep}: one run per offered load.</li>
 * </ul>
 */
public final class Flowproof {

    private Flowproof() {
    }

    /**
     * Reads and validates a spec file.
     *
     * @param file a spec file (YAML)
     * @return the spec
     * @throws SpecException one line naming the file, the field, what was expected and what was found
     */
    public static Spec read(Path file) throws SpecException {
        return SpecReader.read(file);
    }

    /**
     * @param name the spec's name
     * @return a builder for a spec in code, validated like a file
     */
    public static SpecBuilder spec(String name) {
        return SpecBuilder.named(name);
    }

    /**
     * {@link #check(Spec, Options)} with {@link Options#defaults()}.
     *
     * @param spec the spec
     * @return the decision
     */
    public static Decision check(Spec spec) {
        return check(spec, Options.defaults());
    }

    /**
     * Decides a spec by the cheapest sound method: the channel dependency graph, then the
     * explorer, then CP-SAT when the explorer stops at a limit.
     *
     * @param spec    the spec
     * @param options budgets, engine settings and where counterexamples go
     * @return the decision
     * @throws UncheckedIOException when reading or writing fails for a reason other than the
     *     counterexample directory (which is reported by {@link Decision#writeFailure()})
     */
    public static Decision check(Spec spec, Options options) {
        return saved(Portfolio.check(options.method(), null).decide(spec, Budget.check(options)), options.saveTo());
    }

    /**
     * {@link #check(Spec, Options)} with the explorer's full search on the members of
     * {@code cluster} (the partitioned search, docs/cluster.md): the dependency graph, the
     * portfolio's first phase and CP-SAT run in this JVM as without a cluster, so the method,
     * the verdict, the counts and the trace are those of one JVM. A member lost ends the run
     * as incomplete (limit {@code member-lost}), and CP-SAT is then not asked.
     *
     * @param spec    the spec; its tree travels to the other members
     * @param options budgets, engine settings and where counterexamples go, as for one JVM
     * @param cluster the members, joined by this JVM
     * @return the decision
     * @throws IllegalArgumentException when the spec's model is one the partitioned search does
     *         not cover ({@link flowproof.explore.Explorer#partitionable})
     */
    public static Decision check(Spec spec, Options options, flowproof.cluster.Cluster cluster) {
        String why = flowproof.explore.Explorer.partitionable(spec.model());
        if (why != null) {
            throw new IllegalArgumentException("cluster: expected a spec the search on several members covers, found "
                + why);
        }
        return saved(Portfolio.check(options.method(), cluster).decide(spec, Budget.check(options)),
            options.saveTo());
    }

    /**
     * Enumerates every reachable state and checks the spec's properties.
     *
     * @param spec    the spec
     * @param options budgets, engine settings, where counterexamples go, whether to stop at the first violation
     * @return the decision (method {@code exhaustive} or {@code product})
     */
    public static Decision explore(Spec spec, Options options) {
        return saved(Portfolio.explore().decide(spec, Budget.explore(options)), options.saveTo());
    }

    /**
     * Enumerates every reachable state on {@code members} Hazelcast members started inside this
     * JVM (TCP on the loopback interface; docs/cluster.md): the partitioned search, whose states,
     * transitions, depth, stuck and undrainable states, statuses and traces are those of
     * {@link #explore(Spec, Options)} (drainability is decided by the members together). Threads, progress reports and the
     * injection-queue product do not apply.
     *
     * @param spec    the spec
     * @param options budgets, symmetry reduction, where counterexamples go, whether to stop at the first violation
     * @param members how many members, at least 1
     * @return the decision
     * @throws IllegalArgumentException when members is below 1 or the spec's model is one the
     *         partitioned search does not cover ({@link flowproof.explore.Explorer#partitionable})
     * @throws IllegalStateException when the members do not form a cluster
     */
    public static Decision explore(Spec spec, Options options, int members) {
        if (members < 1) {
            throw new IllegalArgumentException("members: expected at least 1, found " + members);
        }
        String why = flowproof.explore.Explorer.partitionable(spec.model());
        if (why != null) {
            throw new IllegalArgumentException("members: expected a spec the search on several members covers, found "
                + why);
        }
        return saved(Portfolio.explore(members).decide(spec, Budget.explore(options)), options.saveTo());
    }

    /**
     * Enumerates every reachable state on the members of {@code cluster} (the partitioned
     * search, as {@link #explore(Spec, Options, int)}; docs/cluster.md): each member builds the
     * model from the spec's tree. A member lost ends the search as incomplete (limit
     * {@code member-lost}).
     *
     * @param spec the spec; its tree travels to the other members
     * @param options the search options, as for one JVM
     * @param cluster the members, joined by this JVM
     * @return the decision, as on one JVM, or incomplete when a member was lost
     * @throws IllegalArgumentException when the spec's model is one the partitioned search does
     *         not cover ({@link flowproof.explore.Explorer#partitionable})
     */
    public static Decision explore(Spec spec, Options options, flowproof.cluster.Cluster cluster) {
        String why = flowproof.explore.Explorer.partitionable(spec.model());
        if (why != null) {
            throw new IllegalArgumentException("cluster: expected a spec the search on several members covers, found "
                + why);
        }
        return saved(Portfolio.explore(cluster).decide(spec, Budget.explore(options)), options.saveTo());
    }

    /**
     * Proves a spec deadlock-free with CP-SAT, or finds a deadlock configuration and tries to
     * reach it from the empty network. Needs OR-tools' native library
     * ({@code flowproof.solve.OrTools.problem()} says why it cannot load), except for specs with
     * message classes, which are answered by the extended dependency graph or a search.
     *
     * @param spec    the spec
     * @param options CP-SAT's limit and workers, the guided search's limits, where a trace goes
     * @return the decision
     * @throws UnsupportedModelException when the spec's model is beyond the CP-SAT encoding
     *     (synchronous steps, wormhole flits) or its rule cannot be tabulated
     */
    public static Decision prove(Spec spec, ProveOptions options) {
        Decision d;
        try {
            d = Portfolio.prove().decide(spec, Budget.prove(options));
        } catch (CpSat.UnsupportedModel e) {
            throw new UnsupportedModelException(e.field, e.getMessage());
        } catch (UnsupportedOperationException e) {
            throw new UnsupportedModelException("rule", e.getMessage());
        }
        return saved(d, options.saveTo());
    }

    /**
     * The spec's simulation section, validated, with its network, the spec's rule and routing,
     * traffic and congestion-control scheme.
     *
     * @param spec a spec with a {@code simulation} section
     * @return the configuration of one run
     * @throws SpecException one line naming the field, when the section is missing or wrong
     */
    public static SimConfig simulation(Spec spec) throws SpecException {
        return SimulationReader.read(spec);
    }

    /**
     * Runs the simulator once: generation, then the network drains (or a deadlock is found).
     *
     * @param config the run
     * @return throughput, latency, deadlock and drain
     */
    public static SimResult simulate(SimConfig config) {
        return simulate(config, null);
    }

    /**
     * As {@link #simulate(SimConfig)}, reporting the cycle reached now and then.
     *
     * @param config   the run
     * @param progress called with the current cycle, or null
     * @return throughput, latency, deadlock and drain
     */
    public static SimResult simulate(SimConfig config, LongConsumer progress) {
        return Engine.of(config).run(progress == null ? c -> { } : progress);
    }

    /**
     * One run per offered load, each {@code config} with its workload at that load (same seed).
     *
     * @param config the run, at any load
     * @param loads  offered loads in flits per node per cycle, each in (0, 1]
     * @return one result per load, in the order given
     * @throws IllegalArgumentException when a load is out of range or the workload takes no load
     */
    public static List<SimResult> sweep(SimConfig config, double... loads) {
        if (!config.workload().takesLoad()) {
            throw new IllegalArgumentException("loads: expected none for " + config.workload().describe()
                + " (its rates are in the spec)");
        }
        List<SimResult> out = new ArrayList<>();
        for (double load : loads) {
            if (!(load > 0 && load <= 1)) {
                throw new IllegalArgumentException("loads: expected loads in (0, 1] flits/node/cycle, found " + load);
            }
            out.add(simulate(config.withWorkload(config.workload().atLoad(load))));
        }
        return out;
    }

    /**
     * The spec's channel dependency graph: Duato's extended graph of the escape VCs for
     * routing with escape VCs, the full graph otherwise.
     *
     * @param spec the spec
     * @return the graph (acyclic or with one shortest cycle)
     */
    public static ChannelDependencyGraph cdg(Spec spec) {
        return GraphStep.cdg(spec);
    }

    /** The decision with its traces saved into {@code dir} (or as it is, when null). */
    private static Decision saved(Decision d, Path dir) {
        try {
            return Counterexamples.save(d, dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
