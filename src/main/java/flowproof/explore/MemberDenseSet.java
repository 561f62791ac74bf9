package flowproof.explore;

/**
 * One member's share of a {@link DenseCodec}'s ranks, as a visited set of a bit per rank it
 * owns ({@link PartitionedSearch}): the members' sets together are the single JVM's
 * {@link DenseStateSet}, each a {@code 1/n} part of it. Rank {@code r} is owned by member
 * {@code (r + mix(r / n)) mod n} in slot {@code r / n}: a slot's members hold the ranks
 * {@code n * slot .. n * slot + n - 1}, one each, given out by a hash of the slot so that no
 * member gets more of the reachable states than the others (ranks by themselves are not
 * spread evenly). The owner and the slot determine the rank, so a slot is a state's id as in
 * the single JVM's set, and the drainability pass addresses this member's slots.
 */
final class MemberDenseSet implements VisitedTable {

    private final long[] bits;
    private final int slots;
    private final int members;
    private final int self;

    MemberDenseSet(long range, int members, int self) {
        this.members = members;
        this.self = self;
        this.slots = (int) ((range + members - 1) / members);
        this.bits = new long[(slots + 63) >>> 6];
    }

    /** Bytes of the bit set of one member's share of {@code range} ranks among {@code members}. */
    static long bytes(long range, int members) {
        return 8L * ((range + members - 1) / members + 63 >>> 6);
    }

    /** The member that owns a rank. */
    static int owner(long rank, int members) {
        long slot = rank / members;
        return (int) ((rank - slot * members + mix(slot, members)) % members);
    }

    /** The offset a slot's ranks are turned by: a hash of the slot below {@code members}. */
    private static int mix(long slot, int members) {
        return (int) ((((slot * 0x9E3779B97F4A7C15L) >>> 32) * members) >>> 32);
    }

    @Override
    public int insert(long[] code, int off) {
        int slot = (int) (code[off] / members);
        long mask = 1L << slot;
        long word = bits[slot >>> 6];
        if ((word & mask) != 0) {
            return -(slot + 1);
        }
        bits[slot >>> 6] = word | mask;
        return slot;
    }

    @Override
    public int find(long[] code, int off) {
        int slot = (int) (code[off] / members);
        return (bits[slot >>> 6] & (1L << slot)) != 0 ? slot : -1;
    }

    @Override
    public long touch(long[] codes, int count) {
        long acc = 0;
        for (int k = 0; k < count; k++) {
            acc += bits[(int) (codes[k] / members) >>> 6];
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
        // the rank of this member's in the slot: (residue + mix) mod n == self
        dst[off] = (long) slot * members + Math.floorMod(self - mix(slot, members), members);
    }

    @Override
    public long bytes() {
        return 8L * bits.length;
    }

    /** Never full: every rank this member owns has its bit from the start. */
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
        throw new UnsupportedOperationException("a member's dense set holds every rank it owns from the start");
    }
}
