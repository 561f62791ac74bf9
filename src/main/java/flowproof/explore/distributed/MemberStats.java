package flowproof.explore.distributed;

/**
 * What one member of a partitioned search sent and waited for, measured by the search itself.
 *
 * @param remoteSuccessors successors this member sent to the member that owns them
 * @param bytesSent        bytes this member's transport put on the wire ({@link Transport#bytesSent}):
 *                         batches, acknowledgements and barrier messages, without the engine's framing
 * @param barriers         level barriers this member passed
 * @param barrierMillis    mean wall time of a level barrier on this member: from the end of its
 *                         expansion of the level until every member's counts for it had arrived
 */
public record MemberStats(long remoteSuccessors, long bytesSent, int barriers, double barrierMillis) {

    /** Bytes on the wire per successor sent to another member (0 when none was sent). */
    public double bytesPerRemoteSuccessor() {
        return remoteSuccessors == 0 ? 0 : (double) bytesSent / remoteSuccessors;
    }
}
