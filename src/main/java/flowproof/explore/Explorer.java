package flowproof.explore;

import flowproof.explore.distributed.MemberStats;
import flowproof.explore.distributed.Transport;
import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Exhaustive breadth-first exploration of the packet-level model of
 * docs/model.md.
 *
 * <p>States get dense ids in discovery order, so the ids of one BFS level are a
 * contiguous range and the id order is the BFS order: the first violating id found is a
 * violation at the least depth. The trace reported is the one {@link TraceOrder} defines
 * (the least violating state of that depth, the least predecessor, the least move), the
 * same as {@link LevelSearch}'s on any number of threads. No parent links are stored: a
 * trace is rebuilt backwards by scanning the previous level for the least state with a
 * move to the current one (at most one more expansion of the states of smaller depth),
 * which saves four bytes per state.
 *
 * <p>Drainability is decided after the search on the complete state graph, restricted to
 * forward and eject moves: a state drains iff it holds no packet or one of its forward or
 * eject successors drains. With minimal routing those moves strictly shorten the packets'
 * remaining routes, so the graph is acyclic and one iterative depth-first pass with a
 * status byte per state decides every state. If a cycle shows up anyway (a non-minimal
 * routing function, marks that drift), the pass falls back to {@link DrainComponents}: one
 * pass over the strongly connected components.
 *
 * <p>A model with injection queues under interleaving moves is decided, by default, from the
 * same model without them ({@link InjectionQueueProduct}); the direct search runs when that
 * shows a violation (for the shortest trace) or when {@link #injectionProduct} is off.
 */
public final class Explorer {

    private final Model model;
    private final Set<Property> properties;
    /** The search's budgets; its time shrinks to what is left when the injection-queue product defers. */
    private Limits limits;
    private final boolean stopAtFirstViolation;
    private boolean forceFixpoint;
    private int threads = 1;
    private boolean symmetry;
    private SearchProgress progress;
    private long expectedStates;
    private boolean injectionProduct = true;
    private Transport transport;
    private MemberStats memberStats;
    /** Set on the search of a model without injection queues that decides one with them. */
    InjectionQueueProduct.Tally tally;

    public Explorer(Model model, Set<Property> properties, Limits limits, boolean stopAtFirstViolation) {
        this.model = model;
        this.properties = properties.isEmpty() ? EnumSet.noneOf(Property.class) : EnumSet.copyOf(properties);
        this.limits = limits;
        this.stopAtFirstViolation = stopAtFirstViolation;
    }

    /**
     * Expands states on {@code n} threads (level-synchronous BFS, {@link LevelSearch}); the
     * counts, verdicts and trace lengths are those of the sequential search.
     */
    public Explorer threads(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("threads must be at least 1, found " + n);
        }
        this.threads = n;
        return this;
    }

    /**
     * Reduces by the symmetry group the model declares ({@link Symmetry}): stores one state
     * per orbit, counts every state an orbit stands for, keeps traces concrete. The result
     * says which group was used, or why none was.
     */
    public Explorer symmetry(boolean on) {
        this.symmetry = on;
        return this;
    }

    /**
     * Sizes the visited set of the parallel search for this many stored states (orbits under
     * symmetry reduction) from the start, so that it never has to grow (a growing table
     * briefly holds its old and new arrays). A hint: more states still fit, by growing.
     */
    public Explorer expectedStates(long n) {
        this.expectedStates = n;
        return this;
    }

    /**
     * Whether a model with injection queues (interleaving moves) is decided from the same model
     * without them ({@link InjectionQueueProduct}: the default), or by enumerating every content
     * of the injection queues with every network state. The product falls back to the direct
     * search by itself when the property fails, for the shortest trace.
     */
    public Explorer injectionProduct(boolean on) {
        this.injectionProduct = on;
        return this;
    }

    /**
     * Runs this search as one member of a partitioned search ({@link PartitionedSearch}): every
     * member of the transport's cluster runs the same model with the same options, owns a part of
     * the states and returns the same result, whose states, transitions, depth, stuck states,
     * statuses, undrainable counts and traces are those of the single-JVM search (drainability is
     * decided by the members together). A member lost ends it as incomplete (limit "member-lost"). Threads and
     * progress reports are not used; a model it does not cover ({@link #partitionable}) makes
     * {@link #run} throw {@link IllegalArgumentException}.
     */
    public Explorer member(Transport transport) {
        this.transport = transport;
        return this;
    }

    /** What this member sent and waited for in its last {@link #run} as a {@link #member}, or null before. */
    public MemberStats memberStats() {
        return memberStats;
    }

    /** Why the members of a cluster cannot search this model together, or null when they can. */
    public static String partitionable(Model model) {
        return PartitionedSearch.unsupported(model);
    }

    /** Reports the search's progress a few times a second (run on the level-synchronous engine). */
    public Explorer progress(SearchProgress listener) {
        this.progress = listener;
        return this;
    }

    /**
     * The properties checked by default for a rule: deadlock freedom, injectability (no vacuous
     * verdict) and the rule's own invariants.
     */
    public static Set<Property> defaultProperties(FlowControlRule rule) {
        Set<Property> p = EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY, Property.INJECTABILITY);
        for (Property prop : Property.values()) {
            if (prop.invariant() != null && rule.invariants().contains(prop.invariant())) {
                p.add(prop);
            }
        }
        return p;
    }

    /**
     * The status of every property: not checked when not asked for, violated when it has a
     * trace, holds after a complete search; else unknown (drainability: not checked, it
     * needs the complete state space).
     */
    static Map<Property, PropertyStatus> statuses(Set<Property> checked, Set<Property> violated, boolean complete) {
        Map<Property, PropertyStatus> statuses = new EnumMap<>(Property.class);
        for (Property p : Property.values()) {
            if (!checked.contains(p)) {
                statuses.put(p, PropertyStatus.NOT_CHECKED);
            } else if (violated.contains(p)) {
                statuses.put(p, PropertyStatus.VIOLATED);
            } else if (complete) {
                statuses.put(p, PropertyStatus.HOLDS);
            } else {
                statuses.put(p, p == Property.DRAINABILITY ? PropertyStatus.NOT_CHECKED : PropertyStatus.UNKNOWN);
            }
        }
        return statuses;
    }

    /**
     * Decides {@link Property#INJECTABILITY} from the pairs the search's expanders saw inject:
     * holds when every pair did (a witness each, complete search or not); violated after a
     * complete search that left some pair without one (the trace names those pairs); else
     * unknown. Updates {@code statuses} and {@code traces} when the property is checked.
     *
     * @param injected   by traffic index, whether the pair had an inject move in a reached state
     * @param initial    the model's initial state, packed
     */
    static void injectability(Model model, StateLayout layout, Set<Property> checked, boolean[] injected,
                              boolean complete, Map<Property, PropertyStatus> statuses, Map<Property, Trace> traces,
                              long[] initial) {
        if (!checked.contains(Property.INJECTABILITY)) {
            return;
        }
        List<Trace.Pair> starved = starved(model, injected);
        if (starved.isEmpty()) {
            statuses.put(Property.INJECTABILITY, PropertyStatus.HOLDS);
        } else if (complete) {
            statuses.put(Property.INJECTABILITY, PropertyStatus.VIOLATED);
            traces.put(Property.INJECTABILITY, Trace.starved(layout.decode(initial, 0), starved));
        } else {
            statuses.put(Property.INJECTABILITY, PropertyStatus.UNKNOWN);
        }
    }

    /**
     * The traffic pairs that have no inject move in the model's initial state (in traffic
     * order, once each): empty means {@link Property#INJECTABILITY} holds, each pair with a
     * witness in the initial state, without any search. Engines that decide a spec without
     * enumerating (the dependency graph, CP-SAT) establish the property this way first.
     */
    public static List<Trace.Pair> notInjectableInitially(Model model) {
        StateLayout layout = StateLayout.of(model);
        Expander ex = Expander.create(model, layout);
        long[] initial = initialState(model, layout);
        if (model.injectionQueue() > 0) {
            // a packet must be generated into its source's queue first: look one generate move ahead
            ex.load(initial, 0);
            java.util.List<long[]> generated = new ArrayList<>();
            ex.expand((kind, a, b, d, succ) -> {
                if (kind == Expander.GENERATE || kind == Expander.STEP) {
                    generated.add(succ.clone());
                }
            }, true);
            ex.injectWitnessOnly = true;
            for (long[] g : generated) {
                ex.load(g, 0);
                ex.expand((kind, a, b, d, succ) -> { }, true);
            }
        } else {
            ex.injectWitnessOnly = true;
            ex.load(initial, 0);
            ex.expand((kind, a, b, d, succ) -> { }, true);
        }
        return starved(model, ex.injected);
    }

    /** The traffic pairs, in traffic order and once each, that no expander saw inject. */
    static List<Trace.Pair> starved(Model model, boolean[] injected) {
        Set<Trace.Pair> out = new java.util.LinkedHashSet<>();
        for (int i = 0; i < injected.length; i++) {
            if (!injected[i]) {
                out.add(new Trace.Pair(model.traffic().get(i)[0], model.traffic().get(i)[1]));
            }
        }
        return List.copyOf(out);
    }

    /** The verdict of a search that found a violation or not, and finished or not. */
    static Verdict verdict(boolean violated, boolean complete) {
        return violated ? Verdict.COUNTEREXAMPLE : complete ? Verdict.DEADLOCK_FREE : Verdict.INCOMPLETE;
    }

    /** Test hook: decide drainability by the fixpoint even when the graph is acyclic. */
    void forceFixpoint() {
        this.forceFixpoint = true;
    }

    /** The packed initial state: empty queues, the rule's initial marks. */
    static long[] initialState(Model model, StateLayout layout) {
        Network net = model.network();
        int[][] packets = new int[net.queues()][0];
        int[] marks = new int[net.queues()];
        for (int q = 0; q < net.queues(); q++) {
            marks[q] = model.rule().initialMarks(net, q);
        }
        return layout.encode(packets, marks);
    }

    /**
     * Runs the search. Reaching a budget ends it as {@link Verdict#INCOMPLETE}; so does running
     * out of heap where the budgets' estimates fell short (limit "memory", with the counts of
     * what was explored when that can still be reported, else 0 states).
     */
    public ExplorationResult run() {
        long start = System.nanoTime();
        try {
            return runWithin();
        } catch (OutOfMemoryError e) {
            return nothingExplored(model, properties, "memory", StateLayout.of(model), 0, start);
        }
    }

    private ExplorationResult runWithin() {
        if (transport != null) {
            PartitionedSearch search = PartitionedSearch.create(model, properties, limits, stopAtFirstViolation, symmetry,
                transport);
            try {
                return search.run();
            } finally {
                memberStats = new MemberStats(search.remoteSuccessors(), transport.bytesSent(), search.barrierEnterNanos(),
                    search.barrierLeaveNanos());
            }
        }
        if (injectionProduct && model.injectionQueue() > 0 && model.semantics() == Semantics.INTERLEAVING
            && model.wormhole() == null) {
            long start = System.nanoTime();
            Explorer base = new Explorer(model.with(Semantics.INTERLEAVING, 0), properties, limits, stopAtFirstViolation)
                .threads(threads).symmetry(symmetry).expectedStates(expectedStates).progress(progress);
            base.forceFixpoint = forceFixpoint;
            base.tally = new InjectionQueueProduct.Tally(model.network().topology().nodes());
            ExplorationResult product = InjectionQueueProduct.decide(model, base.run(), base.tally, properties, start);
            if (product != null) {
                return product;
            }
            // the direct search, for the shortest trace, within what is left of the time budget
            if (limits.seconds() > 0) {
                double left = limits.seconds() - (System.nanoTime() - start) / 1e9;
                limits = new Limits(limits.states(), Math.max(0.01, left), limits.bytes());
            }
        }
        if (threads > 1 || symmetry || progress != null) {
            LevelSearch search = LevelSearch.create(model, properties, limits, stopAtFirstViolation, threads, symmetry,
                progress, forceFixpoint, expectedStates, tally);
            if (search != null) {
                return search.run();
            }
        }
        ExplorationResult r = runSequential();
        if (symmetry && !model.supportsSymmetry()) {
            // say why the reduction (and the parallel engine) did not run
            r = new ExplorationResult(r.model(), r.verdict(), r.complete(), r.limit(), r.states(), r.transitions(),
                r.depth(), r.seconds(), r.properties(), r.traces(), r.stuckStates(), r.undrainableStates(),
                r.stateWords(), r.stateBits(), r.storedBytes(), r.orbits(), 1,
                "off: synchronous steps, injection queues, drifting marks and endpoint queues are not permuted; sequential engine", 1);
        }
        return r;
    }

    /**
     * The result of a search that stopped at {@code limit} before it stored the empty network:
     * incomplete, 0 states, nothing violated, nothing established.
     */
    static ExplorationResult nothingExplored(Model model, Set<Property> properties, String limit, StateLayout layout,
                                             long storedBytes, long start) {
        Map<Property, PropertyStatus> statuses = statuses(properties, Set.of(), false);
        return new ExplorationResult(model, Verdict.INCOMPLETE, false, limit, 0, 0, 0, (System.nanoTime() - start) / 1e9,
            Collections.unmodifiableMap(statuses), Map.of(), 0, -1, layout.words, layout.bits(), storedBytes);
    }

    /** The result of a search that a limit stopped before it began (an earlier phase used up the time): incomplete, 0 states. */
    public static ExplorationResult notStarted(Model model, Set<Property> properties, String limit) {
        return nothingExplored(model, properties, limit, StateLayout.of(model), 0, System.nanoTime());
    }

    /** The single-threaded search over {@link StateSet}, without symmetry reduction. */
    private ExplorationResult runSequential() {
        long start = System.nanoTime();
        FlowControlRule rule = model.rule();
        StateLayout layout = StateLayout.of(model);
        StateSet set = new StateSet(layout.words, limits.states(), limits.bytes());
        Expander ex = Expander.create(model, layout);
        if (set.add(initialState(model, layout), 0) == StateSet.FULL) {
            // not even the empty network fits the budget: nothing was explored, nothing is established
            return nothingExplored(model, properties, "memory", layout, set.bytes(), start);
        }

        List<Property> invariantProps = new ArrayList<>();
        for (Property p : properties) {
            if (p.invariant() != null) {
                invariantProps.add(p);
            }
        }
        int m = rule.marksPerRing();
        Violations violations = new Violations();

        int[] levels = new int[64];
        int levelCount = 1;
        int levelEnd = 1;
        long[] state = new long[layout.words];
        long deadline = limits.seconds() <= 0 ? Long.MAX_VALUE : start + (long) (limits.seconds() * 1e9);
        BfsSink sink = new BfsSink(set, limits.states(), tally == null ? null : new long[tally.injects.length], deadline);
        long stuck = 0;
        String limit = null;
        int id = 0;
        for (; id < set.size(); id++) {
            if (id == levelEnd) {
                if (levelCount == levels.length) {
                    levels = Arrays.copyOf(levels, levels.length * 2);
                }
                levels[levelCount++] = id;
                levelEnd = set.size();
            }
            if ((id & 1023) == 0 && System.nanoTime() > deadline) {
                limit = "seconds";
                break;
            }
            set.get(id, state, 0);
            ex.load(state, 0);
            try {
                if (tally != null && ex.packets() == 0) {
                    tally.empty.add(new InjectionQueueProduct.Key(state.clone()));
                }
                for (Property p : invariantProps) {
                    if (violations.open(p, levelCount - 1) && !p.invariant().holds(ex, m)) {
                        violations.note(p, id, levelCount - 1, state);
                    }
                }
                ex.expand(sink, true);
                sink.flush();
            } catch (OutOfMemoryError e) {
                // the heap ran out where the budget's estimate fell short: this state is not expanded
                limit = "memory";
                break;
            }
            if (ex.packets() > 0 && ex.drainMoves == 0) {
                stuck++;
                if (properties.contains(Property.STUCK_FREEDOM) && violations.open(Property.STUCK_FREEDOM, levelCount - 1)) {
                    violations.note(Property.STUCK_FREEDOM, id, levelCount - 1, state);
                }
            }
            if (sink.limit != null) {
                limit = sink.limit;
                id++;
                break;
            }
            if (stopAtFirstViolation && !violations.ids.isEmpty() && id + 1 == levelEnd) {
                // the end of the first level with a violation: its least violating state is known, so the
                // trace is the least shortest one, as with the whole search (docs/counterexamples.md)
                limit = "first-violation";
                id++;
                break;
            }
        }
        boolean complete = limit == null;
        int expanded = id;
        if (tally != null) {
            tally.addInjects(sink.injects);
        }
        int depth = levelCount - 1;

        int[] levelStarts = Arrays.copyOf(levels, levelCount);
        long undrainable = -1;
        if (complete && properties.contains(Property.DRAINABILITY) && !drainabilityAffordable(set)) {
            complete = false;
            limit = "memory";
        }
        if (complete && properties.contains(Property.DRAINABILITY)) {
            byte[] status = drainability(set, ex, deadline);
            if (status == null) {
                complete = false;
                limit = "seconds";
            }
            undrainable = status == null ? -1 : 0;
            int level = 0;
            for (int i = 0; status != null && i < status.length; i++) {
                if (status[i] != Drainability.DRAINS) {
                    // ids are in BFS order: the first undrainable id has the least depth; the
                    // least undrainable state of that level is the one TraceOrder picks
                    while (level + 1 < levelStarts.length && levelStarts[level + 1] <= i) {
                        level++;
                    }
                    if (violations.open(Property.DRAINABILITY, level)) {
                        set.get(i, state, 0);
                        violations.note(Property.DRAINABILITY, i, level, state);
                    }
                    undrainable++;
                }
            }
        }

        Map<Property, Trace> traces = new EnumMap<>(Property.class);
        for (Map.Entry<Property, Integer> v : violations.ids.entrySet()) {
            traces.put(v.getKey(), trace(v.getKey(), v.getValue(), set, ex, layout, levelStarts, expanded));
        }
        Map<Property, PropertyStatus> statuses = statuses(properties, traces.keySet(), complete);
        injectability(model, layout, properties, ex.injected, complete, statuses, traces, initialState(model, layout));
        Verdict verdict = verdict(!traces.isEmpty(), complete);
        double seconds = (System.nanoTime() - start) / 1e9;
        return new ExplorationResult(model, verdict, complete, limit, set.size(), sink.transitions, depth, seconds,
            Collections.unmodifiableMap(statuses), Collections.unmodifiableMap(traces), stuck, undrainable,
            layout.words, layout.bits(), set.bytes());
    }

    /**
     * Collects the successors of one state so that they are looked up as a batch (see
     * {@link StateSet#prefetch}): the lookups of different successors do not wait for
     * each other's cache misses.
     */
    abstract static class BatchSink implements Expander.Sink {
        final StateSet set;
        final int w;
        long[] batch;
        int[] slots;
        int count;

        BatchSink(StateSet set) {
            this.set = set;
            this.w = set.words();
            this.batch = new long[64 * w];
            this.slots = new int[64];
        }

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (count == slots.length) {
                batch = Arrays.copyOf(batch, batch.length * 2);
                slots = Arrays.copyOf(slots, slots.length * 2);
            }
            System.arraycopy(succ, 0, batch, count * w, w);
            count++;
        }
    }

    /** Inserts every successor, in the order generated; notes when a limit stops the search. */
    private static final class BfsSink extends BatchSink {
        private final long maxStates;
        /** Inject moves by source, when a product needs them; else null. */
        final long[] injects;
        private final long deadline;
        long transitions;
        String limit;

        BfsSink(StateSet set, long maxStates, long[] injects, long deadline) {
            super(set);
            this.maxStates = maxStates;
            this.injects = injects;
            this.deadline = deadline;
        }

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (limit != null) {
                return;
            }
            if ((transitions & 0xFFFF) == 0xFFFF && System.nanoTime() > deadline) {
                // a state with a huge number of successors (thousands of VCs) must not outlast the time limit
                limit = "seconds";
                return;
            }
            transitions++;
            if (injects != null && kind == Expander.INJECT) {
                injects[a]++;
            }
            super.accept(kind, a, b, destination, succ);
        }

        void flush() {
            set.prefetch(batch, count, slots);
            for (int k = 0; k < count && limit == null; k++) {
                if (set.size() >= maxStates) {
                    if (set.find(batch, k * w) < 0) {
                        limit = "states";
                    }
                } else if (set.add(batch, k * w) == StateSet.FULL) {
                    limit = "memory";
                }
            }
            count = 0;
        }
    }

    /**
     * Whether the drainability pass's arrays (a status byte per state; two ints and a byte
     * more should the drain graph have a cycle) fit the memory budget and the heap.
     */
    private boolean drainabilityAffordable(StateSet set) {
        long extra = 10L * set.size();
        return set.bytes() + extra <= limits.bytes() && Budget.heapAllows(extra);
    }

    /**
     * Drain status of every state: {@link Drainability#DRAINS} or {@link Drainability#STUCK_FOREVER};
     * null when the pass reached the time limit.
     */
    byte[] drainability(StateSet set, Expander ex) {
        return drainability(set, ex, Long.MAX_VALUE);
    }

    private byte[] drainability(StateSet set, Expander ex, long deadline) {
        Drainability.Index index = new Drainability.Index() {
            int[] slots = new int[64];

            @Override
            public long deadline() {
                return deadline;
            }

            @Override
            public int idLimit() {
                return set.size();
            }

            @Override
            public boolean get(int id, long[] dst) {
                set.get(id, dst, 0);
                return true;
            }

            @Override
            public void findAll(long[] batch, int count, int[] ids) {
                if (slots.length < count) {
                    slots = new int[count];
                }
                set.prefetch(batch, count, slots);
                for (int k = 0; k < count; k++) {
                    ids[k] = set.find(batch, k * set.words());
                }
            }
        };
        try {
            return Drainability.decide(index, ex, model.routing().minimal(), forceFixpoint);
        } catch (Drainability.OutOfTime e) {
            return null;
        }
    }

    /**
     * The violation {@link TraceOrder} picks for each property, as the sequential search goes:
     * the least violating state at the least depth seen so far. Only violations are noted, so
     * this costs nothing on states that satisfy every property.
     */
    private static final class Violations {
        final Map<Property, Integer> ids = new EnumMap<>(Property.class);
        final Map<Property, Integer> depths = new EnumMap<>(Property.class);
        final Map<Property, long[]> states = new EnumMap<>(Property.class);

        /** Whether a violation at this depth could still be the one picked (none yet, or one at the same depth). */
        boolean open(Property p, int depth) {
            Integer d = depths.get(p);
            return d == null || d == depth;
        }

        void note(Property p, int id, int depth, long[] state) {
            long[] best = states.get(p);
            if (best == null || TraceOrder.compareStates(state, best) < 0) {
                ids.put(p, id);
                depths.put(p, depth);
                states.put(p, state.clone());
            }
        }
    }

    /** Finds the least step (in {@link TraceOrder}) from the loaded state to a target state. */
    private static final class PredecessorSink implements Expander.Sink {
        long[] target;
        List<Move> move;
        Expander ex;

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (Arrays.equals(succ, target)) {
                List<Move> step = ex.stepMoves(kind, a, b, destination);
                if (move == null || TraceOrder.compareSteps(step, move) < 0) {
                    move = step;
                }
            }
        }
    }

    /**
     * The trace {@link TraceOrder} defines, back from the violating state {@code target}: at
     * each level the least predecessor in the previous level (a state not less than the best so
     * far is not expanded), then the least step from it.
     */
    private Trace trace(Property p, int target, StateSet set, Expander ex, StateLayout layout, int[] levelStarts,
                        int expanded) {
        int level = levelStarts.length - 1;
        while (levelStarts[level] > target) {
            level--;
        }
        List<List<Move>> steps = new ArrayList<>();
        List<Snapshot> states = new ArrayList<>();
        long[] cur = new long[layout.words];
        set.get(target, cur, 0);
        states.add(layout.decode(cur, 0));
        PredecessorSink sink = new PredecessorSink();
        sink.ex = ex;
        long[] pred = new long[layout.words];
        for (; level > 0; level--) {
            sink.target = cur;
            long[] best = null;
            List<Move> bestStep = null;
            int end = Math.min(levelStarts[level], expanded);
            for (int id = levelStarts[level - 1]; id < end; id++) {
                set.get(id, pred, 0);
                if (best != null && TraceOrder.compareStates(pred, best) >= 0) {
                    continue;
                }
                sink.move = null;
                ex.load(pred, 0);
                ex.expand(sink, true);
                if (sink.move != null) {
                    best = pred.clone();
                    bestStep = sink.move;
                }
            }
            if (best == null) {
                throw new IllegalStateException("no predecessor of a state at BFS level " + level);
            }
            steps.add(bestStep);
            cur = best;
            states.add(layout.decode(cur, 0));
        }
        Collections.reverse(steps);
        Collections.reverse(states);
        return Trace.of(p, steps, states, model.semantics() == Semantics.SYNCHRONOUS);
    }
}
