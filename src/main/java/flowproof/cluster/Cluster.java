package flowproof.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.ExecutionCallback;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceNotActiveException;
import com.hazelcast.core.IExecutorService;
import com.hazelcast.core.MemberLeftException;
import com.hazelcast.spi.exception.TargetNotMemberException;
import flowproof.explore.distributed.MemberLostException;
import flowproof.explore.distributed.Transport;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;

/**
 * The members a run drives: this JVM joins a cluster as a member ({@link #join}: the members of a
 * cluster file, {@code --cluster}; or {@link #inJvm}: N members inside this JVM, {@code --members}),
 * runs a search on every member ({@link #everyMember}) or spreads independent tasks over them
 * ({@link #map}), and leaves when closed. The other members are workers
 * ({@link Worker}); one run drives a cluster at a time.
 */
public final class Cluster implements AutoCloseable {

    /** Member attribute: how many tasks a member runs at once. */
    static final String SLOTS = "flowproof.slots";
    /** Member attribute: "worker" or "driver". */
    static final String ROLE = "flowproof.role";

    private final HazelcastInstance self;
    private final List<HazelcastInstance> instances;
    private final IExecutorService executor;
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    /** The plugins of the command that drives the cluster, sent with every job; null without {@code --plugins}. */
    private final PluginBundle plugins;

    private Cluster(HazelcastInstance self, List<HazelcastInstance> instances) {
        this.self = self;
        this.instances = instances;
        this.plugins = PluginBundle.of(Thread.currentThread().getContextClassLoader());
        this.executor = self.getExecutorService(Job.EXECUTOR);
    }

    /** Not every member listed joined within the file's {@code join-seconds}, or more joined: nothing was run. */
    public static final class Unreachable extends Exception {

        private static final long serialVersionUID = 1L;

        Unreachable(String message) {
            super(message);
        }
    }

    /** A member's configuration from a cluster file (docs/cluster.md, "Safe defaults"). */
    static Config config(ClusterFile f, String role, int slots) {
        Config c = new Config();
        c.setClusterName(f.clusterName());
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "none");
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.setProperty("hazelcast.wait.seconds.before.join", "0");
        c.setProperty("hazelcast.shutdownhook.enabled", "false");
        c.setProperty("hazelcast.max.no.heartbeat.seconds", String.valueOf(f.lostSeconds()));
        c.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        c.getJetConfig().setEnabled(false);
        NetworkConfig net = c.getNetworkConfig();
        net.setPort(f.port()).setPortCount(f.portCount()).setPortAutoIncrement(f.portCount() > 1);
        net.getInterfaces().setEnabled(true);
        for (String i : f.interfaces()) {
            net.getInterfaces().addInterface(i);
        }
        JoinConfig join = net.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        for (String m : f.members()) {
            join.getTcpIpConfig().addMember(m);
        }
        return prepare(HazelcastTransport.configure(c), role, slots);
    }

    /** Attributes, user context, class loader and the jobs' executor of every member flowproof starts. */
    static Config prepare(Config c, String role, int slots) {
        c.getMemberAttributeConfig().setAttribute(ROLE, role);
        c.getMemberAttributeConfig().setAttribute(SLOTS, String.valueOf(Math.max(1, slots)));
        c.getExecutorConfig(Job.EXECUTOR).setPoolSize(Math.max(4, 2 * slots));
        ConcurrentHashMap<String, Object> context = new ConcurrentHashMap<>();
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader != null) {
            context.put(Job.LOADER, loader);
            c.setClassLoader(loader);
            PluginBundle own = PluginBundle.of(loader);
            if (own != null) {
                context.put(PluginBundle.OWN, own.digest());
            }
        }
        c.setUserContext(context);
        return c;
    }

    /**
     * Joins the cluster of a cluster file as the member that drives a run, and waits (the file's
     * {@code join-seconds}) until every member it lists has joined.
     *
     * @throws Unreachable when they did not all join in that time, or more members than listed did
     * @throws IllegalStateException when this member cannot start (no free port on its interfaces)
     */
    public static Cluster join(ClusterFile f) throws Unreachable {
        HazelcastInstance h = start(config(f, "driver", Runtime.getRuntime().availableProcessors()));
        int want = f.members().size();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(f.joinSeconds());
        int got;
        while ((got = h.getCluster().getMembers().size()) < want && System.nanoTime() < end) {
            sleep(50);
        }
        if (got != want) {
            h.getLifecycleService().terminate();
            throw new Unreachable(got < want
                ? "--cluster: " + got + " of the " + want + " members of " + f.file() + " joined within "
                    + f.joinSeconds() + " s (a worker not started, unreachable, or with another name or secret)"
                : "--cluster: " + got + " members joined, " + f.file() + " lists " + want
                    + " (another run may be using the cluster)");
        }
        return new Cluster(h, List.of(h));
    }

    /**
     * Starts {@code n} members inside this JVM on the loopback interface ({@code --members N}): this
     * one drives, the others serve as workers do.
     *
     * @throws IllegalStateException when they do not form a cluster within a minute
     */
    public static Cluster inJvm(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("members: expected at least 1, found " + n);
        }
        String name = "flowproof-" + UUID.randomUUID();
        List<Integer> ports = HazelcastMembers.freeLoopbackPorts(n);
        int slots = Math.max(1, Runtime.getRuntime().availableProcessors() / n);
        List<HazelcastInstance> all = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                all.add(start(prepare(HazelcastMembers.loopbackConfig(name, ports.get(i), ports),
                    i == 0 ? "driver" : "worker", slots)));
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (all.get(0).getCluster().getMembers().size() < n) {
                if (System.nanoTime() > end) {
                    throw new IllegalStateException("the " + n + " members did not form a cluster within a minute");
                }
                sleep(20);
            }
            return new Cluster(all.get(0), List.copyOf(all));
        } catch (RuntimeException e) {
            for (HazelcastInstance h : all) {
                h.getLifecycleService().terminate();
            }
            throw e;
        }
    }

    static HazelcastInstance start(Config c) {
        try {
            return Hazelcast.newHazelcastInstance(c);
        } catch (RuntimeException e) {
            throw new IllegalStateException("this member could not start: " + e.getMessage(), e);
        }
    }

    /** The number of members. */
    public int members() {
        return self.getCluster().getMembers().size();
    }

    /** What the other members reported about jobs that failed on them (one line each), so far. */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    /**
     * Runs {@code task} on every member at once, on a transport of its own, and returns this
     * member's result. A member that left, or whose part failed, makes the search see a lost
     * member (its result says so); the failure's message is in {@link #failures}.
     */
    public <T> T everyMember(MemberTask<T> task) {
        return everyMember(task, task::run);
    }

    /**
     * {@link #everyMember(MemberTask)}, with this member's part run by {@code here} instead of
     * the task sent to the others: the driving member can use what it already holds (a spec read
     * from its files, whose model describes itself by those files) where the others rebuild it.
     *
     * @param task what the other members run
     * @param here this member's part, the same search on its end of the job's transport
     * @param <T> the result
     * @return this member's result
     */
    public <T> T everyMember(MemberTask<T> task, java.util.function.Function<Transport, T> here) {
        List<Member> ms = new ArrayList<>(self.getCluster().getMembers());
        int channel = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
        List<UUID> ids = new ArrayList<>();
        for (Member m : ms) {
            ids.add(m.getUuid());
        }
        Job job = Job.part(task, channel, ids, plugins);
        Map<Member, Future<Serializable>> parts = new java.util.LinkedHashMap<>();
        for (Member m : ms) {
            if (!m.localMember()) {
                parts.put(m, executor.submitToMember(job, m));
            }
        }
        T mine;
        try (Transport t = new HazelcastTransport(self, channel)) {
            mine = here.apply(t);
        }
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Map.Entry<Member, Future<Serializable>> p : parts.entrySet()) {
            try {
                p.getValue().get(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                // Hazelcast's MemberLeftException is itself an ExecutionException
                Throwable cause = e.getCause() == null ? e : e.getCause();
                if (!left(e) && !left(cause)) {
                    failures.add("member " + p.getKey().getAddress() + ": " + cause);
                }
            } catch (TimeoutException e) {
                // the member still runs its part: this member's result stands (every barrier was passed)
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return mine;
    }

    private static boolean left(Throwable t) {
        return t instanceof MemberLeftException || t instanceof TargetNotMemberException
            || t instanceof HazelcastInstanceNotActiveException;
    }

    /**
     * A task's end: its result, or the exception it threw ({@link #get} throws it again).
     *
     * @param <T> the result
     */
    public record Outcome<T>(T value, Throwable failure) {

        /** The result, or the task's exception (unchecked as thrown; a checked one wrapped). */
        public T get() {
            if (failure instanceof RuntimeException r) {
                throw r;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            if (failure != null) {
                throw new IllegalStateException(failure.toString(), failure);
            }
            return value;
        }
    }

    /**
     * Runs independent tasks on the members, this one included, as many at once on each as it
     * has slots ({@code one}: one at a time), and returns their ends in the order of {@code tasks}.
     * {@code done} hears the number of tasks finished after each.
     *
     * @throws MemberLostException when a member leaves before its tasks have ended (with how many had)
     */
    public <T extends Serializable> List<Outcome<T>> map(List<? extends Task<T>> tasks, boolean one, IntConsumer done) {
        record End(int index, Member member, Object value, Throwable failure) {
        }
        List<Member> ms = new ArrayList<>(self.getCluster().getMembers());
        int[] free = new int[ms.size()];
        for (int i = 0; i < ms.size(); i++) {
            String s = ms.get(i).getAttribute(SLOTS);
            free[i] = one || s == null ? 1 : Integer.parseInt(s);
        }
        LinkedBlockingQueue<End> ends = new LinkedBlockingQueue<>();
        List<Outcome<T>> out = new ArrayList<>(Collections.nCopies(tasks.size(), null));
        int next = 0;
        int finished = 0;
        while (finished < tasks.size()) {
            for (int i = 0; i < ms.size() && next < tasks.size(); i++) {
                while (free[i] > 0 && next < tasks.size()) {
                    int index = next++;
                    Member m = ms.get(i);
                    free[i]--;
                    executor.submitToMember(Job.task(tasks.get(index), plugins), m, new ExecutionCallback<Serializable>() {
                        @Override
                        public void onResponse(Serializable response) {
                            ends.add(new End(index, m, response, null));
                        }

                        @Override
                        public void onFailure(Throwable t) {
                            ends.add(new End(index, m, null, t));
                        }
                    });
                }
            }
            End e;
            try {
                e = ends.take();
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
                throw new MemberLostException("interrupted after " + finished + " of " + tasks.size() + " tasks");
            }
            if (e.failure() != null && left(e.failure())) {
                throw new MemberLostException("member " + e.member().getAddress() + " left; " + finished + " of "
                    + tasks.size() + " tasks had finished");
            }
            @SuppressWarnings("unchecked")
            T v = (T) e.value();
            out.set(e.index(), new Outcome<>(v, e.failure()));
            finished++;
            free[ms.indexOf(e.member())]++;
            if (done != null) {
                done.accept(finished);
            }
        }
        return out;
    }

    /** Leaves the cluster (and stops the members this JVM started). */
    @Override
    public void close() {
        for (HazelcastInstance h : instances) {
            h.getLifecycleService().terminate();
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
