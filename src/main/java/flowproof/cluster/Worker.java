package flowproof.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.HazelcastInstance;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code flowproof worker --cluster FILE}: a member that joins the cluster of a cluster file and
 * serves the jobs of the runs that drive it ({@code --cluster} on explore, verify, sweep,
 * compare) until it is stopped: Ctrl-C, SIGTERM, or {@link #stopAll} from another member. It
 * prints one line per job. A member whose part of a search failed leaves the cluster (so that
 * the others end as member-lost instead of waiting for it) and joins it again.
 */
public final class Worker {

    private Worker() {
    }

    /**
     * Serves until stopped; returns when stopped.
     *
     * @throws IllegalStateException when the member cannot start (no free port on its interfaces)
     */
    public static void serve(ClusterFile f, PrintWriter out) {
        serve(f, out, false);
    }

    /**
     * Serves until stopped, running the jobs of a driver that sends its plugins with them when
     * {@code acceptPlugins} (else with this worker's own {@code --plugins}); returns when stopped.
     *
     * @throws IllegalStateException when the member cannot start (no free port on its interfaces)
     */
    public static void serve(ClusterFile f, PrintWriter out, boolean acceptPlugins) {
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch over = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            stop.countDown();
            try {
                over.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "flowproof-worker-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        Consumer<String> log = line -> {
            synchronized (out) {
                out.println("worker: " + line);
                out.flush();
            }
        };
        try {
            while (stop.getCount() > 0) {
                var c = Cluster.config(f, "worker", Runtime.getRuntime().availableProcessors());
                c.getUserContext().put(Job.LOG, log);
                c.getUserContext().put(Job.STOP, (Runnable) stop::countDown);
                if (acceptPlugins) {
                    c.getUserContext().put(PluginBundle.ACCEPT, Boolean.TRUE);
                }
                HazelcastInstance h = Cluster.start(c);
                log.accept("joined " + f.name() + " as " + h.getCluster().getLocalMember().getAddress() + ", "
                    + h.getCluster().getMembers().size() + " members");
                h.getCluster().addMembershipListener(new MembershipListener() {
                    @Override
                    public void memberAdded(MembershipEvent e) {
                        log.accept("member " + e.getMember().getAddress() + " joined, " + e.getMembers().size()
                            + " members");
                    }

                    @Override
                    public void memberRemoved(MembershipEvent e) {
                        log.accept("member " + e.getMember().getAddress() + " left, " + e.getMembers().size()
                            + " members");
                    }
                });
                while (h.getLifecycleService().isRunning() && !stop.await(200, TimeUnit.MILLISECONDS)) {
                    // serving: the jobs run on Hazelcast's executor threads
                }
                if (h.getLifecycleService().isRunning()) {
                    h.getLifecycleService().shutdown();
                } else if (stop.getCount() > 0) {
                    log.accept("left the cluster after a failed job; joining again");
                }
            }
            log.accept("stopped");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            over.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down (SIGTERM): the hook is running
            }
        }
    }

    /**
     * Joins the cluster of {@code f} for a moment and asks every worker in it to stop
     * ({@code worker --stop}); returns the addresses of the workers that said they stop.
     *
     * @throws IllegalStateException when this member cannot start
     */
    public static List<String> stopAll(ClusterFile f) {
        HazelcastInstance h = Cluster.start(Cluster.config(f, "driver", 1));
        try {
            List<String> stopped = new ArrayList<>();
            for (Member m : h.getCluster().getMembers()) {
                if ("worker".equals(m.getAttribute(Cluster.ROLE))) {
                    try {
                        h.getExecutorService(Job.EXECUTOR).submitToMember(Job.stop(), m).get(30, TimeUnit.SECONDS);
                        stopped.add(String.valueOf(m.getAddress()));
                    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                        // gone already, or not answering: not counted as stopped
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            return stopped;
        } finally {
            h.getLifecycleService().shutdown();
        }
    }
}
