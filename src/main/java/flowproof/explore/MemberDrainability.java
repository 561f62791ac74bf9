package flowproof.explore;

import flowproof.explore.distributed.Transport;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Drainability decided by the members of a {@link PartitionedSearch} together, each for the
 * states it owns, once the search is complete. A state drains iff it is empty or one of its
 * forward, eject or drift successors drains (the least fixpoint, as {@link Drainability}).
 *
 * <p>A member looks its own successors up in its table and asks the owner of every other
 * successor whether it drains, in batches of {@value #QUERY_STATES} encoded states (at most
 * {@value PartitionedSearch#WINDOW} batches per member unanswered); the answer is one bit per
 * state. It decides by <em>ranks</em> when the model has one ({@link DrainRank}: every drain
 * move lowers it): rank by rank from 1 up, one barrier per rank, every state is expanded once and
 * the statuses it asks about are final, so a state of rank k that finds no draining successor is
 * stuck forever. Otherwise (drifting marks, routes that cycle), and also should an answer come
 * from a state whose rank is not below the asker's (a rank the symmetry reduction does not keep),
 * it decides by <em>rounds</em>: every undecided state asks again until a round in which no
 * member decided anything new; what is left is stuck forever. Both only ever mark a state as
 * draining on a draining successor, so they reach the same least fixpoint as one JVM and the same
 * undrainable counts.
 *
 * <p>Memory: a status byte and a rank short per slot of the member's table, and an int per state it owns.
 */
final class MemberDrainability {

    /** Encoded states per batch of questions to another member. */
    static final int QUERY_STATES = 4096;

    private static final byte ABSENT = 1;
    private static final byte DRAINS = Drainability.DRAINS;
    private static final byte UNKNOWN = Drainability.UNKNOWN;

    private final PartitionedSearch s;
    private final VisitedTable table;
    private final StateCodec codec;
    private final int cw;
    private final int n;
    private final Transport transport;
    private final byte[] status;
    private short[] rank;
    /**
     * The slots of this member's undecided states, by rank ({@link #from}: where each rank's
     * begin) once every member has ranks, else in slot order: a pass reads its own slots only, not
     * every slot of the table (a member's dense set has a slot for each rank it owns, most empty).
     */
    private int[] order;
    private int[] from;
    private int level;
    /** Set when an answer came from a state whose status is not final at its rank. */
    private boolean unranked;
    private long changed;

    // questions on their way
    private final long[][] out;
    private final int[][] askers;
    private final int[] outCount;
    private final int[] inFlight;
    private final Map<Long, int[]> pending = new HashMap<>();
    private int sequence;

    // one state's successors
    private final Successors successors;

    MemberDrainability(PartitionedSearch s) {
        this.s = s;
        this.table = s.table;
        this.codec = s.codec;
        this.cw = s.cw;
        this.n = s.n;
        this.transport = s.transport;
        this.status = new byte[table.slots()];
        this.out = new long[n][];
        this.askers = new int[n][];
        this.outCount = new int[n];
        this.inFlight = new int[n];
        this.successors = new Successors();
    }

    /** Bytes this pass needs besides what the search holds: a status byte and a rank short per slot, an int per state. */
    static long bytes(VisitedTable table, long states) {
        return 3L * table.slots() + 4L * states;
    }

    /** Collects the drain successors of the loaded state: canonical, encoded, with their owners. */
    private final class Successors implements Expander.Sink {
        final long[] canon = new long[s.layout.words];
        final long[] scratch = new long[s.layout.words];
        long[] codes = new long[64 * cw];
        int[] owners = new int[64];
        int count;

        @Override
        public void accept(int kind, int a, int b, int destination, long[] succ) {
            if (count == owners.length) {
                codes = Arrays.copyOf(codes, codes.length * 2);
                owners = Arrays.copyOf(owners, count * 2);
            }
            long[] st = succ;
            if (s.symmetry != null) {
                s.symmetry.canonicalize(succ, 0, canon, 0, scratch);
                st = canon;
            }
            codec.encode(st, 0, codes, count * cw);
            owners[count] = s.owner(codes, count * cw);
            count++;
        }
    }

    /**
     * Decides every state this member owns, with the other members in step; returns null, or the
     * limit ("seconds") that stopped the pass on some member.
     */
    String decide() {
        Expander ex = s.ex;
        DrainRank ranks = DrainRank.of(ex);
        long[] code = new long[cw];
        long[] packed = new long[s.layout.words];
        int maxRank = 0;
        boolean ranked = ranks != null;
        if (ranked) {
            rank = new short[status.length];
        }
        for (int id = 0; id < status.length; id++) {
            if (!table.occupied(id)) {
                status[id] = ABSENT;
                continue;
            }
            table.get(id, code, 0);
            codec.decode(code, 0, packed, 0);
            ex.load(packed, 0);
            if (ex.packets() == 0) {
                status[id] = DRAINS;
            } else if (ranked) {
                int r = ranks.rank();
                if (r < 0 || r > Short.MAX_VALUE) {
                    ranked = false;
                } else {
                    rank[id] = (short) r;
                    maxRank = Math.max(maxRank, r);
                }
            }
        }
        // every member must take the same way: ranks only when all have them
        int words = 1 + (Short.MAX_VALUE + 64) / 64;
        long[] mine = new long[ranked ? words : 1];
        mine[0] = ranked ? 1 : 0;
        if (ranked) {
            for (int id = 0; id < status.length; id++) {
                if (status[id] == UNKNOWN) {
                    mine[1 + rank[id] / 64] |= 1L << (rank[id] % 64);
                }
            }
        }
        long[] present = new long[words];
        boolean all = true;
        for (long[] m : s.allGather(PartitionedSearch.DRAIN, 1, mine)) {
            all &= m[0] == 1;
            for (int i = 1; i < m.length; i++) {
                present[i] |= m[i];
            }
        }
        // the passes go up to the highest rank of any member's
        int highest = 0;
        for (int i = 1; i < words; i++) {
            if (present[i] != 0) {
                highest = (i - 1) * 64 + 63 - Long.numberOfLeadingZeros(present[i]);
            }
        }
        sortUndecided(all ? Math.max(highest, maxRank) : -1);
        int round = 2;
        if (all) {
            boolean kept = true;
            for (int r = 1; r <= Short.MAX_VALUE && kept; r++) {
                if ((present[1 + r / 64] >>> (r % 64) & 1) == 0) {
                    continue;
                }
                long[] agreed = pass(r, round++);
                if (agreed[1] != 0) {
                    return "seconds";
                }
                // an answer not final at its rank (a rank the reduction does not keep): rounds decide the rest
                kept = agreed[2] == 0;
            }
            if (kept) {
                return null;
            }
        }
        rank = null;
        from = null;
        while (true) {
            long[] agreed = pass(-1, round++);
            if (agreed[1] != 0) {
                return "seconds";
            }
            if (agreed[0] == 0) {
                return null;
            }
        }
    }

    /** Fills {@link #order} with the undecided slots: by rank up to {@code maxRank}, or in slot order when it is -1. */
    private void sortUndecided(int maxRank) {
        int ranks = Math.max(0, maxRank) + 1;
        from = new int[ranks + 1];
        for (int id = 0; id < status.length; id++) {
            if (status[id] == UNKNOWN) {
                from[(maxRank < 0 ? 0 : rank[id]) + 1]++;
            }
        }
        for (int r = 0; r < ranks; r++) {
            from[r + 1] += from[r];
        }
        order = new int[from[ranks]];
        int[] at = Arrays.copyOf(from, ranks);
        for (int id = 0; id < status.length; id++) {
            if (status[id] == UNKNOWN) {
                order[at[maxRank < 0 ? 0 : rank[id]]++] = id;
            }
        }
        if (maxRank < 0) {
            from = null;
        }
    }

    /**
     * Asks about every undecided state of rank {@code r} (every undecided state when r is -1) and
     * waits until every member has done so; returns the sums of the members' new draining states,
     * stops and unranked answers.
     */
    private long[] pass(int r, int round) {
        level = r;
        changed = 0;
        unranked = false;
        int stop = 0;
        Expander ex = s.ex;
        long[] code = new long[cw];
        long[] packed = new long[s.layout.words];
        int seen = 0;
        int lo = r >= 0 && from != null ? from[r] : 0;
        int hi = r >= 0 && from != null ? from[r + 1] : order.length;
        for (int i = lo; i < hi && stop == 0; i++) {
            int id = order[i];
            if (status[id] != UNKNOWN || (r >= 0 && rank[id] != r)) {
                continue;
            }
            table.get(id, code, 0);
            codec.decode(code, 0, packed, 0);
            ex.load(packed, 0);
            successors.count = 0;
            ex.expand(successors, false);
            ask(id);
            if ((++seen & 63) == 0) {
                s.pump();
                if (System.nanoTime() > s.deadline) {
                    stop = 1;
                }
            }
        }
        for (int j = 0; j < n; j++) {
            send(j);
        }
        while (!pending.isEmpty()) {
            Transport.Message m = transport.receive(PartitionedSearch.WAIT_MILLIS);
            if (m != null) {
                s.handle(m);
            }
        }
        long[] sums = new long[3];
        for (long[] m : s.allGather(PartitionedSearch.DRAIN, round, new long[] {changed, stop, unranked ? 1 : 0})) {
            for (int i = 0; i < 3; i++) {
                sums[i] += m[i];
            }
        }
        if (r >= 0 && sums[1] == 0 && sums[2] == 0) {
            // at its rank every successor was final: what did not drain now never will
            for (int i = lo; i < hi; i++) {
                int id = order[i];
                if (status[id] == UNKNOWN && rank[id] == r) {
                    status[id] = Drainability.STUCK_FOREVER;
                }
            }
        }
        return sums;
    }

    /** Decides the state {@code id} from its own successors, or asks their owners. */
    private void ask(int id) {
        Successors sc = successors;
        for (int k = 0; k < sc.count; k++) {
            if (sc.owners[k] == s.self && drains(sc.codes, k * cw)) {
                status[id] = DRAINS;
                changed++;
                return;
            }
        }
        for (int k = 0; k < sc.count; k++) {
            int to = sc.owners[k];
            if (to == s.self) {
                continue;
            }
            if (out[to] == null) {
                out[to] = new long[1 + QUERY_STATES * cw];
                askers[to] = new int[QUERY_STATES];
            }
            System.arraycopy(sc.codes, k * cw, out[to], 1 + outCount[to] * cw, cw);
            askers[to][outCount[to]] = id;
            if (++outCount[to] == QUERY_STATES) {
                send(to);
            }
        }
    }

    /** Whether the state this member owns drains, as far as known; notes an answer that is not final at this rank. */
    private boolean drains(long[] code, int off) {
        int id = table.find(code, off);
        if (id < 0) {
            throw new IllegalStateException("a successor of a reachable state is missing from its member's visited set");
        }
        if (rank != null && level >= 0 && status[id] == UNKNOWN && rank[id] >= level) {
            unranked = true;
        }
        return status[id] == DRAINS;
    }

    private void send(int to) {
        if (outCount[to] == 0) {
            return;
        }
        while (inFlight[to] >= PartitionedSearch.WINDOW) {
            Transport.Message m = transport.receive(PartitionedSearch.WAIT_MILLIS);
            if (m != null) {
                s.handle(m);
            }
        }
        int seq = sequence++;
        out[to][0] = seq;
        transport.send(to, PartitionedSearch.QUERY, level, out[to], 1 + outCount[to] * cw);
        pending.put(((long) to << 32) | seq, Arrays.copyOf(askers[to], outCount[to]));
        inFlight[to]++;
        outCount[to] = 0;
    }

    /** A question or an answer from another member. */
    void handle(Transport.Message m) {
        long[] w = m.words();
        if (m.kind() == PartitionedSearch.QUERY) {
            int count = (w.length - 1) / cw;
            long[] answer = new long[2 + (count + 63) / 64];
            answer[0] = w[0];
            int saved = level;
            boolean savedUnranked = unranked;
            level = m.level();
            unranked = false;
            for (int k = 0; k < count; k++) {
                if (drains(w, 1 + k * cw)) {
                    answer[2 + k / 64] |= 1L << (k % 64);
                }
            }
            answer[1] = unranked ? 1 : 0;
            level = saved;
            unranked = savedUnranked;
            transport.send(m.from(), PartitionedSearch.ANSWER, m.level(), answer, answer.length);
            return;
        }
        int[] who = pending.remove(((long) m.from() << 32) | w[0]);
        if (who == null) {
            throw new IllegalStateException("an answer to no question from member " + m.from());
        }
        inFlight[m.from()]--;
        unranked |= w[1] != 0;
        for (int k = 0; k < who.length; k++) {
            if ((w[2 + k / 64] >>> (k % 64) & 1) != 0 && status[who[k]] != DRAINS) {
                status[who[k]] = DRAINS;
                changed++;
            }
        }
    }

    /** Whether a state this member owns, by its slot, is undrainable (once {@link #decide} returned null). */
    boolean undrainable(int id) {
        return status[id] != DRAINS && status[id] != ABSENT;
    }
}
