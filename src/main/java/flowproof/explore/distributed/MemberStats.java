package flowproof.explore.distributed;

/**
 * What one member of a partitioned search sent and waited for, measured by the search itself.
 *
 * @param remoteSuccessors   successors this member sent to the member that owns them
 * @param bytesSent          bytes this member's transport put on the wire ({@link Transport#bytesSent}):
 *                           batches, acknowledgements and barrier messages, without the engine's framing
 * @param barrierEnterNanos  {@link System#nanoTime()} when this member entered each level's barrier (it had
 *                           expanded the level's states; its last batches not sent yet), level by level
 * @param barrierLeaveNanos  {@link System#nanoTime()} when it left each level's barrier (every member's word
 *                           for the level had arrived and every batch sent to it in the level was inserted)
 */
public record MemberStats(long remoteSuccessors, long bytesSent, long[] barrierEnterNanos, long[] barrierLeaveNanos) {

    /** Bytes on the wire per successor sent to another member (0 when none was sent). */
    public double bytesPerRemoteSuccessor() {
        return remoteSuccessors == 0 ? 0 : (double) bytesSent / remoteSuccessors;
    }

    /**
     * The barrier protocol's own time per level: from the moment the last member entered the
     * level's barrier until the last member left it (waiting for slower members not included), as
     * its mean and median over the levels; and the mean over levels of the longest time a member
     * spent in the barrier (waiting for slower members included); in milliseconds. Only for
     * members in one JVM, whose {@link System#nanoTime()} is one clock.
     */
    public static double[] barrierMillis(java.util.List<MemberStats> members) {
        int levels = members.get(0).barrierEnterNanos().length;
        if (levels == 0) {
            return new double[3];
        }
        double[] protocol = barrierLevelMillis(members);
        double waited = 0;
        for (int l = 0; l < levels; l++) {
            long longest = 0;
            for (MemberStats m : members) {
                longest = Math.max(longest, m.barrierLeaveNanos()[l] - m.barrierEnterNanos()[l]);
            }
            waited += longest / 1e6;
        }
        double mean = java.util.Arrays.stream(protocol).average().orElse(0);
        java.util.Arrays.sort(protocol);
        double median = levels % 2 == 1 ? protocol[levels / 2] : (protocol[levels / 2 - 1] + protocol[levels / 2]) / 2;
        return new double[] {mean, median, waited / levels};
    }

    /** The barrier protocol's own time at each level (as {@link #barrierMillis}), level by level, in milliseconds. */
    public static double[] barrierLevelMillis(java.util.List<MemberStats> members) {
        int levels = members.get(0).barrierEnterNanos().length;
        double[] protocol = new double[levels];
        for (int l = 0; l < levels; l++) {
            long lastIn = Long.MIN_VALUE;
            long lastOut = Long.MIN_VALUE;
            for (MemberStats m : members) {
                lastIn = Math.max(lastIn, m.barrierEnterNanos()[l]);
                lastOut = Math.max(lastOut, m.barrierLeaveNanos()[l]);
            }
            protocol[l] = (lastOut - lastIn) / 1e6;
        }
        return protocol;
    }
}
