package flowproof.explore;

/**
 * The visited set of {@link LevelSearch}, keyed by code words ({@link StateCodec}): safe for
 * concurrent {@link #insert} and {@link #find}; a slot is a state's id between rounds.
 * {@link ConcurrentStateTable} hashes any code; {@link DenseStateSet} gives every possible
 * code its own bit.
 */
interface VisitedTable {

    /** Inserts a code. Returns its slot (>= 0) if this call added it, or {@code -(slot + 1)} if it was there already. */
    int insert(long[] code, int off);

    /** The slot holding the code, or -1. Safe during inserts by other threads. */
    int find(long[] code, int off);

    /** Reads where each of {@code count} codes would go, so that their cache misses overlap: a speed measure only. */
    long touch(long[] codes, int count);

    /** Slots (ids range over {@code 0..slots()-1}). */
    int slots();

    /** Whether a slot holds a state (only between rounds). */
    boolean occupied(int slot);

    /** Copies the code of an occupied slot (only between rounds). */
    void get(int slot, long[] dst, int off);

    long bytes();

    /** States that may still be inserted before the table must grow. */
    long room(long size);

    /** Most slots the table can grow to. */
    long maxSlots();

    /** Rehashes into {@code newSlots} slots, single-threaded between rounds; slot ids change. */
    void grow(int newSlots);
}
