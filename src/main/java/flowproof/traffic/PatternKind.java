package flowproof.traffic;

import flowproof.ConfigurationException;
import flowproof.topology.Grid;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The traffic patterns of the simulator, by the names specs use (the registry that
 * {@link WorkloadReader} validates names against). The definitions follow the seeds
 * (see {@code schemes.md}, "Traffic patterns"): Tune (Thottethodi et al.) for
 * bit-reversal, perfect shuffle and complement; SPTh (Table 1) for transpose,
 * bit-rotation and random pair; CBCM for the flattened butterfly's adversarial pattern.
 *
 * <p>Bit patterns permute the bits of a terminal's index and need a power-of-two number
 * of terminals. Patterns that use coordinates (transpose, tornado, neighbor) do so on a
 * torus or mesh; elsewhere, and inside a mix entry's own set, they fall back to the
 * index rules given with each constant.
 */
enum PatternKind {
    /** Uniform random over every other terminal of the space. */
    UNIFORM("uniform", null),
    /**
     * (x, y) to (y, x): by coordinates on a square 2-D torus or mesh; elsewhere (other
     * tori and meshes included) the upper and lower halves of the index bits swap, which
     * needs a power of two with an even bit count.
     */
    TRANSPOSE("transpose", null),
    /** Every index bit inverted (Tune's "complement"). */
    BIT_COMPLEMENT("bit-complement", null),
    /** Index bits in reverse order. */
    BIT_REVERSE("bit-reverse", null),
    /** Perfect shuffle: index rotated left by one bit. */
    SHUFFLE("shuffle", null),
    /** Index rotated right by one bit (the inverse of shuffle). */
    BIT_ROTATION("bit-rotation", null),
    /**
     * On a torus or mesh every coordinate advances by ceil(k/2) - 1 (mod k); elsewhere
     * t to t + floor(T/2) mod T.
     */
    TORNADO("tornado", null),
    /** On a torus or mesh +1 in dimension 0 (mod k); elsewhere t to t + 1 mod T. */
    NEIGHBOR("neighbor", null),
    /**
     * On a torus or mesh +1 in every dimension (mod k), BookSim's {@code neighbor}
     * (traffic.cpp); elsewhere t to t + 1 mod T.
     */
    NEIGHBOR_ALL("neighbor-all", null),
    /**
     * The flattened butterfly's worst case (CBCM): the terminals of router i send to the
     * terminal with the same port index at router i + 1, t to t + c mod T, c = concentration.
     */
    ADVERSARIAL("adversarial", null),
    /** A random permutation of the terminals fixed when a run starts; fixed points send nothing. */
    RANDOM_PERMUTATION("random-permutation", "random-pair"),
    /** Some sources send to one terminal, the others follow a background pattern. */
    HOT_SPOT("hot-spot", null);

    /** The parameters of hot-spot ({@code per}: source or packet, issue 20). */
    static final List<String> HOT_SPOT_PARAMETERS = List.of("node", "fraction", "sources", "choose", "background", "per",
        "self", "weights");

    /** The parameters of uniform: {@code self} (whether a source may send to itself, default false). */
    static final List<String> UNIFORM_PARAMETERS = List.of("self");
    /** The parameters of the fixed permutations: {@code self} (whether a fixed point sends to itself, default false: it sends nothing). */
    static final List<String> PERMUTATION_PARAMETERS = List.of("self");

    private final String key;
    private final String alias;

    PatternKind(String key, String alias) {
        this.key = key;
        this.alias = alias;
    }

    String key() {
        return key;
    }

    /** The pattern named {@code name} (key or alias), or null. */
    static PatternKind of(String name) {
        for (PatternKind k : values()) {
            if (k.key.equals(name) || name.equals(k.alias)) {
                return k;
            }
        }
        return null;
    }

    /** Every name, for error messages. */
    static String keys() {
        return Arrays.stream(values()).map(PatternKind::names).collect(Collectors.joining(", "));
    }

    /** The names of the patterns a hot spot's background may follow (all but hot-spot), and none. */
    static String backgroundKeys() {
        return Arrays.stream(values()).filter(k -> k != HOT_SPOT).map(PatternKind::names)
            .collect(Collectors.joining(", ")) + ", none";
    }

    private String names() {
        return alias == null ? key : key + " (or " + alias + ")";
    }

    /** Whether the destination of a source is fixed by the space alone (no randomness). */
    boolean isPermutation() {
        return this != UNIFORM && this != RANDOM_PERMUTATION && this != HOT_SPOT;
    }

    /** Whether the pattern permutes index bits and so needs a power-of-two space. */
    boolean isBitPattern() {
        return this == BIT_COMPLEMENT || this == BIT_REVERSE || this == SHUFFLE || this == BIT_ROTATION;
    }

    /**
     * The destination rank of every rank of the space (a source may map to itself).
     *
     * @param field the spec field naming the pattern, for errors
     * @throws ConfigurationException when the pattern does not apply to the space
     */
    int[] permutation(TerminalSpace space, String field) {
        if (!isPermutation()) {
            throw new IllegalStateException(key + " is not a fixed permutation");
        }
        int m = space.size();
        int[] to = new int[m];
        Grid torus = space.torus();
        boolean square = torus != null && torus.dimensions() == 2 && torus.radix(0) == torus.radix(1);
        if ((torus != null && (this == TORNADO || this == NEIGHBOR || this == NEIGHBOR_ALL))
            || (square && this == TRANSPOSE)) {
            byCoordinates(torus, space.concentration(), to);
            return to;
        }
        if (isBitPattern() || this == TRANSPOSE) {
            requirePowerOfTwo(space, field);
        }
        int bits = Integer.numberOfTrailingZeros(m);
        int mask = m - 1;
        for (int r = 0; r < m; r++) {
            to[r] = switch (this) {
                case TRANSPOSE -> ((r & ((1 << bits / 2) - 1)) << (bits / 2)) | (r >>> (bits / 2));
                case BIT_COMPLEMENT -> ~r & mask;
                case BIT_REVERSE -> bits == 0 ? r : Integer.reverse(r) >>> (32 - bits);
                case SHUFFLE -> bits == 0 ? r : ((r << 1) | (r >>> (bits - 1))) & mask;
                case BIT_ROTATION -> bits == 0 ? r : (r >>> 1) | ((r & 1) << (bits - 1));
                case TORNADO -> (r + m / 2) % m;
                case NEIGHBOR, NEIGHBOR_ALL -> (r + 1) % m;
                case ADVERSARIAL -> (int) ((r + (long) space.concentration()) % m);
                default -> throw new AssertionError(this);
            };
        }
        return to;
    }

    private void requirePowerOfTwo(TerminalSpace space, String field) {
        int m = space.size();
        if (this == TRANSPOSE && (Integer.bitCount(m) != 1 || Integer.numberOfTrailingZeros(m) % 2 != 0)) {
            throw new ConfigurationException(field, "a square 2-D torus or mesh, or a number of terminals that is an"
                + " even power of two (4, 16, 64, ...), for transpose", space.describe());
        }
        if (Integer.bitCount(m) != 1) {
            throw new ConfigurationException(field, "a power-of-two number of terminals for " + key
                + " (it permutes the bits of terminal indices)", space.describe());
        }
    }

    /** Transpose, tornado and the neighbors on a torus or mesh: routers by coordinates, port index kept. */
    private void byCoordinates(Grid torus, int c, int[] to) {
        int n = torus.dimensions();
        int[] x = new int[n];
        for (int t = 0; t < to.length; t++) {
            int router = t / c;
            for (int i = 0; i < n; i++) {
                x[i] = torus.coordinate(router, i);
            }
            switch (this) {
                case TRANSPOSE -> {
                    int swap = x[0];
                    x[0] = x[1];
                    x[1] = swap;
                }
                case TORNADO -> {
                    for (int i = 0; i < n; i++) {
                        x[i] += (torus.radix(i) + 1) / 2 - 1;
                    }
                }
                case NEIGHBOR -> x[0] += 1;
                case NEIGHBOR_ALL -> {
                    for (int i = 0; i < n; i++) {
                        x[i] += 1;
                    }
                }
                default -> throw new AssertionError(this);
            }
            to[t] = torus.node(x) * c + t % c;
        }
    }
}
