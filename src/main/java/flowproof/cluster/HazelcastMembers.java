package flowproof.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import flowproof.explore.distributed.Transport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Starts {@code n} embedded Hazelcast members inside this JVM ({@code --members N}), runs one
 * member's part of a search on each, on its own thread, and shuts them down. The members talk
 * over TCP on the loopback interface only, each on a port found free, joined by an explicit
 * TCP-IP member list (multicast and every other discovery off), in a cluster named for this run
 * alone, with Hazelcast's phone-home off and its logging silenced.
 */
public final class HazelcastMembers {

    private HazelcastMembers() {
    }

    /** A member's configuration for a cluster of members on the loopback interface at {@code ports}. */
    static Config loopbackConfig(String clusterName, int port, List<Integer> ports) {
        Config c = new Config();
        c.setClusterName(clusterName);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "none");
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.setProperty("hazelcast.wait.seconds.before.join", "0");
        c.setProperty("hazelcast.shutdownhook.enabled", "false");
        c.getJetConfig().setEnabled(false);
        NetworkConfig net = c.getNetworkConfig();
        net.setPort(port).setPortAutoIncrement(false);
        net.getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig join = net.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        for (int p : ports) {
            join.getTcpIpConfig().addMember("127.0.0.1:" + p);
        }
        c.setUserContext(new ConcurrentHashMap<>());
        return HazelcastTransport.configure(c);
    }

    /**
     * Runs {@code member} on each of {@code n} Hazelcast members in this JVM and returns what each
     * returned, in member order. {@code member} gets the transports of its searches: each call of
     * the supplier begins the next search (every member must run the same searches in the same
     * order); the caller closes each transport when its search is over.
     *
     * @throws IllegalStateException when the members do not form a cluster within a minute
     */
    public static <T> List<T> run(int n, Function<Supplier<Transport>, T> member) {
        if (n < 1) {
            throw new IllegalArgumentException("members: expected at least 1, found " + n);
        }
        String name = "flowproof-" + UUID.randomUUID();
        List<Integer> ports = freeLoopbackPorts(n);
        List<HazelcastInstance> instances = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "flowproof-member");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<HazelcastInstance>> starting = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Config c = loopbackConfig(name, ports.get(i), ports);
                if (i == 0) {
                    // the first member alone: it becomes the master at once, the others join it
                    instances.add(Hazelcast.newHazelcastInstance(c));
                } else {
                    starting.add(pool.submit(() -> Hazelcast.newHazelcastInstance(c)));
                }
            }
            for (Future<HazelcastInstance> f : starting) {
                instances.add(get(f));
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            for (HazelcastInstance h : instances) {
                while (h.getCluster().getMembers().size() < n) {
                    if (System.nanoTime() > end) {
                        throw new IllegalStateException("the " + n + " members did not form a cluster within a minute");
                    }
                    sleep();
                }
            }
            int[] index = new int[n];
            for (int i = 0; i < n; i++) {
                HazelcastInstance h = instances.get(i);
                index[i] = new ArrayList<>(h.getCluster().getMembers()).indexOf(h.getCluster().getLocalMember());
            }
            List<Future<T>> results = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                HazelcastInstance h = instances.get(i);
                results.add(pool.submit(() -> {
                    int[] channel = {0};
                    try {
                        return member.apply(() -> new HazelcastTransport(h, channel[0]++));
                    } catch (RuntimeException | Error e) {
                        // a member that fails leaves the cluster, so that the others end as member-lost
                        // instead of waiting for it at a barrier
                        h.getLifecycleService().terminate();
                        throw e;
                    }
                }));
            }
            List<T> byMember = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                byMember.add(null);
            }
            // every member's end first (a failing one must not leave the others running), then the
            // results in member (cluster) order, not in start order
            RuntimeException failure = null;
            for (int i = 0; i < n; i++) {
                try {
                    byMember.set(index[i], get(results.get(i)));
                } catch (RuntimeException e) {
                    failure = failure == null ? e : failure;
                }
            }
            if (failure != null) {
                throw failure;
            }
            return byMember;
        } finally {
            for (HazelcastInstance h : instances) {
                h.getLifecycleService().terminate();
            }
            pool.shutdownNow();
        }
    }

    private static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause().toString(), e.getCause());
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * The ports {@link #freeLoopbackPorts} draws from: below Linux's ephemeral range (32768-60999)
     * and below the 20000-32000 the cluster tests pick their own ports from.
     */
    private static final int LOW_PORT = 10_000;
    private static final int HIGH_PORT = 20_000;

    /**
     * {@code n} distinct ports free on the loopback interface just now, drawn at random below the
     * ephemeral range: a port the kernel hands out for bind(0) is also the kind it hands out for
     * the members' own outgoing connections, and one of those took a chosen port before its member
     * bound it ("Port [...] is already in use", seen once in a test run). Falls back to ephemeral
     * ports when none is found there.
     */
    static List<Integer> freeLoopbackPorts(int n) {
        List<ServerSocket> held = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        try {
            for (int tries = 0; ports.size() < n && tries < 50 * n; tries++) {
                int p = random.nextInt(LOW_PORT, HIGH_PORT);
                if (ports.contains(p)) {
                    continue;
                }
                try {
                    ServerSocket s = new ServerSocket(p, 1, InetAddress.getLoopbackAddress());
                    held.add(s);
                    ports.add(p);
                } catch (IOException taken) {
                    // in use: draw another
                }
            }
            while (ports.size() < n) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                held.add(s);
                ports.add(s.getLocalPort());
            }
            return ports;
        } catch (IOException e) {
            throw new IllegalStateException("no free port on the loopback interface: " + e.getMessage(), e);
        } finally {
            for (ServerSocket s : held) {
                try {
                    s.close();
                } catch (IOException e) {
                    // closing a probe socket: nothing to do
                }
            }
        }
    }
}
