package flowproof.cli;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What the JVM did besides the measured work while {@code bench --members} ran the members:
 * garbage collections (count and the collectors' own accumulated time) and the most threads
 * alive at once, so that a slow level barrier can be told from a collection or a crowd of
 * threads on few cores.
 *
 * @param collections garbage collections, every collector's
 * @param gcMillis    their time as the collectors report it (pauses and concurrent work)
 * @param peakThreads the most threads alive at once
 */
record JvmActivity(long collections, long gcMillis, int peakThreads) {

    /** The counts now, with the peak thread count reset: {@link #since} gives what happened after. */
    static JvmActivity start() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        threads.resetPeakThreadCount();
        return now(threads);
    }

    /** What happened since {@code start}. */
    JvmActivity since() {
        JvmActivity end = now(ManagementFactory.getThreadMXBean());
        return new JvmActivity(end.collections - collections, end.gcMillis - gcMillis, end.peakThreads);
    }

    private static JvmActivity now(ThreadMXBean threads) {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new JvmActivity(count, millis, threads.getPeakThreadCount());
    }
}
