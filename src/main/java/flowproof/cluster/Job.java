package flowproof.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import flowproof.explore.distributed.Transport;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * What a member is asked to run, sent through Hazelcast's executor {@value #EXECUTOR}: its part
 * of a job every member runs ({@link MemberTask}), one independent {@link Task}, or "stop" (to a
 * worker). It runs with the class loader of the command that started the member (its
 * {@code --plugins}), or on a worker that accepts them with the plugins the driving command sent
 * ({@link PluginBundle}), and logs one line per job where the member keeps a log (a worker's output).
 */
final class Job implements Callable<Serializable>, Serializable, HazelcastInstanceAware {

    private static final long serialVersionUID = 1L;

    /** The executor jobs run on (its own threads, apart from the search's deliveries). */
    static final String EXECUTOR = "flowproof-jobs";
    /** User-context key: where a member logs one line per job (a {@code Consumer<String>}), if anywhere. */
    static final String LOG = "flowproof.log";
    /** User-context key: the class loader jobs run with. */
    static final String LOADER = "flowproof.loader";
    /** User-context key: what stops a worker (a {@code Runnable}); absent on a member that drives runs. */
    static final String STOP = "flowproof.stop";

    private final MemberTask<?> part;
    private final int channel;
    private final List<UUID> members;
    private final Task<?> task;
    /** The driving command's plugins, or null. */
    private final PluginBundle plugins;
    private transient HazelcastInstance instance;

    private Job(MemberTask<?> part, int channel, List<UUID> members, Task<?> task, PluginBundle plugins) {
        this.part = part;
        this.channel = channel;
        this.members = members;
        this.task = task;
        this.plugins = plugins;
    }

    /**
     * A member's part of a job every member of {@code members} runs, on the search channel
     * {@code channel}, with the driving command's {@code plugins} (or null).
     */
    static Job part(MemberTask<?> part, int channel, List<UUID> members, PluginBundle plugins) {
        return new Job(part, channel, List.copyOf(members), null, plugins);
    }

    static Job task(Task<?> task, PluginBundle plugins) {
        return new Job(null, 0, List.of(), task, plugins);
    }

    static Job stop() {
        return new Job(null, 0, List.of(), null, null);
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.instance = hazelcastInstance;
    }

    @Override
    public Serializable call() throws Exception {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        ClassLoader own = instance.getUserContext().get(LOADER) instanceof ClassLoader l ? l : null;
        ClassLoader loader = plugins == null ? own : plugins.loaderOn(instance.getUserContext(), own);
        if (plugins != null && loader == own && !plugins.digest().equals(instance.getUserContext().get(PluginBundle.OWN))) {
            log("the driver sent its plugins (" + plugins.bytes() + " bytes); this member runs its own --plugins"
                + " (a worker started with --accept-plugins runs the driver's)");
        }
        if (loader != null) {
            thread.setContextClassLoader(loader);
        }
        try {
            if (part != null) {
                return runPart(part);
            }
            if (task != null) {
                return runTask();
            }
            if (instance.getUserContext().get(STOP) instanceof Runnable stop) {
                log("stop: asked to stop");
                stop.run();
                return "stopping";
            }
            return "not a worker";
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    private <T> String runPart(MemberTask<T> p) {
        List<UUID> now = new ArrayList<>();
        for (Member m : instance.getCluster().getMembers()) {
            now.add(m.getUuid());
        }
        long t0 = System.nanoTime();
        if (!now.equals(members)) {
            String why = "the cluster's members changed before the job began";
            log("job failed: " + why);
            leave();
            throw new IllegalStateException(why);
        }
        try (Transport t = new HazelcastTransport(instance, channel)) {
            String line = p.summary(p.run(t));
            log(line + String.format(Locale.ROOT, " (%.2f s)", (System.nanoTime() - t0) / 1e9));
            return line;
        } catch (RuntimeException | Error e) {
            // the other members wait for this one at a barrier: leave, so that they end as member-lost
            log("job failed: " + e);
            leave();
            throw e;
        }
    }

    private Serializable runTask() throws Exception {
        long t0 = System.nanoTime();
        try {
            Serializable r = task.call();
            log(task.describe() + String.format(Locale.ROOT, " (%.2f s)", (System.nanoTime() - t0) / 1e9));
            return r;
        } catch (Exception | Error e) {
            log(task.describe() + " failed: " + e);
            throw e;
        }
    }

    @SuppressWarnings("unchecked")
    private void log(String line) {
        if (instance.getUserContext().get(LOG) instanceof Consumer<?> c) {
            ((Consumer<String>) c).accept(line);
        }
    }

    /** Leaves the cluster a moment later (after this job's answer has gone out). */
    private void leave() {
        HazelcastInstance h = instance;
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            h.getLifecycleService().terminate();
        }, "flowproof-leave");
        t.setDaemon(true);
        t.start();
    }
}
