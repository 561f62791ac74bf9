package flowproof.topology;

/**
 * A network whose routers sit on the points of a k-ary n-cube (rings, tori, meshes; a user's
 * topology may be one too): what rules, traffic patterns, schemes and pictures that place
 * things by coordinate ask, instead of testing for a class. Node ids are mixed-radix numbers,
 * dimension 0 least significant.
 */
public interface Grid extends Topology {

    /** n. */
    int dimensions();

    /** The radix of a dimension. */
    int radix(int dimension);

    /** Whether every dimension has channels both ways. */
    boolean bidirectional();

    /** Whether the dimensions wrap around (a torus or ring; false for a mesh). */
    boolean hasWrapAround();

    /** The coordinate of {@code node} in {@code dimension}. */
    int coordinate(int node, int dimension);

    /** The node at {@code coordinates} (one per dimension). */
    int node(int... coordinates);
}
