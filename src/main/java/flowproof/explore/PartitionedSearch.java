package flowproof.explore;

import flowproof.explore.distributed.MemberLostException;
import flowproof.explore.distributed.Transport;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One member's part of a level-synchronous breadth-first search partitioned over the members of
 * a cluster ({@link Explorer#member}). Every member runs this same search over the same model;
 * together they find the states, transitions, depth, stuck states and traces of the
 * single-JVM search.
 *
 * <p>Each state (the canonical representative of its orbit under symmetry reduction, encoded by
 * {@link CompactCodec}) is owned by one member, chosen by the low half of its hash (the visited
 * set indexes by the high half). A member keeps the states it owns in its own
 * {@link ConcurrentStateTable} and its own list per BFS level, expands the states of the
 * current level it owns, inserts the successors it owns at once and sends the others to their
 * owners in batches of {@value #BATCH_STATES} encoded states. A receiver acknowledges each batch
 * it has inserted; a sender keeps at most {@value #WINDOW} batches unacknowledged per member
 * (reading its own inbox while it waits), so what is in flight stays bounded and no two members
 * wait on each other.
 *
 * <p>A level ends at a barrier in two rounds: every member tells every other how many batches it
 * sent it in this level ({@code DONE}) and waits until it has inserted that many from each; then
 * every member sends its counts for the level, its stop reason if any and its least violation
 * of each property ({@code STATS}) to every other. Each member combines the same numbers in the
 * same order, so all of them take the same decisions: stop at a limit, note the least violating
 * state of the least depth ({@link TraceOrder}), or end when a level added nothing. Messages are
 * tagged with their kind and level and counted, so the transport may deliver them in any order.
 *
 * <p>Traces are rebuilt as {@link LevelSearch} rebuilds them, with the members in step: at each
 * level back every member looks for the least predecessor among the states it owns, the members
 * exchange what they found, and all take the least. The trace is the one of the single-JVM search.
 *
 * <p>Drainability is not distributed: when asked for, it stays {@link PropertyStatus#NOT_CHECKED}
 * and a search that found no violation ends with {@link Verdict#INCOMPLETE} (limit
 * {@code "drainability"}), never deadlock-free. A member lost ends the search as incomplete (limit
 * {@code "member-lost"}) with the counts of the last finished level and no trace.
 */
final class PartitionedSearch {

    static final int BATCH = 1;
    static final int ACK = 2;
    static final int DONE = 3;
    static final int STATS = 4;
    static final int PRED = 5;
    static final int END = 6;

    /** Encoded states per batch sent to another member. */
    static final int BATCH_STATES = 4096;
    /** Batches sent to one member and not acknowledged yet, at most. */
    static final int WINDOW = 8;

    private static final String[] STOPS = {null, "states", "seconds", "memory"};

    private final Model model;
    private final Set<Property> properties;
    private final List<Property> invariantProps = new ArrayList<>();
    private final Limits limits;
    private final boolean stopAtFirstViolation;
    private final Transport transport;
    private final int n;
    private final int self;
    private final StateLayout layout;
    private final CompactCodec codec;
    private final int cw;
    private final Symmetry symmetry;
    private final String symmetryNote;
    private final ConcurrentStateTable table;
    private final Expander ex;
    private final boolean[] settled = new boolean[Property.values().length];
    private final long[] packedScratch;
    private final long[] orbitScratch;

    // this member's counts
    private long stored;
    private long listBytes;
    private long levelStored;
    private long levelRepresented;
    private long levelTransitions;
    private long levelStuck;
    private final long[][] violation = new long[Property.values().length][];
    /** 0, or the index in {@link #STOPS} of the limit that stopped this member in this level. */
    private int stop;

    // the protocol's state
    /** The level being expanded: batches of this level are inserted, later ones wait in {@link #pendingBatches}. */
    private int level;
    private CodeList next;
    private final long[][] out;
    private final int[] outCount;
    private final int[] sent;
    private final int[] received;
    private final int[] inFlight;
    private final ArrayDeque<Transport.Message> pendingBatches = new ArrayDeque<>();
    private final Map<Long, Transport.Message> controls = new HashMap<>();
    private int sequence;
    private long remoteSuccessors;
    private long barrierNanos;
    private int barriers;

    private long deadline;
    private long start;

    private PartitionedSearch(Model model, Set<Property> properties, Limits limits, boolean stopAtFirstViolation,
                              boolean reduce, Transport transport, StateLayout layout, CompactCodec codec) {
        this.model = model;
        this.properties = properties;
        this.limits = limits;
        this.stopAtFirstViolation = stopAtFirstViolation;
        this.transport = transport;
        this.n = transport.members();
        this.self = transport.self();
        this.layout = layout;
        this.codec = codec;
        this.cw = codec.words;
        Symmetry sym = reduce ? Symmetry.of(model, layout) : null;
        if (sym != null && sym.reduces()) {
            sym.checkRule(model);
        }
        this.symmetryNote = sym != null ? sym.note() : null;
        this.symmetry = sym != null && sym.reduces() ? sym : null;
        for (Property p : properties) {
            if (p.invariant() != null) {
                invariantProps.add(p);
            }
        }
        this.table = new ConcurrentStateTable(cw, 1 << 12);
        this.ex = new Expander(model, layout);
        this.packedScratch = new long[layout.words];
        this.orbitScratch = new long[layout.words];
        this.out = new long[n][BATCH_STATES * cw];
        this.outCount = new int[n];
        this.sent = new int[n];
        this.received = new int[n];
        this.inFlight = new int[n];
    }

    /**
     * Why a model cannot be searched by members, or null when it can: the partitioned search
     * covers what {@link LevelSearch} covers (interleaving moves, no wormhole flits, no endpoint
     * queues, states the compact codec encodes), without injection queues.
     */
    static String unsupported(Model model) {
        if (model.semantics() != Semantics.INTERLEAVING) {
            return "synchronous steps";
        }
        if (model.wormhole() != null) {
            return "wormhole flits";
        }
        if (model.messages() != null) {
            return "message classes (endpoint queues)";
        }
        if (model.injectionQueue() > 0) {
            return "injection queues";
        }
        if (CompactCodec.of(StateLayout.of(model), model.routing().headers()) == null) {
            return "states too wide for the compact encoding";
        }
        return null;
    }

    static PartitionedSearch create(Model model, Set<Property> properties, Limits limits, boolean stopAtFirstViolation,
                                    boolean reduce, Transport transport) {
        String why = unsupported(model);
        if (why != null) {
            throw new IllegalArgumentException("the search on several members does not cover " + why
                + " yet; run it on one member");
        }
        StateLayout layout = StateLayout.of(model);
        return new PartitionedSearch(model, properties, limits, stopAtFirstViolation, reduce, transport, layout,
            CompactCodec.of(layout, model.routing().headers()));
    }

    /** The member that owns an encoded state: by the low half of its hash. */
    static int owner(long[] code, int off, int w, int members) {
        long h = ConcurrentStateTable.hash(code, off, w);
        return (int) (((h & 0xFFFFFFFFL) * members) >>> 32);
    }

    /** Append-only list of encoded states in chunks. */
    private final class CodeList {
        private static final int CHUNK_STATES = 1 << 14;
        private long[][] chunks = new long[4][];
        private int size;

        boolean add(long[] code, int off) {
            int c = size / CHUNK_STATES;
            if (size % CHUNK_STATES == 0) {
                long bytes = 8L * CHUNK_STATES * cw;
                if (!affordable(bytes)) {
                    return false;
                }
                if (c == chunks.length) {
                    chunks = Arrays.copyOf(chunks, c * 2);
                }
                chunks[c] = new long[CHUNK_STATES * cw];
                listBytes += bytes;
            }
            System.arraycopy(code, off, chunks[c], (size % CHUNK_STATES) * cw, cw);
            size++;
            return true;
        }

        void get(int i, long[] dst) {
            System.arraycopy(chunks[i / CHUNK_STATES], (i % CHUNK_STATES) * cw, dst, 0, cw);
        }
    }

    private boolean affordable(long extra) {
        return table.bytes() + listBytes + extra <= limits.bytes() && Budget.heapAllows(extra, 96L << 20);
    }

    /** Successors of the state being expanded: counted, canonicalized, encoded, inserted or queued for their owner. */
    private final class Sink implements Expander.Sink {
        final long[] canon = new long[layout.words];
        final long[] scratch = new long[layout.words];
        final long[] code = new long[cw];
        long weight;
        long accepted;

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (stop != 0) {
                return;
            }
            if ((++accepted & 0xFFFF) == 0 && System.nanoTime() > deadline) {
                stop = 2;
                return;
            }
            levelTransitions += weight;
            int fixed = 1;
            long[] s = succ;
            if (symmetry != null) {
                fixed = symmetry.canonicalize(succ, 0, canon, 0, scratch);
                s = canon;
            }
            codec.encode(s, 0, code, 0);
            int to = n == 1 ? 0 : owner(code, 0, cw, n);
            if (to == self) {
                insert(code, 0, symmetry == null ? 1 : symmetry.order() / fixed);
                return;
            }
            remoteSuccessors++;
            System.arraycopy(code, 0, out[to], outCount[to] * cw, cw);
            if (++outCount[to] == BATCH_STATES) {
                flush(to);
            }
        }
    }

    /** Inserts an encoded state this member owns into its table and the next level's list; {@code weight}: its orbit size, or -1 to compute it. */
    private void insert(long[] code, int off, long weight) {
        if (stop != 0) {
            return;
        }
        if (table.room(stored) < 1 && !grow()) {
            stop = 3;
            return;
        }
        if (table.insert(code, off) < 0) {
            return;
        }
        if (stored >= limits.states()) {
            stop = 1; // this member alone holds the limit: the state is not counted
            return;
        }
        stored++;
        levelStored++;
        if (weight < 0) {
            codec.decode(code, off, packedScratch, 0);
            weight = symmetry == null ? 1 : symmetry.orbitSize(packedScratch, 0, orbitScratch);
        }
        levelRepresented += weight;
        if (!next.add(code, off)) {
            stop = 3;
        }
    }


    private boolean grow() {
        long need = (long) ((stored + 1) / ConcurrentStateTable.MAX_LOAD) + 1;
        long slots = Math.max(need, 2L * table.slots());
        slots = Math.min(slots, table.maxSlots());
        if (slots < need || !affordable(8L * slots * cw)) {
            return false;
        }
        table.grow((int) slots);
        return true;
    }

    private void flush(int to) {
        if (outCount[to] == 0) {
            return;
        }
        while (inFlight[to] >= WINDOW) {
            Transport.Message m = transport.receive(50);
            if (m != null) {
                handle(m);
            }
        }
        transport.send(to, BATCH, level, out[to], outCount[to] * cw);
        outCount[to] = 0;
        sent[to]++;
        inFlight[to]++;
    }

    private static long key(int kind, int level, int from) {
        return ((long) kind << 56) | ((long) level << 20) | from;
    }

    private void handle(Transport.Message m) {
        switch (m.kind()) {
            case BATCH -> {
                if (m.level() > level) {
                    pendingBatches.add(m);
                } else {
                    insertBatch(m);
                }
            }
            case ACK -> inFlight[m.from()]--;
            default -> controls.put(key(m.kind(), m.level(), m.from()), m);
        }
    }

    private void insertBatch(Transport.Message m) {
        long[] w = m.words();
        for (int off = 0; off < w.length; off += cw) {
            insert(w, off, -1);
        }
        received[m.from()]++;
        transport.send(m.from(), ACK, m.level(), w, 0);
    }

    /** Reads what has arrived without waiting. */
    private void pump() {
        Transport.Message m;
        while ((m = transport.receive(0)) != null) {
            handle(m);
        }
    }

    private Transport.Message await(int kind, int level, int from) {
        long k = key(kind, level, from);
        while (true) {
            Transport.Message m = controls.remove(k);
            if (m != null) {
                return m;
            }
            m = transport.receive(50);
            if (m != null) {
                handle(m);
            }
        }
    }

    /** Every member's {@code mine}, in member order (this member's own at its index). */
    private long[][] allGather(int kind, int level, long[] mine) {
        for (int j = 0; j < n; j++) {
            if (j != self) {
                transport.send(j, kind, level, mine, mine.length);
            }
        }
        long[][] all = new long[n][];
        for (int j = 0; j < n; j++) {
            all[j] = j == self ? mine : await(kind, level, j).words();
        }
        return all;
    }

    private void expandLevel(CodeList list, Sink sink) {
        long[] own = new long[cw];
        long[] packed = new long[layout.words];
        long[] scratch = new long[layout.words];
        int m = model.rule().marksPerRing();
        for (int i = 0; i < list.size && stop == 0; i++) {
            list.get(i, own);
            codec.decode(own, 0, packed, 0);
            ex.load(packed, 0);
            sink.weight = symmetry == null ? 1 : symmetry.orbitSize(packed, 0, scratch);
            for (Property p : invariantProps) {
                if (!settled[p.ordinal()] && !p.invariant().holds(ex, m)) {
                    note(p, packed);
                }
            }
            ex.expand(sink, true);
            if (ex.packets() > 0 && ex.drainMoves == 0) {
                levelStuck += sink.weight;
                if (properties.contains(Property.STUCK_FREEDOM) && !settled[Property.STUCK_FREEDOM.ordinal()]) {
                    note(Property.STUCK_FREEDOM, packed);
                }
            }
            if ((i & 63) == 63) {
                pump();
                if (System.nanoTime() > deadline) {
                    stop = 2;
                }
            }
        }
        if (stop == 0 && System.nanoTime() > deadline) {
            stop = 2;
        }
    }

    private void note(Property p, long[] s) {
        long[] best = violation[p.ordinal()];
        if (best == null || TraceOrder.compareStates(s, best) < 0) {
            violation[p.ordinal()] = s.clone();
        }
    }

    /** This member's numbers of the level just finished: stop, stored, represented, transitions, stuck, violations. */
    private long[] levelStats() {
        int words = layout.words;
        long mask = 0;
        List<long[]> vs = new ArrayList<>();
        for (Property p : Property.values()) {
            if (violation[p.ordinal()] != null) {
                mask |= 1L << p.ordinal();
                vs.add(violation[p.ordinal()]);
            }
        }
        long[] s = new long[6 + vs.size() * words];
        s[0] = stop;
        s[1] = levelStored;
        s[2] = levelRepresented;
        s[3] = levelTransitions;
        s[4] = levelStuck;
        s[5] = mask;
        for (int i = 0; i < vs.size(); i++) {
            System.arraycopy(vs.get(i), 0, s, 6 + i * words, words);
        }
        return s;
    }

    ExplorationResult run() {
        start = System.nanoTime();
        deadline = limits.seconds() <= 0 ? Long.MAX_VALUE : start + (long) (limits.seconds() * 1e9);
        List<CodeList> levels = new ArrayList<>();
        Map<Property, long[]> firstViolation = new EnumMap<>(Property.class);
        Map<Property, Integer> violationDepth = new EnumMap<>(Property.class);
        long gStored = 1;
        long gRepresented = 1;
        long gTransitions = 0;
        long gStuck = 0;
        String limit = null;
        int depth = 0;
        try {
            long[] init = Explorer.initialState(model, layout);
            long[] code = new long[cw];
            codec.encode(init, 0, code, 0);
            CodeList first = new CodeList();
            next = first;
            if (owner(code, 0, cw, n) == self) {
                insert(code, 0, 1);
            }
            levelStored = 0;
            levelRepresented = 0;
            levels.add(first);
            Sink sink = new Sink();
            for (;; depth++) {
                level = depth;
                next = new CodeList();
                levels.add(next);
                while (!pendingBatches.isEmpty() && pendingBatches.peek().level() == level) {
                    insertBatch(pendingBatches.poll());
                }
                expandLevel(levels.get(depth), sink);
                long t0 = System.nanoTime();
                for (int j = 0; j < n; j++) {
                    if (j != self) {
                        flush(j);
                    }
                }
                // round 1: how many batches each member sent each other in this level
                for (int j = 0; j < n; j++) {
                    if (j != self) {
                        transport.send(j, DONE, level, new long[] {sent[j]}, 1);
                    }
                }
                for (int j = 0; j < n; j++) {
                    if (j != self) {
                        long expected = await(DONE, level, j).words()[0];
                        while (received[j] < expected) {
                            Transport.Message m = transport.receive(50);
                            if (m != null) {
                                handle(m);
                            }
                        }
                    }
                }
                // round 2: the level's counts, stops and violations
                long[][] all = allGather(STATS, level, levelStats());
                barrierNanos += System.nanoTime() - t0;
                barriers++;
                int stopCode = 0;
                long added = 0;
                for (long[] s : all) {
                    if (stopCode == 0) {
                        stopCode = (int) s[0];
                    }
                    added += s[1];
                    gStored += s[1];
                    gRepresented += s[2];
                    gTransitions += s[3];
                    gStuck += s[4];
                }
                for (Property p : Property.values()) {
                    long[] best = null;
                    for (long[] s : all) {
                        long[] v = violationOf(s, p);
                        if (v != null && (best == null || TraceOrder.compareStates(v, best) < 0)) {
                            best = v;
                        }
                    }
                    if (best != null && !violationDepth.containsKey(p)) {
                        firstViolation.put(p, best);
                        violationDepth.put(p, depth);
                        settled[p.ordinal()] = true;
                    }
                    violation[p.ordinal()] = null;
                }
                Arrays.fill(sent, 0);
                Arrays.fill(received, 0);
                levelStored = 0;
                levelRepresented = 0;
                levelTransitions = 0;
                levelStuck = 0;
                if (stopCode != 0) {
                    limit = STOPS[stopCode];
                    break;
                }
                if (stopAtFirstViolation && !firstViolation.isEmpty()) {
                    limit = "first-violation";
                    break;
                }
                if (added == 0) {
                    levels.remove(depth + 1);
                    break;
                }
                if (gStored > limits.states()) {
                    limit = "states";
                    break;
                }
            }
            boolean complete = limit == null;
            Map<Property, Trace> traces = new EnumMap<>(Property.class);
            for (Map.Entry<Property, long[]> v : firstViolation.entrySet()) {
                if (properties.contains(v.getKey())) {
                    traces.put(v.getKey(), trace(v.getKey(), v.getValue(), violationDepth.get(v.getKey()), levels));
                }
            }
            // the pairs injected anywhere, and the bytes every member holds
            int pairs = model.traffic().size();
            long[] mine = new long[1 + (pairs + 63) / 64];
            mine[0] = table.bytes() + listBytes;
            for (int i = 0; i < pairs; i++) {
                if (ex.injected[i]) {
                    mine[1 + i / 64] |= 1L << (i % 64);
                }
            }
            long[][] ends = allGather(END, 0, mine);
            boolean[] injected = new boolean[pairs];
            long bytes = 0;
            for (long[] e : ends) {
                bytes += e[0];
                for (int i = 0; i < pairs; i++) {
                    injected[i] |= (e[1 + i / 64] >>> (i % 64) & 1) != 0;
                }
            }
            if (symmetry != null) {
                symmetry.closePairs(model, injected);
            }
            Map<Property, PropertyStatus> statuses = Explorer.statuses(properties, traces.keySet(), complete);
            boolean drainabilityOpen = complete && properties.contains(Property.DRAINABILITY)
                && !traces.containsKey(Property.DRAINABILITY);
            if (drainabilityOpen) {
                statuses.put(Property.DRAINABILITY, PropertyStatus.NOT_CHECKED);
            }
            Explorer.injectability(model, layout, properties, injected, complete, statuses, traces,
                Explorer.initialState(model, layout));
            Verdict verdict = Explorer.verdict(!traces.isEmpty(), complete && !drainabilityOpen);
            if (verdict == Verdict.INCOMPLETE && complete) {
                limit = "drainability";
            }
            return new ExplorationResult(model, verdict, complete, limit, gRepresented, gTransitions, depth,
                (System.nanoTime() - start) / 1e9, Collections.unmodifiableMap(statuses),
                Collections.unmodifiableMap(traces), gStuck, -1, layout.words, layout.bits(), bytes, gStored,
                symmetry == null ? 1 : symmetry.order(), symmetryNote, n);
        } catch (MemberLostException e) {
            Map<Property, PropertyStatus> statuses = Explorer.statuses(properties, Set.of(), false);
            return new ExplorationResult(model, Verdict.INCOMPLETE, false, "member-lost", gRepresented, gTransitions,
                depth, (System.nanoTime() - start) / 1e9, Collections.unmodifiableMap(statuses), Map.of(), gStuck, -1,
                layout.words, layout.bits(), table.bytes() + listBytes, gStored,
                symmetry == null ? 1 : symmetry.order(), symmetryNote, n);
        }
    }

    /** The violation of {@code p} in a member's level stats, or null. */
    private long[] violationOf(long[] s, Property p) {
        long mask = s[5];
        if ((mask >>> p.ordinal() & 1) == 0) {
            return null;
        }
        int index = Long.bitCount(mask & ((1L << p.ordinal()) - 1));
        int off = 6 + index * layout.words;
        return Arrays.copyOfRange(s, off, off + layout.words);
    }

    /** The trace of {@link TraceOrder}, rebuilt with every member in step (see the class comment). */
    private Trace trace(Property p, long[] target, int depth, List<CodeList> levels) {
        List<Move> moves = new ArrayList<>();
        List<Snapshot> states = new ArrayList<>();
        long[] cur = target.clone();
        states.add(layout.decode(cur, 0));
        long[] code = new long[cw];
        long[] pred = new long[layout.words];
        long[] scratch = new long[layout.words];
        LevelSearch.PredecessorSink sink = new LevelSearch.PredecessorSink(layout, symmetry);
        LevelSearch.MoveSink moveSink = new LevelSearch.MoveSink(model);
        for (int lv = depth; lv > 0; lv--) {
            sink.target = cur;
            if (symmetry != null) {
                sink.canonTarget = new long[layout.words];
                symmetry.canonicalize(cur, 0, sink.canonTarget, 0, scratch);
            }
            sink.best = null;
            CodeList list = levels.get(lv - 1);
            for (int i = 0; i < list.size; i++) {
                list.get(i, code);
                codec.decode(code, 0, pred, 0);
                if (sink.best != null && TraceOrder.compareStates(pred, sink.best) >= 0) {
                    continue;
                }
                sink.pred = pred;
                ex.load(pred, 0);
                ex.expand(sink, true);
            }
            long[] mine = new long[1 + layout.words];
            if (sink.best != null) {
                mine[0] = 1;
                System.arraycopy(sink.best, 0, mine, 1, layout.words);
            }
            long[] best = null;
            for (long[] s : allGather(PRED, sequence++, mine)) {
                if (s[0] == 1) {
                    long[] v = Arrays.copyOfRange(s, 1, 1 + layout.words);
                    if (best == null || TraceOrder.compareStates(v, best) < 0) {
                        best = v;
                    }
                }
            }
            if (best == null) {
                throw new IllegalStateException("no member holds a predecessor of a state at BFS level " + lv);
            }
            moveSink.target = cur;
            moveSink.move = null;
            ex.load(best, 0);
            ex.expand(moveSink, true);
            if (moveSink.move == null) {
                throw new IllegalStateException("a symmetry did not carry a move over at BFS level " + lv);
            }
            moves.add(moveSink.move);
            cur = best;
            states.add(layout.decode(cur, 0));
        }
        Collections.reverse(moves);
        Collections.reverse(states);
        return new Trace(p, List.copyOf(moves), List.copyOf(states));
    }

    /** Successors this member sent to other members. */
    long remoteSuccessors() {
        return remoteSuccessors;
    }

    /** Level barriers passed. */
    int barriers() {
        return barriers;
    }

    /** Mean wall time of a level barrier on this member, in milliseconds (0 before the first). */
    double meanBarrierMillis() {
        return barriers == 0 ? 0 : barrierNanos / 1e6 / barriers;
    }
}
