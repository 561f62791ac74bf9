package flowproof.explore;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A visited set with one bit for every rank of a {@link DenseCodec}: a rank is its own slot,
 * a lookup reads one bit, an insert sets it with an atomic OR. For small state spaces (all
 * ranks within {@link DenseCodec#MAX_RANGE}) the bitmap is smaller than a hash table of the
 * reachable states and far more of it stays in the processor's caches; it never grows.
 *
 * <p>On {@code n} members of a {@link PartitionedSearch} each member holds its share of the
 * ranks: rank {@code r} is owned by member {@code (r + mix(r / n)) mod n} in slot {@code r / n}.
 * A slot's {@code n} ranks go one to each member, turned by a hash of the slot, so that the
 * reachable states spread evenly over the members (the ranks alone do not); the owner and the
 * slot give the rank back, so a slot is a state's id as on one JVM and the members' sets
 * together are the single JVM's one. Every successor a member generates asks for its owner and
 * slot: the division by {@code n} is a multiplication by a rounded-up reciprocal and a shift,
 * exact for every rank below 2<sup>31</sup> (Granlund and Montgomery, "Division by invariant
 * integers using multiplication", PLDI 1994), where a 64-bit division costs tens of cycles.
 */
final class DenseStateSet implements VisitedTable {

    private static final VarHandle WORD = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] bits;
    private final int slots;
    private final int members;
    private final int self;
    /** {@code r / members} is {@code (r * magic) >>> shift} for every rank {@code r < 2^31}. */
    private final long magic;
    private final int shift;

    /** The whole set, on one JVM. */
    DenseStateSet(long range) {
        this(range, 1, 0);
    }

    /** Member {@code self}'s share of {@code range} ranks among {@code members}. */
    DenseStateSet(long range, int members, int self) {
        this.members = members;
        this.self = self;
        // k = 31 + ceil(log2 n), magic = ceil(2^k / n): magic * n - 2^k < n, so for r < 2^31 the
        // error r * (magic * n - 2^k) / 2^k stays below 1 / n and the quotient is exact; r * magic < 2^63
        this.shift = 31 + 32 - Integer.numberOfLeadingZeros(members - 1);
        this.magic = ((1L << shift) + members - 1) / members;
        this.slots = (int) ((range + members - 1) / members);
        this.bits = new long[(slots + 63) >>> 6];
    }

    /** Bytes of one member's share of {@code range} ranks among {@code members}. */
    static long bytes(long range, int members) {
        return 8L * ((range + members - 1) / members + 63 >>> 6);
    }

    /** The member that owns a rank (below {@link DenseCodec#MAX_RANGE}): {@code (r + mix(r / n)) mod n}. */
    int owner(long rank) {
        long slot = (rank * magic) >>> shift;
        int o = (int) (rank - slot * members) + mix(slot, members);
        return o >= members ? o - members : o;
    }

    /** The turn of a slot's ranks: a hash of the slot below {@code members}. */
    private static int mix(long slot, int members) {
        return (int) ((((slot * 0x9E3779B97F4A7C15L) >>> 32) * members) >>> 32);
    }

    private int slot(long rank) {
        return members == 1 ? (int) rank : (int) ((rank * magic) >>> shift);
    }

    @Override
    public int insert(long[] code, int off) {
        int c = slot(code[off]);
        long mask = 1L << c;
        if (((long) WORD.getAcquire(bits, c >>> 6) & mask) != 0
            || ((long) WORD.getAndBitwiseOr(bits, c >>> 6, mask) & mask) != 0) {
            return -(c + 1);
        }
        return c;
    }

    @Override
    public int find(long[] code, int off) {
        int c = slot(code[off]);
        return ((long) WORD.getAcquire(bits, c >>> 6) & (1L << c)) != 0 ? c : -1;
    }

    @Override
    public long touch(long[] codes, int count) {
        long acc = 0;
        for (int k = 0; k < count; k++) {
            acc += bits[slot(codes[k]) >>> 6];
        }
        return acc;
    }

    @Override
    public int slots() {
        return slots;
    }

    @Override
    public boolean occupied(int slot) {
        return (bits[slot >>> 6] & (1L << slot)) != 0;
    }

    @Override
    public void get(int slot, long[] dst, int off) {
        // this member's rank of the slot: the one whose (residue + mix) mod n is self
        dst[off] = members == 1 ? slot : (long) slot * members + Math.floorMod(self - mix(slot, members), members);
    }

    @Override
    public long bytes() {
        return 8L * bits.length;
    }

    /** Never full: every rank has its bit from the start. */
    @Override
    public long room(long size) {
        return Long.MAX_VALUE >>> 2;
    }

    @Override
    public long maxSlots() {
        return slots;
    }

    /** Never called ({@link #room} is never short). */
    @Override
    public void grow(int newSlots) {
        throw new UnsupportedOperationException("a dense state set holds every rank from the start");
    }
}
