package flowproof.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Level-synchronous breadth-first search on several threads, optionally reduced by the
 * model's symmetry group: the engine behind {@link Explorer} when more than one thread,
 * symmetry reduction or progress reports are asked for. It checks the same model and
 * properties as the sequential search and returns the same counts.
 *
 * <p>The states of one BFS level are kept in per-thread lists of encoded states
 * ({@link CompactCodec}, or {@link DenseCodec} for a small state space); the threads expand the
 * current level block by block and insert the successors into one lock-free visited set (a
 * hash table, {@link ConcurrentStateTable}, or a bit per rank, {@link DenseStateSet}); a state a
 * thread inserts first goes to that thread's list for the next level. A level is finished
 * before the next begins, so every state is found at its BFS depth and traces stay
 * shortest. The level is processed in rounds that can insert at most what the table holds
 * below its load limit; between rounds (no thread running) the table grows, the limits
 * are checked and progress is reported.
 *
 * <p>Under symmetry reduction every successor is replaced by the canonical representative
 * of its orbit ({@link Symmetry#canonicalize}) before the lookup, and every count is
 * weighted by orbit size ({@code |G| / |stabiliser|}, computed exactly per state): states,
 * transitions, stuck and undrainable states are those of the unreduced search. Traces are
 * rebuilt concrete: walking back level by level, a predecessor representative found for the
 * current state's orbit is moved by the group element that maps its successor onto the
 * current concrete state.
 *
 * <p>The trace of a violated property is the one {@link TraceOrder} defines, the same as the
 * sequential search's: the least violating state at the least depth, the least predecessor at
 * every step back, the least move. Under symmetry reduction the stored representative of an
 * orbit is its least state ({@link Symmetry#canonicalize}), so the least violating
 * representative is the least violating state, and the predecessors are chosen among the
 * concrete images of the stored ones: the trace is the one the unreduced search reports, on
 * any number of threads.
 */
final class LevelSearch {

    /**
     * States a thread expands between two looks at the shared limits: 1024, fewer when a
     * state can have many successors, so that a block never inserts more than about 2^16.
     */
    private final int block;

    private final Model model;
    private final Set<Property> properties;
    private final List<Property> invariantProps = new ArrayList<>();
    /** The invariant of each of {@link #invariantProps}, compiled for the network. */
    private final List<CompiledInvariant> invariants = new ArrayList<>();
    private final Limits limits;
    private final boolean stopAtFirstViolation;
    private final int threads;
    private final SearchProgress progress;
    private final boolean forceFixpoint;
    private final StateLayout layout;
    private final StateCodec codec;
    private final Symmetry symmetry;
    private final String symmetryNote;
    /** Asked for: symmetry reduction, and the stored states expected (kept for {@link #again}). */
    private final boolean reduce;
    private final long expectedStates;
    private final int cw;
    private final long maxBranch;
    private final VisitedTable table;
    /** What an injection-queue product needs from this search (null: nothing). */
    private final InjectionQueueProduct.Tally tally;
    private final AtomicLong stored = new AtomicLong();
    private final AtomicLong listBytes = new AtomicLong();
    private final AtomicLong expandedInLevel = new AtomicLong();
    private volatile String stop;
    /**
     * settled[p]: a violation of property p was found at an earlier level, so later ones need
     * not be noted. Written between levels only (no thread running).
     */
    private final boolean[] settled = new boolean[Property.values().length];
    /** States the stored orbits stand for, once the search is over (for the drainability pass's progress). */
    private long totalRepresented;
    private long deadline;
    private long start;

    private LevelSearch(Model model, Set<Property> properties, Limits limits, boolean stopAtFirstViolation, int threads,
                        boolean reduce, SearchProgress progress, boolean forceFixpoint, long expectedStates,
                        StateLayout layout, StateCodec codec, InjectionQueueProduct.Tally tally) {
        this.model = model;
        this.tally = tally;
        this.properties = properties;
        this.limits = limits;
        this.stopAtFirstViolation = stopAtFirstViolation;
        this.threads = threads;
        this.progress = progress;
        this.forceFixpoint = forceFixpoint;
        this.layout = layout;
        this.codec = codec;
        this.cw = codec.words();
        // the group only when it may reduce: nothing relies on what the model declares otherwise
        Symmetry sym = reduce ? Symmetry.of(model, layout) : null;
        if (sym != null && sym.reduces()) {
            sym.checkRule(model); // the rule's declared symmetries, before the search relies on them
        }
        this.symmetryNote = sym != null ? sym.note() : null;
        this.reduce = reduce;
        this.expectedStates = expectedStates;
        this.symmetry = sym != null && sym.reduces() ? sym : null;
        for (Property p : properties) {
            if (p.invariant() != null) {
                invariantProps.add(p);
                invariants.add(new CompiledInvariant(p.invariant(), model.network(), model.rule().marksPerRing()));
            }
        }
        this.maxBranch = Expander.create(model, layout).maxSuccessors();
        this.block = blockFor(maxBranch);
        long initialSlots = Math.max(1 << 12, (long) (2 * threads * block * maxBranch / ConcurrentStateTable.MAX_LOAD));
        initialSlots = Math.max(initialSlots, (long) (expectedStates / 0.75));
        initialSlots = Math.min(initialSlots, (Integer.MAX_VALUE - 16L) / cw);
        // the table is allocated before the first state: one that the budget or the heap does not
        // hold (--expected-states beyond the heap) stops the search before it starts
        if (codec instanceof DenseCodec dense) {
            this.tableFits = true; // create() checked the bitmap against the budget and the heap
            this.table = new DenseStateSet(dense.range());
        } else {
            this.tableFits = 8L * initialSlots * cw <= limits.bytes() && Budget.heapAllows(8L * initialSlots * cw, 96L << 20);
            this.table = new ConcurrentStateTable(cw, tableFits ? (int) initialSlots : 1);
        }
    }

    /** Whether the table's first allocation fitted the budget and the heap (else the search does not start). */
    private final boolean tableFits;

    /** States per block: 1024, fewer when a state can have many successors (about 2^16 per block, at least 16 states). */
    private static int blockFor(long maxBranch) {
        return (int) Math.max(16, Math.min(1024, (1 << 16) / maxBranch));
    }

    /**
     * A search, or null when the model's states do not fit the encoded visited set, or its
     * branching would make the table's first rounds take more than a quarter of the heap
     * (then only the sequential search runs).
     */
    static LevelSearch create(Model model, Set<Property> properties, Limits limits, boolean stopAtFirstViolation,
                              int threads, boolean reduce, SearchProgress progress, boolean forceFixpoint,
                              long expectedStates, InjectionQueueProduct.Tally tally) {
        return create(model, properties, limits, stopAtFirstViolation, threads, reduce, progress, forceFixpoint,
            expectedStates, tally, true);
    }

    /** As above; {@code dense}: whether a small state space may use {@link DenseCodec} and {@link DenseStateSet}. */
    static LevelSearch create(Model model, Set<Property> properties, Limits limits, boolean stopAtFirstViolation,
                              int threads, boolean reduce, SearchProgress progress, boolean forceFixpoint,
                              long expectedStates, InjectionQueueProduct.Tally tally, boolean dense) {
        if (model.semantics() != Semantics.INTERLEAVING || model.messages() != null) {
            // clock-cycle steps and endpoint queues: the sequential engine only
            return null;
        }
        StateLayout layout = StateLayout.of(model);
        // worms: their fields repacked below 2^62 a word; else the mixed-radix digits
        StateCodec codec = layout instanceof WormholeLayout wl ? WormholeCodec.of(wl)
            : CompactCodec.of(layout, model.routing().headers());
        if (codec == null) {
            return null;
        }
        // a round needs table room for every successor of its blocks: with a huge branching
        // factor (all pairs of a 16x16 torus: 65,280 injections per state) and long states that
        // is gigabytes before the first state; the sequential search grows as it goes instead
        long branch = Expander.create(model, layout).maxSuccessors();
        long minBytes = (long) (2.0 * Math.max(1, threads) * blockFor(branch) * branch / ConcurrentStateTable.MAX_LOAD)
            * codec.words() * 8L;
        if (minBytes > Runtime.getRuntime().maxMemory() / 4) {
            return null;
        }
        StateCodec chosen = dense && model.wormhole() == null ? denseCodec(model, layout, limits, expectedStates) : null;
        return new LevelSearch(model, properties, limits, stopAtFirstViolation, Math.max(1, threads), reduce, progress,
            forceFixpoint, expectedStates, layout, chosen != null ? chosen : codec, tally);
    }

    /**
     * The dense codec when the model's ranks are few enough that a bit per rank, and a status
     * byte per rank in the drainability pass, fit a quarter of the budget and the heap; the
     * drain graph is acyclic (minimal routes, marks that do not drift), so that the pass needs
     * nothing more per rank; and the states expected are not more than the ranks (a larger
     * hint sizes a hash table, as asked). Else null.
     */
    private static DenseCodec denseCodec(Model model, StateLayout layout, Limits limits, long expectedStates) {
        if (!model.routing().minimal() || model.rule().marksDrift()) {
            return null;
        }
        DenseCodec dense = DenseCodec.of(layout, model.routing().headers(), model.rule().marksPerRing());
        if (dense == null || expectedStates > dense.range()) {
            return null;
        }
        long bytes = dense.range() / 8 + dense.range();
        return bytes <= limits.bytes() / 4 && Budget.heapAllows(bytes, 96L << 20) ? dense : null;
    }

    /** Why a search stops to start again on {@link CompactCodec}: a state has no rank in the {@link DenseCodec}. */
    private static final String UNRANKED = "unranked";

    private boolean affordable(long extra) {
        return table.bytes() + listBytes.get() + extra <= limits.bytes() && Budget.heapAllows(extra, 96L << 20);
    }

    /** A level list's new chunk, when affordable. */
    private boolean reserve(long bytes) {
        if (!affordable(bytes)) {
            return false;
        }
        listBytes.addAndGet(bytes);
        return true;
    }

    /** One thread's expander, scratch space, next-level list and counts. */
    final class Worker implements Expander.Sink {
        final Expander ex = Expander.create(model, layout);
        final long[] packed = new long[layout.words];
        final long[] canon = new long[layout.words];
        final long[] scratch = new long[layout.words];
        final long[] code = new long[cw];
        final long[] own = new long[cw];
        final long[][] violation = new long[Property.values().length][];
        CodeList next;
        long represented;
        long transitions;
        final long[] injects = new long[model.network().topology().nodes()];
        long stuck;
        long weight;

        /** Encoded successors of the state being expanded, looked up as a batch by {@link #flush}. */
        long[] batch = new long[64 * cw];
        /** Successors seen, for the look at the clock every 2^16 of them. */
        long accepted;
        int[] stabilisers = new int[64];
        int count;
        long warm;

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (stop != null) {
                return;
            }
            if ((++accepted & 0xFFFF) == 0 && System.nanoTime() > deadline) {
                // a state with a huge number of successors must not outlast the time limit
                stop = "seconds";
                return;
            }
            transitions += weight;
            if (kind == Expander.INJECT) {
                injects[a] += weight;
            }
            int fixed = 1;
            long[] s = succ;
            if (symmetry != null) {
                fixed = symmetry.canonicalize(succ, 0, canon, 0, scratch);
                s = canon;
            }
            if (count == stabilisers.length) {
                batch = Arrays.copyOf(batch, batch.length * 2);
                stabilisers = Arrays.copyOf(stabilisers, count * 2);
            }
            if (!codec.encode(s, 0, batch, count * cw)) {
                stop = UNRANKED;
                return;
            }
            stabilisers[count++] = fixed;
        }

        /** Inserts the batch: first touches every home slot, so that the cache misses overlap. */
        void flush() {
            warm += table.touch(batch, count);
            for (int k = 0; k < count; k++) {
                if (stored.get() >= limits.states()) {
                    // as the sequential search: at the limit, a state not seen yet stops the search
                    if (table.find(batch, k * cw) < 0) {
                        stop = "states";
                        break;
                    }
                    continue;
                }
                if (table.insert(batch, k * cw) < 0) {
                    continue;
                }
                if (stored.incrementAndGet() > limits.states()) {
                    // another thread took the last place first: this state is not counted
                    stored.decrementAndGet();
                    stop = "states";
                    break;
                }
                represented += symmetry == null ? 1 : symmetry.order() / stabilisers[k];
                System.arraycopy(batch, k * cw, code, 0, cw);
                if (!next.add(code)) {
                    stop = "memory";
                }
            }
            count = 0;
        }

        void expand(CodeList list, int from, int to) {
            for (int i = from; i < to && stop == null; i++) {
                list.get(i, own);
                codec.decode(own, 0, packed, 0);
                ex.load(packed, 0);
                weight = symmetry == null ? 1 : symmetry.orbitSize(packed, 0, scratch);
                if (tally != null && ex.packets() == 0) {
                    for (int g = 0; g < (symmetry == null ? 1 : symmetry.order()); g++) {
                        long[] image = packed.clone();
                        if (symmetry != null) {
                            symmetry.apply(g, packed, 0, image, 0);
                        }
                        tally.empty.add(new InjectionQueueProduct.Key(image));
                    }
                }
                for (int k = 0; k < invariantProps.size(); k++) {
                    Property p = invariantProps.get(k);
                    // worms: the rule's invariant on its view (a packet slot per VC), as the sequential search
                    if (!settled[p.ordinal()] && !(model.wormhole() != null
                        ? p.invariant().holds(ex, model.rule().marksPerRing()) : invariants.get(k).holds(ex))) {
                        note(p, packed);
                    }
                }
                ex.expand(this, true);
                flush();
                if (ex.packets() > 0 && ex.drainMoves == 0) {
                    stuck += weight;
                    if (properties.contains(Property.STUCK_FREEDOM) && !settled[Property.STUCK_FREEDOM.ordinal()]) {
                        note(Property.STUCK_FREEDOM, packed);
                    }
                }
            }
            expandedInLevel.addAndGet(to - from);
            if (System.nanoTime() > deadline) {
                stop = "seconds";
            }
        }

        /** Keeps the least violating state of this level ({@link TraceOrder}); {@code s} is the packed state. */
        private void note(Property p, long[] s) {
            long[] best = violation[p.ordinal()];
            if (best == null || TraceOrder.compareStates(s, best) < 0) {
                violation[p.ordinal()] = s.clone();
            }
        }
    }

    ExplorationResult run() {
        start = System.nanoTime();
        if (!tableFits) {
            return Explorer.nothingExplored(model, properties, "memory", layout, 0, start);
        }
        deadline = limits.seconds() <= 0 ? Long.MAX_VALUE : start + (long) (limits.seconds() * 1e9);
        Worker[] workers = new Worker[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = new Worker();
        }
        List<CodeList[]> levels = new ArrayList<>();
        long[] init = Explorer.initialState(model, layout);
        long[] code = new long[cw];
        if (!codec.encode(init, 0, code, 0)) {
            return again(start);
        }
        table.insert(code, 0);
        stored.set(1);
        CodeList first = new CodeList(cw, this::reserve);
        if (!first.add(code)) {
            // the empty network's level list does not fit the budget: nothing explored
            return Explorer.nothingExplored(model, properties, "memory", layout, table.bytes(), start);
        }
        levels.add(new CodeList[] {first});
        // property -> the least violating packed state at the least depth (TraceOrder)
        Map<Property, long[]> firstViolation = new EnumMap<>(Property.class);
        Map<Property, Integer> violationDepth = new EnumMap<>(Property.class);
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "flowproof-explorer");
            t.setDaemon(true);
            return t;
        });
        int depth = 0;
        try {
            for (; stop == null; depth++) {
                if (!expandLevel(pool, workers, levels, depth)) {
                    levels.remove(depth);
                    depth--;
                    break;
                }
                noteViolations(workers, firstViolation, violationDepth, depth);
            }
        } finally {
            pool.shutdownNow();
        }
        if (UNRANKED.equals(stop)) {
            return again(start);
        }
        return finish(workers, levels, firstViolation, violationDepth, depth);
    }

    /**
     * The result of a search whose loop ended at {@code reached}: the last level, or, stopped, the
     * level after the one it was expanding. The counts of every worker, drainability when
     * complete, traces and statuses.
     */
    private ExplorationResult finish(Worker[] workers, List<CodeList[]> levels, Map<Property, long[]> firstViolation,
                                     Map<Property, Integer> violationDepth, int reached) {
        // stopped, the loop counted past the level it was expanding
        int depth = stop != null ? reached - 1 : reached;
        long represented = 1;
        for (Worker w : workers) {
            represented += w.represented;
        }
        totalRepresented = represented;
        String limit = stop;
        boolean complete = limit == null;
        long transitions = 0;
        long stuck = 0;
        for (Worker w : workers) {
            transitions += w.transitions;
            stuck += w.stuck;
            if (tally != null) {
                tally.addInjects(w.injects);
            }
        }
        Expander ex = Expander.create(model, layout);
        long undrainable = -1;
        if (complete && properties.contains(Property.DRAINABILITY)) {
            undrainable = drainability(ex, levels, firstViolation, violationDepth);
            if (undrainable < 0) {
                complete = false;
                limit = undrainable == -2 ? "seconds" : "memory";
                undrainable = -1;
            }
        }
        Map<Property, Trace> traces = new EnumMap<>(Property.class);
        for (Map.Entry<Property, long[]> v : firstViolation.entrySet()) {
            if (properties.contains(v.getKey())) {
                traces.put(v.getKey(), trace(v.getKey(), v.getValue(), violationDepth.get(v.getKey()), levels, ex));
            }
        }
        Map<Property, PropertyStatus> statuses = Explorer.statuses(properties, traces.keySet(), complete);
        boolean[] injected = new boolean[model.traffic().size()];
        for (Worker w : workers) {
            for (int i = 0; i < injected.length; i++) {
                injected[i] |= w.ex.injected[i];
            }
        }
        if (symmetry != null) {
            symmetry.closePairs(model, injected);
        }
        Explorer.injectability(model, layout, properties, injected, complete, statuses, traces,
            Explorer.initialState(model, layout));
        Verdict verdict = Explorer.verdict(!traces.isEmpty(), complete);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (progress != null) {
            progress.update(new SearchProgress.Status("done", depth, 0, 0, 0, stored.get(), represented,
                table.bytes() + listBytes.get(), seconds));
        }
        return new ExplorationResult(model, verdict, complete, limit, represented, transitions, Math.max(0, depth),
            seconds, Collections.unmodifiableMap(statuses), Collections.unmodifiableMap(traces), stuck, undrainable,
            layout.words, layout.bits(), table.bytes() + listBytes.get(), stored.get(),
            symmetry == null ? 1 : symmetry.order(), symmetryNote, threads);
    }

    /**
     * Expands level {@code depth} on the pool, in rounds that fit the visited set, into a next
     * level list per worker (added to {@code levels}). Returns false when the level is empty.
     */
    private boolean expandLevel(ExecutorService pool, Worker[] workers, List<CodeList[]> levels, int depth) {
        CodeList[] frontier = levels.get(depth);
        long levelSize = 0;
        List<int[]> blocks = new ArrayList<>();
        for (int s = 0; s < frontier.length; s++) {
            levelSize += frontier[s].size();
            for (int b = 0; b < frontier[s].size(); b += block) {
                blocks.add(new int[] {s, b, Math.min(frontier[s].size(), b + block)});
            }
        }
        if (levelSize == 0) {
            return false;
        }
        CodeList[] next = new CodeList[threads];
        for (int i = 0; i < threads; i++) {
            next[i] = new CodeList(cw, this::reserve);
            workers[i].next = next[i];
        }
        levels.add(next);
        expandedInLevel.set(0);
        AtomicInteger cursor = new AtomicInteger();
        int done = 0;
        while (done < blocks.size() && stop == null) {
            long perBlock = block * maxBranch;
            if (table.room(stored.get()) < threads * perBlock && !grow(threads * perBlock * 4)) {
                stop = "memory";
                break;
            }
            int roundEnd = (int) Math.min(blocks.size(), done + Math.max(1, table.room(stored.get()) / perBlock));
            runRound(pool, workers, frontier, blocks, cursor, roundEnd, depth, levelSize);
            done = roundEnd;
            cursor.set(done);
        }
        return true;
    }

    /**
     * Takes the workers' least violations of level {@code depth} into {@code firstViolation}
     * (the least of the least depth) and settles their properties; stops the search at the
     * first violation when asked to.
     */
    private void noteViolations(Worker[] workers, Map<Property, long[]> firstViolation,
                                Map<Property, Integer> violationDepth, int depth) {
        if (stopAtFirstViolation && stop == null) {
            // at the end of the level, not of a round: the level's least violating state is then known, and
            // the trace is the least shortest one, as with the whole search (docs/counterexamples.md)
            for (Worker w : workers) {
                for (long[] v : w.violation) {
                    if (v != null) {
                        stop = "first-violation";
                    }
                }
            }
        }
        for (Worker w : workers) {
            for (Property p : Property.values()) {
                long[] v = w.violation[p.ordinal()];
                if (v != null && !violationDepth.containsKey(p)
                    && (!firstViolation.containsKey(p) || TraceOrder.compareStates(v, firstViolation.get(p)) < 0)) {
                    firstViolation.put(p, v);
                }
                w.violation[p.ordinal()] = null;
            }
        }
        for (Property p : firstViolation.keySet()) {
            violationDepth.putIfAbsent(p, depth);
            settled[p.ordinal()] = true;
        }
    }

    /**
     * The same search on {@link CompactCodec} and a hash table, within what is left of the time
     * budget: a state met had no rank in the dense codec (a rule that puts more marks on a
     * queue than it has free slots).
     */
    private ExplorationResult again(long started) {
        double left = limits.seconds() <= 0 ? 0 : Math.max(0.01, limits.seconds() - (System.nanoTime() - started) / 1e9);
        LevelSearch compact = create(model, properties, new Limits(limits.states(), left, limits.bytes()),
            stopAtFirstViolation, threads, reduce, progress, forceFixpoint, expectedStates, tally, false);
        return compact.run();
    }

    private void runRound(ExecutorService pool, Worker[] workers, CodeList[] frontier, List<int[]> blocks,
                          AtomicInteger cursor, int roundEnd, int depth, long levelSize) {
        List<Future<?>> futures = new ArrayList<>();
        for (Worker w : workers) {
            futures.add(pool.submit(() -> {
                int b;
                try {
                    while (stop == null && (b = cursor.getAndIncrement()) < roundEnd) {
                        int[] blk = blocks.get(b);
                        w.expand(frontier[blk[0]], blk[1], blk[2]);
                    }
                } catch (OutOfMemoryError e) {
                    // the heap ran out under the budgets' estimates: the search stops as incomplete; the
                    // levels expanded before this one are whole, so the violations noted so far keep their traces
                    stop = "memory";
                }
            }));
        }
        for (Future<?> f : futures) {
            while (true) {
                try {
                    f.get(500, TimeUnit.MILLISECONDS);
                    break;
                } catch (TimeoutException e) {
                    report("search", depth, expandedInLevel.get(), levelSize, workers);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                } catch (ExecutionException e) {
                    throw new IllegalStateException("explorer thread failed: " + e.getCause(), e.getCause());
                }
            }
        }
        report("search", depth, expandedInLevel.get(), levelSize, workers);
    }

    private void report(String phase, int depth, long done, long total, Worker[] workers) {
        if (progress == null) {
            return;
        }
        long queued = 0;
        long represented = 1;
        for (Worker w : workers) {
            queued += w.next == null ? 0 : w.next.size();
            represented += w.represented;
        }
        progress.update(new SearchProgress.Status(phase, depth, done, total, queued, stored.get(), represented,
            table.bytes() + listBytes.get(), (System.nanoTime() - start) / 1e9));
    }

    /** Grows the table so that {@code extra} more states fit below the load limit; false when memory does not allow it. */
    private boolean grow(long extra) {
        long need = (long) ((stored.get() + extra) / ConcurrentStateTable.MAX_LOAD) + 1;
        long slots = Math.max(need, table.slots() + (long) table.slots() / 2);
        slots = Math.min(slots, table.maxSlots());
        if (slots < need || !affordable(8L * slots * cw + table.bytes())) {
            return false;
        }
        table.grow((int) slots);
        return true;
    }

    /** The drainability index over the table: ids are slots, lookups go through the canonical form. */
    private Drainability.Index index() {
        return new Drainability.Index() {
            final long[] code = new long[cw];
            final long[] canon = new long[layout.words];
            final long[] scratch = new long[layout.words];
            final long[] one = new long[layout.words];

            @Override
            public long deadline() {
                return deadline;
            }


            @Override
            public int idLimit() {
                return table.slots();
            }

            @Override
            public boolean get(int id, long[] dst) {
                if (!table.occupied(id)) {
                    return false;
                }
                table.get(id, code, 0);
                codec.decode(code, 0, dst, 0);
                return true;
            }

            long[] codes = new long[64 * cw];
            long warm;

            @Override
            public void findAll(long[] batch, int count, int[] ids) {
                if (codes.length < count * cw) {
                    codes = new long[count * cw];
                }
                for (int k = 0; k < count; k++) {
                    System.arraycopy(batch, k * layout.words, one, 0, layout.words);
                    long[] s = one;
                    if (symmetry != null) {
                        symmetry.canonicalize(one, 0, canon, 0, scratch);
                        s = canon;
                    }
                    if (!codec.encode(s, 0, codes, k * cw)) {
                        throw new IllegalStateException("a successor of a reachable state has no code");
                    }
                }
                warm += table.touch(codes, count);
                for (int k = 0; k < count; k++) {
                    ids[k] = table.find(codes, k * cw);
                }
            }
        };
    }

    /**
     * Decides drainability; returns the undrainable states (weighted by orbit size), -1
     * when memory does not allow the pass, -2 when it reached the time limit. Notes the least-depth undrainable state.
     */
    private long drainability(Expander ex, List<CodeList[]> levels, Map<Property, long[]> firstViolation,
                              Map<Property, Integer> violationDepth) {
        // a status byte per id; with the dense set (minimal routes, so the drain graph is acyclic and
        // the components' arrays are never needed) nothing more, else room for them too
        if (!affordable((codec instanceof DenseCodec ? 1L : 10L) * table.slots())) {
            return -1;
        }
        Drainability.Index index = index();
        long[] last = {0};
        byte[] status;
        try {
            status = Drainability.decide(index, ex, model.routing().minimal(), forceFixpoint, done -> {
                long now = System.nanoTime();
                if (progress != null && now - last[0] > 400_000_000L) {
                    last[0] = now;
                    progress.update(new SearchProgress.Status("drainability", -1, done, table.slots(), 0, stored.get(),
                        totalRepresented, table.bytes() + listBytes.get(), (now - start) / 1e9));
                }
            });
        } catch (Drainability.OutOfTime e) {
            return -2;
        }
        long undrainable = 0;
        long[] packed = new long[layout.words];
        long[] scratch = new long[layout.words];
        for (int id = 0; id < status.length; id++) {
            if (status[id] == Drainability.STUCK_FOREVER) {
                index.get(id, packed);
                undrainable += symmetry == null ? 1 : symmetry.orbitSize(packed, 0, scratch);
            }
        }
        if (undrainable == 0) {
            return 0;
        }
        long[] code = new long[cw];
        for (int d = 0; d < levels.size(); d++) {
            long[] best = null;
            for (CodeList list : levels.get(d)) {
                for (int i = 0; i < list.size(); i++) {
                    list.get(i, code);
                    int id = table.find(code, 0);
                    if (status[id] == Drainability.STUCK_FOREVER) {
                        codec.decode(code, 0, packed, 0);
                        if (best == null || TraceOrder.compareStates(packed, best) < 0) {
                            best = packed.clone();
                        }
                    }
                }
            }
            if (best != null) {
                firstViolation.put(Property.DRAINABILITY, best);
                violationDepth.put(Property.DRAINABILITY, d);
                break;
            }
        }
        return undrainable;
    }

    /**
     * While a representative of the previous level is expanded: the least concrete image of it
     * ({@link TraceOrder}) that has the state {@code target} as a successor. Without symmetry
     * reduction that is the representative itself when one of its successors equals the target;
     * with it, every successor in the target's orbit and every group element that maps that
     * successor onto the target give an image of the representative that precedes the target.
     */
    static final class PredecessorSink implements Expander.Sink {
        private final Symmetry symmetry;
        final long[] canon;
        final long[] scratch;
        final long[] image;
        final long[] imagePred;
        long[] target;
        long[] canonTarget;
        /** The representative being expanded. */
        long[] pred;
        /** The least predecessor found so far, or null. */
        long[] best;

        /** With {@code symmetry} null when the search does not reduce. */
        PredecessorSink(StateLayout layout, Symmetry symmetry) {
            this.symmetry = symmetry;
            this.canon = new long[layout.words];
            this.scratch = new long[layout.words];
            this.image = new long[layout.words];
            this.imagePred = new long[layout.words];
        }

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (symmetry == null) {
                if (Arrays.equals(succ, target)) {
                    offer(pred);
                }
                return;
            }
            symmetry.canonicalize(succ, 0, canon, 0, scratch);
            if (!Arrays.equals(canon, canonTarget)) {
                return;
            }
            for (int g = 0; g < symmetry.order(); g++) {
                symmetry.apply(g, succ, 0, image, 0);
                if (Arrays.equals(image, target)) {
                    symmetry.apply(g, pred, 0, imagePred, 0);
                    offer(imagePred);
                }
            }
        }

        private void offer(long[] p) {
            if (best == null || TraceOrder.compareStates(p, best) < 0) {
                best = p.clone();
            }
        }
    }

    /** Collects the least move (in {@link TraceOrder}) from the loaded state to {@code target}. */
    static final class MoveSink implements Expander.Sink {
        private final Model model;
        long[] target;
        Move move;

        MoveSink(Model model) {
            this.model = model;
        }

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (Arrays.equals(succ, target)) {
                Move m = Expander.move(kind, a, b, destination, model.network());
                if (move == null || m.compareTo(move) < 0) {
                    move = m;
                }
            }
        }
    }

    private Trace trace(Property p, long[] target, int depth, List<CodeList[]> levels, Expander ex) {
        return LevelTrace.rebuild(p, target, depth, model, layout, codec, symmetry, ex, levels, best -> best);
    }
}
