package flowproof.explore.distributed;

/**
 * A member of a partitioned search left (its process ended, its machine became unreachable,
 * its endpoint was closed) before the search was over. The search that catches it ends as
 * incomplete with the counts of the last finished level: it never claims a verdict.
 */
public final class MemberLostException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MemberLostException(String message) {
        super(message);
    }
}
