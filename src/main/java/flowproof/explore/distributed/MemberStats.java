package flowproof.explore.distributed;

/**
 * What one member of a partitioned search sent and waited for, measured by the search itself.
 *
 * @param remoteSuccessors successors this member sent to the member that owns them
 * @param bytesSent        bytes this member's transport put on the wire ({@link Transport#bytesSent}):
 *                         batches, acknowledgements and barrier messages, without the engine's framing
 * @param barrierMillis    wall milliseconds of each level barrier on this member, level by level: from
 *                         the end of its expansion of the level (its last batches not sent yet) until
 *                         every member's counts for the level had arrived. It includes waiting for
 *                         members that finish expanding later; on the member that finishes last it is
 *                         the barrier protocol alone.
 */
public record MemberStats(long remoteSuccessors, long bytesSent, double[] barrierMillis) {

    /** Bytes on the wire per successor sent to another member (0 when none was sent). */
    public double bytesPerRemoteSuccessor() {
        return remoteSuccessors == 0 ? 0 : (double) bytesSent / remoteSuccessors;
    }
}
