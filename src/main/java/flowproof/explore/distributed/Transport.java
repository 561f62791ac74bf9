package flowproof.explore.distributed;

/**
 * One member's end of the links between the members of a partitioned search. Members are
 * numbered {@code 0..members()-1}; every member runs the same search and holds its own part of
 * the visited set. A message is a kind, a BFS level and an array of longs (encoded states, or
 * counts); the search builds its batches, acknowledgements and barriers out of these.
 *
 * <p>Contract, which every implementation keeps:
 * <ul>
 *   <li>every message sent is delivered exactly once to its member, whole, possibly in another
 *       order than it was sent (the search counts and tags messages and needs no order);</li>
 *   <li>{@link #send} never waits for the receiver to take the message (the search bounds what is
 *       in flight itself, by acknowledgements);</li>
 *   <li>{@link #receive} returns the messages already delivered before it reports a lost member;</li>
 *   <li>{@link #close} returns once every message this member sent has been delivered.</li>
 * </ul>
 * One transport carries one search: a member that is done may begin its next search while another
 * still reads the last messages of this one, so the next search needs transports of its own.
 */
public interface Transport extends AutoCloseable {

    /** A message as received: the member it came from, its kind and level, and its longs. */
    record Message(int from, int kind, int level, long[] words) {
    }

    /** The number of members, at least 1. */
    int members();

    /** This member's number, in {@code 0..members()-1}. */
    int self();

    /**
     * Sends {@code words[0..length)} to member {@code to} (another member, never this one). The
     * array may be reused by the caller as soon as this returns.
     *
     * @throws MemberLostException when a member has left
     */
    void send(int to, int kind, int level, long[] words, int length);

    /**
     * The next message delivered to this member, waiting at most {@code millis} milliseconds;
     * null when none came in that time.
     *
     * @throws MemberLostException when a member left and nothing delivered is left to return
     */
    Message receive(long millis);

    /** Bytes this member has put on the wire so far: the messages' own encoding, without the engine's framing. */
    long bytesSent();

    /** Leaves the cluster once everything sent has been delivered. */
    @Override
    void close();
}
