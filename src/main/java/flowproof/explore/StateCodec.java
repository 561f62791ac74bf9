package flowproof.explore;

/**
 * How {@link LevelSearch} turns packed states into the code words its visited set and level
 * lists hold, and back: {@link CompactCodec} (mixed-radix digits over every field value) or
 * {@link DenseCodec} (one rank per state, the index of its bit in a {@link DenseStateSet}).
 */
interface StateCodec {

    /** Code words per state. */
    int words();

    /**
     * Writes the code of the packed state {@code s} into {@code out}; false when this codec
     * has no code for it (then {@code out} holds nothing meaningful).
     */
    boolean encode(long[] s, int off, long[] out, int outOff);

    /** Writes the packed state of a code into {@code out}. */
    void decode(long[] code, int off, long[] out, int outOff);
}
