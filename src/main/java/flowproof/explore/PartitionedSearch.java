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
 * together they find the states, transitions, depth, stuck and undrainable states, statuses
 * and traces of the single-JVM search.
 *
 * <p>Each state (the canonical representative of its orbit under symmetry reduction) is owned by
 * one member. Where {@link LevelSearch} would rank the states ({@link DenseCodec}), the members
 * do too, and each keeps a bit per rank it owns ({@link DenseStateSet}, which also names the
 * owner); a state without a rank makes every member start again on {@link CompactCodec}.
 * Otherwise a state is encoded by {@link CompactCodec} and owned by the member the low half of
 * its hash names (the member's {@link ConcurrentStateTable} indexes by the high half). A member
 * keeps the states it owns in its visited set and its own list per BFS level, expands the states
 * of the current level it owns, inserts the successors it owns at once and sends the others to their
 * owners in batches of {@value #BATCH_STATES} encoded states (ranks of the dense codec two to a
 * long, since they are below 2<sup>27</sup>). A receiver acknowledges each batch
 * it has inserted; a sender keeps at most {@value #WINDOW} batches unacknowledged per member
 * (reading its own inbox while it waits), so what is in flight stays bounded and no two members
 * wait on each other.
 *
 * <p>The search begins with one exchange between all members ({@code HELLO}: every transport is
 * up). A level ends at a barrier of one round ({@link #barrier}): every member sends every other
 * its last batches and one word ({@code DONE}): how many batches it sent it in this level, its
 * stop reason if any, the level's transitions and stuck states, its least violation of each
 * property, and the states its inserts added in the level before (a member's inserts of a level
 * end at that level's barrier, so they travel one barrier later). It waits for every member's
 * word and inserts every batch the words announce. Each member combines the same numbers in the
 * same order, so all of them take the same decisions: stop at a limit (then one more exchange
 * brings the states the last level added), note the least violating state of the least depth
 * ({@link TraceOrder}), or end when the level before added nothing. Messages are tagged with
 * their kind and level and counted, so the transport may deliver them in any order.
 *
 * <p>Traces are rebuilt by {@link LevelTrace}, as on one JVM, with the members in step: at each
 * level back every member looks for the least predecessor among the states it owns, the members
 * exchange what they found, and all take the least. The trace is the one of the single-JVM search.
 *
 * <p>Drainability is decided by the members together once the search is complete
 * ({@link MemberDrainability}: by drain ranks, or by rounds where the model has none), with the
 * undrainable count and the trace of the single-JVM search. A member lost ends the search as
 * incomplete (limit {@code "member-lost"}) with the counts of the last finished level and no trace.
 */
final class PartitionedSearch {

    static final int BATCH = 1;
    static final int ACK = 2;
    static final int DONE = 3;
    static final int STATS = 4;
    static final int PRED = 5;
    static final int END = 6;
    static final int DRAIN = 7;
    static final int QUERY = 8;
    static final int ANSWER = 9;
    static final int HELLO = 10;

    /** How long a member waits for a message before it looks again (a message that arrives wakes it at once). */
    static final long WAIT_MILLIS = 50;

    /** Encoded states per batch sent to another member. */
    static final int BATCH_STATES = 32768;
    /** What fills the upper half of a batch's last long when the batch has an odd number of ranks (no rank is this large). */
    private static final long NO_RANK = 0xFFFFFFFFL;

    /** Batches sent to one member and not acknowledged yet, at most. */
    static final int WINDOW = 8;

    private static final String[] STOPS = {null, "states", "seconds", "memory", "unranked"};
    /** The stop of a member that met a state without a rank in the {@link DenseCodec}: all start again on {@link CompactCodec}. */
    private static final int UNRANKED = 4;

    private final Model model;
    private final Set<Property> properties;
    private final List<Property> invariantProps = new ArrayList<>();
    /** The invariants of {@link #invariantProps}, in the same order, compiled as the single JVM's engine has them. */
    private final List<CompiledInvariant> invariants = new ArrayList<>();
    private final Limits limits;
    private final boolean stopAtFirstViolation;
    final Transport transport;
    final int n;
    final int self;
    final StateLayout layout;
    /** The members' encoding: a {@link DenseCodec} where the model's ranks are few, else {@link #compact}. */
    StateCodec codec;
    private final CompactCodec compact;
    int cw;
    final Symmetry symmetry;
    private final String symmetryNote;
    /** This member's visited set: its share of the ranks ({@link DenseStateSet}) or a hash table. */
    VisitedTable table;
    final Expander ex;
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
    /**
     * The level being expanded: batches of this level are inserted, later ones wait in
     * {@link #pendingBatches} (-1 before the first level: a faster member's first batches wait).
     */
    private int level = -1;
    private CodeList next;
    private long[][] out;
    private final int[] outCount;
    private final int[] sent;
    private final int[] received;
    private final int[] inFlight;
    private final ArrayDeque<Transport.Message> pendingBatches = new ArrayDeque<>();
    private final Map<Long, Transport.Message> controls = new HashMap<>();
    private int sequence;
    private long remoteSuccessors;
    /** Where {@link #unpack} puts a batch's ranks. */
    private long[] unpacked = new long[0];
    /** {@link System#nanoTime()} when this member entered and left each level's barrier, level by level. */
    private long[] barrierEnter = new long[64];
    private long[] barrierLeave = new long[64];
    private int barriers;
    /** The drainability pass, while it runs (it gets the questions and answers). */
    private MemberDrainability drain;

    long deadline;
    private long start;

    private PartitionedSearch(Model model, Set<Property> properties, Limits limits, boolean stopAtFirstViolation,
                              boolean reduce, Transport transport, StateLayout layout, CompactCodec compact,
                              DenseCodec dense) {
        this.model = model;
        this.properties = properties;
        this.limits = limits;
        this.stopAtFirstViolation = stopAtFirstViolation;
        this.transport = transport;
        this.n = transport.members();
        this.self = transport.self();
        this.layout = layout;
        this.compact = compact;
        this.codec = dense != null ? dense : compact;
        this.cw = codec.words();
        Symmetry sym = reduce ? Symmetry.of(model, layout) : null;
        if (sym != null && sym.reduces()) {
            sym.checkRule(model);
        }
        this.symmetryNote = sym != null ? sym.note() : null;
        this.symmetry = sym != null && sym.reduces() ? sym : null;
        for (Property p : properties) {
            if (p.invariant() != null) {
                invariantProps.add(p);
                invariants.add(new CompiledInvariant(p.invariant(), model.network(), model.rule().marksPerRing()));
            }
        }
        this.table = dense != null ? new DenseStateSet(dense.range(), n, self) : new ConcurrentStateTable(cw, 1 << 12);
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
            CompactCodec.of(layout, model.routing().headers()), denseCodec(model, layout, limits, transport.members()));
    }

    /**
     * The dense codec when, as in {@link LevelSearch}, the model's states can be ranked and the
     * drain graph is acyclic, and a member's share of the ranks (a bit, a status byte and a drain
     * rank short per rank it owns) fits a quarter of its budget and the heap; else null.
     */
    private static DenseCodec denseCodec(Model model, StateLayout layout, Limits limits, int members) {
        if (!model.routing().minimal() || model.rule().marksDrift()) {
            return null;
        }
        DenseCodec dense = DenseCodec.of(layout, model.routing().headers(), model.rule().marksPerRing());
        if (dense == null) {
            return null;
        }
        long share = (dense.range() + members - 1) / members;
        long bytes = DenseStateSet.bytes(dense.range(), members) + 3 * share;
        return bytes <= limits.bytes() / 4 && Budget.heapAllows(bytes * members, 96L << 20) ? dense : null;
    }

    /** The member that owns an encoded state: by its rank with the dense codec, else by the low half of its hash. */
    int owner(long[] code, int off) {
        if (n == 1) {
            return 0;
        }
        if (codec != compact) {
            return ((DenseStateSet) table).owner(code[off]);
        }
        long h = ConcurrentStateTable.hash(code, off, cw);
        return (int) (((h & 0xFFFFFFFFL) * n) >>> 32);
    }

    private boolean affordable(long extra) {
        return table.bytes() + listBytes + extra <= limits.bytes() && Budget.heapAllows(extra, 96L << 20);
    }

    /** A level list's new chunk, when affordable. */
    private boolean reserve(long bytes) {
        if (!affordable(bytes)) {
            return false;
        }
        listBytes += bytes;
        return true;
    }

    /** Successors of the state being expanded: counted, canonicalized, encoded, then inserted ({@link #flush}) or queued for their owner. */
    private final class Sink implements Expander.Sink {
        final long[] canon = new long[layout.words];
        final long[] scratch = new long[layout.words];
        final long[] code = new long[cw];
        /** This member's own successors of the state being expanded, inserted together by {@link #flush}. */
        long[] own = new long[64 * cw];
        int[] fixed = new int[64];
        int count;
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
            int f = 1;
            long[] s = succ;
            if (symmetry != null) {
                f = symmetry.canonicalize(succ, 0, canon, 0, scratch);
                s = canon;
            }
            if (!codec.encode(s, 0, code, 0)) {
                stop = UNRANKED;
                return;
            }
            int to = owner(code, 0);
            if (to == self) {
                keep(f);
            } else {
                toOwner(to);
            }
        }

        /** Keeps the successor in {@link #code}, which this member owns, for {@link #flush}. */
        private void keep(int f) {
            if (count == fixed.length) {
                own = Arrays.copyOf(own, own.length * 2);
                fixed = Arrays.copyOf(fixed, count * 2);
            }
            System.arraycopy(code, 0, own, count * cw, cw);
            fixed[count++] = f;
        }

        /** Puts the successor in {@link #code} into the batch for its owner {@code to}. */
        private void toOwner(int to) {
            remoteSuccessors++;
            if (codec != compact) {
                // two ranks to a long (the dense codec's ranks are below 2^27); an odd last one beside NO_RANK
                int k = outCount[to];
                long[] o = out[to];
                o[k >> 1] = (k & 1) == 0 ? code[0] | NO_RANK << 32 : (o[k >> 1] & 0xFFFFFFFFL) | code[0] << 32;
            } else {
                System.arraycopy(code, 0, out[to], outCount[to] * cw, cw);
            }
            if (++outCount[to] == BATCH_STATES) {
                send(to);
            }
        }

        /** Inserts this member's own successors: first touches their home slots, so that the cache misses overlap. */
        void flush() {
            table.touch(own, count);
            for (int k = 0; k < count; k++) {
                insert(own, k * cw, symmetry == null ? 1 : symmetry.order() / fixed[k]);
            }
            count = 0;
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
        if (weight < 0 && symmetry == null) {
            weight = 1;
        } else if (weight < 0) {
            codec.decode(code, off, packedScratch, 0);
            weight = symmetry.orbitSize(packedScratch, 0, orbitScratch);
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

    /** Sends the batch for member {@code to}, once fewer than {@link #WINDOW} of its batches are unacknowledged. */
    private void send(int to) {
        if (outCount[to] == 0) {
            return;
        }
        while (inFlight[to] >= WINDOW) {
            receiveOne();
        }
        transport.send(to, BATCH, level, out[to], codec != compact ? (outCount[to] + 1) >> 1 : outCount[to] * cw);
        outCount[to] = 0;
        sent[to]++;
        inFlight[to]++;
    }

    private static long key(int kind, int level, int from) {
        return ((long) kind << 56) | ((long) level << 20) | from;
    }

    /** Takes one message in: a batch is inserted (or kept for its level), an acknowledgement counted, the rest kept for {@link #await}. */
    void handle(Transport.Message m) {
        switch (m.kind()) {
            case BATCH -> {
                if (m.level() > level) {
                    pendingBatches.add(m);
                } else {
                    insertBatch(m);
                }
            }
            case ACK -> inFlight[m.from()]--;
            case QUERY, ANSWER -> drain.handle(m);
            default -> controls.put(key(m.kind(), m.level(), m.from()), m);
        }
    }

    private void insertBatch(Transport.Message m) {
        long[] w = m.words();
        int count = w.length / cw;
        if (codec != compact) {
            count = unpack(w);
            w = unpacked;
        }
        table.touch(w, count);
        for (int off = 0; off < count * cw; off += cw) {
            insert(w, off, -1);
        }
        received[m.from()]++;
        transport.send(m.from(), ACK, m.level(), w, 0);
    }

    /**
     * Puts the ranks of a batch on the dense codec, two to a long (the last one may be
     * {@link #NO_RANK}), into {@link #unpacked}; returns how many there are.
     */
    private int unpack(long[] pairs) {
        if (unpacked.length < 2 * pairs.length) {
            unpacked = new long[2 * pairs.length];
        }
        for (int k = 0; k < pairs.length; k++) {
            unpacked[2 * k] = pairs[k] & 0xFFFFFFFFL;
            unpacked[2 * k + 1] = pairs[k] >>> 32;
        }
        int count = 2 * pairs.length;
        return count > 0 && unpacked[count - 1] == NO_RANK ? count - 1 : count;
    }

    /** Reads what has arrived without waiting. */
    void pump() {
        Transport.Message m;
        while ((m = transport.receive(0)) != null) {
            handle(m);
        }
    }

    /**
     * Drops what this member found on the dense encoding and takes the compact one (between
     * levels, before the members' exchange that starts the search again: no batch is on its way).
     */
    private void startAgainCompact() {
        codec = compact;
        cw = compact.words;
        table = new ConcurrentStateTable(cw, 1 << 12);
        out = new long[n][BATCH_STATES * cw];
        Arrays.fill(outCount, 0);
        Arrays.fill(settled, false);
        Arrays.fill(violation, null);
        Arrays.fill(ex.injected, false);
        stored = 0;
        listBytes = 0;
        levelStored = 0;
        levelRepresented = 0;
        levelTransitions = 0;
        levelStuck = 0;
        stop = 0;
        level = -1;
    }

    /** Waits for one message (at most {@link #WAIT_MILLIS}) and takes it in. */
    void receiveOne() {
        Transport.Message m = transport.receive(WAIT_MILLIS);
        if (m != null) {
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
            receiveOne();
        }
    }

    /** Every member's {@code mine}, in member order (this member's own at its index). */
    long[][] allGather(int kind, int level, long[] mine) {
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
        for (int i = 0; i < list.size() && stop == 0; i++) {
            list.get(i, own);
            codec.decode(own, 0, packed, 0);
            ex.load(packed, 0);
            sink.weight = symmetry == null ? 1 : symmetry.orbitSize(packed, 0, scratch);
            for (int k = 0; k < invariantProps.size(); k++) {
                Property p = invariantProps.get(k);
                if (!settled[p.ordinal()] && !invariants.get(k).holds(ex)) {
                    note(p, packed);
                }
            }
            ex.expand(sink, true);
            sink.flush();
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

    /**
     * This member's word of the level's barrier ({@link BarrierWord}), with the states added by
     * the level before ({@code stored}, {@code represented}).
     */
    private long[] done(long stored, long represented) {
        return BarrierWord.of(layout.words, stop, levelTransitions, levelStuck, stored, represented, violation);
    }

    /**
     * The end of a level (the class comment): this member's last batches, then every member's
     * {@link #done} word, with the number of batches it sent this member, and every one of those
     * batches inserted. Returns every member's word.
     */
    private long[][] barrier(long[] mine) {
        long enter = System.nanoTime();
        for (int j = 0; j < n; j++) {
            if (j != self) {
                send(j);
            }
        }
        for (int j = 0; j < n; j++) {
            if (j != self) {
                mine[0] = sent[j];
                transport.send(j, DONE, level, mine, mine.length);
            }
        }
        long[][] all = new long[n][];
        for (int j = 0; j < n; j++) {
            if (j == self) {
                all[j] = mine;
                continue;
            }
            all[j] = await(DONE, level, j).words();
            while (received[j] < all[j][0]) {
                receiveOne();
            }
        }
        if (barriers == barrierEnter.length) {
            barrierEnter = Arrays.copyOf(barrierEnter, barriers * 2);
            barrierLeave = Arrays.copyOf(barrierLeave, barriers * 2);
        }
        barrierEnter[barriers] = enter;
        barrierLeave[barriers++] = System.nanoTime();
        return all;
    }

    /** What the members found together so far, the same on every member. */
    private static final class Totals {
        final List<CodeList[]> levels = new ArrayList<>();
        final Map<Property, long[]> firstViolation = new EnumMap<>(Property.class);
        final Map<Property, Integer> violationDepth = new EnumMap<>(Property.class);
        long stored = 1;
        long represented = 1;
        long transitions;
        long stuck;
        int depth;
        /** Why the search stopped early (null: it did not). */
        String limit;

        /** Back to the start: every member starts again on the compact encoding. */
        void clear() {
            levels.clear();
            firstViolation.clear();
            violationDepth.clear();
            stored = 1;
            represented = 1;
            transitions = 0;
            stuck = 0;
            depth = 0;
        }
    }

    ExplorationResult run() {
        start = System.nanoTime();
        deadline = limits.seconds() <= 0 ? Long.MAX_VALUE : start + (long) (limits.seconds() * 1e9);
        Totals g = new Totals();
        try {
            // every member's transport is up before the first level (on Hazelcast the first message to a
            // member also starts its executor): the level barriers carry the search's own messages only
            // and the encoding is one for all: the dense one only where every member could afford it
            for (long[] d : allGather(HELLO, 0, new long[] {codec != compact ? 1 : 0})) {
                if (d[0] == 0 && codec != compact) {
                    startAgainCompact();
                }
            }
            for (int attempt = 1; !searchLevels(g); attempt++) {
                // a state without a rank (as in LevelSearch): every member starts again on the compact encoding
                startAgainCompact();
                allGather(HELLO, attempt, new long[0]);
                g.clear();
            }
            return result(g);
        } catch (MemberLostException e) {
            Map<Property, PropertyStatus> statuses = Explorer.statuses(properties, Set.of(), false);
            return new ExplorationResult(model, Verdict.INCOMPLETE, false, "member-lost", g.represented, g.transitions,
                g.depth, (System.nanoTime() - start) / 1e9, Collections.unmodifiableMap(statuses), Map.of(), g.stuck,
                -1, layout.words, layout.bits(), table.bytes() + listBytes, g.stored,
                symmetry == null ? 1 : symmetry.order(), symmetryNote, n);
        }
    }

    /**
     * The search from the initial state, level by level, each ended by a {@link #barrier}, until
     * a level adds nothing or a limit stops it ({@code g.limit}). Returns false when some member
     * met a state without a rank: every member then starts again.
     */
    private boolean searchLevels(Totals g) {
        long[] init = Explorer.initialState(model, layout);
        long[] code = new long[cw];
        CodeList first = new CodeList(cw, this::reserve);
        next = first;
        if (!codec.encode(init, 0, code, 0)) {
            stop = UNRANKED;
        } else if (owner(code, 0) == self) {
            insert(code, 0, 1);
        }
        levelStored = 0;
        levelRepresented = 0;
        g.levels.add(new CodeList[] {first});
        Sink sink = new Sink();
        long addedBefore = 0;
        long representedBefore = 0;
        for (;; g.depth++) {
            level = g.depth;
            next = new CodeList(cw, this::reserve);
            g.levels.add(new CodeList[] {next});
            while (!pendingBatches.isEmpty() && pendingBatches.peek().level() == level) {
                insertBatch(pendingBatches.poll());
            }
            expandLevel(g.levels.get(g.depth)[0], sink);
            long[][] all = barrier(done(addedBefore, representedBefore));
            BarrierWord.Sum sum = BarrierWord.Sum.of(all, UNRANKED);
            g.transitions += sum.transitions();
            g.stuck += sum.stuck();
            g.stored += sum.added();
            g.represented += sum.represented();
            noteViolations(all, g);
            Arrays.fill(sent, 0);
            Arrays.fill(received, 0);
            addedBefore = levelStored;
            representedBefore = levelRepresented;
            levelStored = 0;
            levelRepresented = 0;
            levelTransitions = 0;
            levelStuck = 0;
            if (sum.unranked()) {
                return false;
            }
            if (g.depth > 0 && sum.added() == 0) {
                // the level before added nothing: this one was empty, the one before it the last
                g.levels.remove(g.depth + 1);
                g.levels.remove(g.depth);
                g.depth--;
                return true;
            }
            g.limit = sum.stop() != 0 ? STOPS[sum.stop()]
                : stopAtFirstViolation && !g.firstViolation.isEmpty() ? "first-violation"
                : g.stored > limits.states() ? "states" : null;
            if (g.limit != null) {
                // the states this level added, which the next barrier would have brought
                for (long[] s : allGather(STATS, g.depth, new long[] {addedBefore, representedBefore})) {
                    g.stored += s[0];
                    g.represented += s[1];
                }
                return true;
            }
        }
    }

    /**
     * Notes each property's least violation among every member's words of the level at
     * {@code g.depth}, the first level it is violated at, and clears this member's.
     */
    private void noteViolations(long[][] all, Totals g) {
        for (Property p : Property.values()) {
            long[] best = BarrierWord.leastViolation(all, p, layout.words);
            if (best != null && !g.violationDepth.containsKey(p)) {
                g.firstViolation.put(p, best);
                g.violationDepth.put(p, g.depth);
                settled[p.ordinal()] = true;
            }
            violation[p.ordinal()] = null;
        }
    }

    /**
     * The result of a search that ended: drainability decided with the other members when
     * nothing stopped it, the traces rebuilt, and the pairs injected and bytes held by all.
     */
    private ExplorationResult result(Totals g) {
        String limit = g.limit;
        long undrainable = -1;
        if (limit == null && properties.contains(Property.DRAINABILITY)) {
            String[] stopped = {null};
            undrainable = drainability(g.levels, g.firstViolation, g.violationDepth, stopped);
            limit = stopped[0];
        }
        boolean complete = limit == null;
        Map<Property, Trace> traces = new EnumMap<>(Property.class);
        for (Map.Entry<Property, long[]> v : g.firstViolation.entrySet()) {
            if (properties.contains(v.getKey())) {
                traces.put(v.getKey(), LevelTrace.rebuild(v.getKey(), v.getValue(), g.violationDepth.get(v.getKey()),
                    model, layout, codec, symmetry, ex, g.levels, this::leastOfAll));
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
        Explorer.injectability(model, layout, properties, injected, complete, statuses, traces,
            Explorer.initialState(model, layout));
        Verdict verdict = Explorer.verdict(!traces.isEmpty(), complete);
        return new ExplorationResult(model, verdict, complete, limit, g.represented, g.transitions, g.depth,
            (System.nanoTime() - start) / 1e9, Collections.unmodifiableMap(statuses),
            Collections.unmodifiableMap(traces), g.stuck, complete ? undrainable : -1, layout.words, layout.bits(),
            bytes, g.stored, symmetry == null ? 1 : symmetry.order(), symmetryNote, n);
    }

    /**
     * Decides drainability with the other members ({@link MemberDrainability}); returns the
     * undrainable states of all members (weighted by orbit size) and notes the least undrainable
     * state of the least depth, as {@link LevelSearch} does. A pass that memory or the time limit
     * stops puts the limit into {@code stopped[0]} and returns -1.
     */
    private long drainability(List<CodeList[]> levels, Map<Property, long[]> firstViolation,
                              Map<Property, Integer> violationDepth, String[] stopped) {
        boolean fits = affordable(MemberDrainability.bytes(table, stored));
        boolean allFit = true;
        for (long[] f : allGather(DRAIN, 0, new long[] {fits ? 1 : 0})) {
            allFit &= f[0] == 1;
        }
        if (!allFit) {
            stopped[0] = "memory";
            return -1;
        }
        drain = new MemberDrainability(this);
        stopped[0] = drain.decide();
        if (stopped[0] != null) {
            return -1;
        }
        long undrainable = 0;
        long[] code = new long[cw];
        long[] packed = new long[layout.words];
        long[] scratch = new long[layout.words];
        for (int id = 0; id < table.slots(); id++) {
            if (drain.undrainable(id)) {
                table.get(id, code, 0);
                codec.decode(code, 0, packed, 0);
                undrainable += symmetry == null ? 1 : symmetry.orbitSize(packed, 0, scratch);
            }
        }
        // this member's least undrainable state of its least depth: depth, then the state
        long[] mine = new long[2 + layout.words];
        mine[0] = undrainable;
        mine[1] = -1;
        for (int d = 0; d < levels.size() && mine[1] < 0; d++) {
            long[] best = null;
            CodeList list = levels.get(d)[0];
            for (int i = 0; i < list.size(); i++) {
                list.get(i, code);
                if (drain.undrainable(table.find(code, 0))) {
                    codec.decode(code, 0, packed, 0);
                    if (best == null || TraceOrder.compareStates(packed, best) < 0) {
                        best = packed.clone();
                    }
                }
            }
            if (best != null) {
                mine[1] = d;
                System.arraycopy(best, 0, mine, 2, layout.words);
            }
        }
        drain = null;
        long total = 0;
        long[] least = null;
        int leastDepth = -1;
        for (long[] m : allGather(DRAIN, Integer.MAX_VALUE >> 12, mine)) {
            total += m[0];
            if (m[1] < 0) {
                continue;
            }
            long[] v = Arrays.copyOfRange(m, 2, 2 + layout.words);
            if (least == null || m[1] < leastDepth || (m[1] == leastDepth && TraceOrder.compareStates(v, least) < 0)) {
                least = v;
                leastDepth = (int) m[1];
            }
        }
        if (least != null) {
            firstViolation.put(Property.DRAINABILITY, least);
            violationDepth.put(Property.DRAINABILITY, leastDepth);
        }
        return total;
    }

    /** The least of every member's least predecessor (null when none holds one), for {@link LevelTrace}. */
    private long[] leastOfAll(long[] mineOrNull) {
        long[] mine = new long[1 + layout.words];
        if (mineOrNull != null) {
            mine[0] = 1;
            System.arraycopy(mineOrNull, 0, mine, 1, layout.words);
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
        return best;
    }

    /** Successors this member sent to other members. */
    long remoteSuccessors() {
        return remoteSuccessors;
    }

    /** {@link System#nanoTime()} when this member entered each level's barrier (its expansion of the level done), level by level. */
    long[] barrierEnterNanos() {
        return Arrays.copyOf(barrierEnter, barriers);
    }

    /** {@link System#nanoTime()} when this member left each level's barrier, level by level. */
    long[] barrierLeaveNanos() {
        return Arrays.copyOf(barrierLeave, barriers);
    }
}
