package flowproof.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.config.Config;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import flowproof.explore.distributed.MemberLostException;
import flowproof.explore.distributed.Transport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The partitioned search's messages between Hazelcast members: a message is a {@link Delivery}
 * run on the target member through a Hazelcast executor, which puts it into that member's inbox.
 * Members are numbered in the cluster's member order (the same on every member), fixed when the
 * transport is made: a member that leaves afterwards is lost for the search
 * ({@link MemberLostException}), and none may join.
 */
public final class HazelcastTransport implements Transport {

    /** The executor the deliveries run on. */
    static final String EXECUTOR = "flowproof-search";

    /**
     * Gives a member's configuration the executor the deliveries run on: one delivery at a time
     * (Hazelcast's default: 16 at once, on threads of its cached pool), since a delivery only puts
     * a message into an inbox; more would only contend for the cores. Metrics collection (every 5
     * seconds, for Management Center, which flowproof does not use) and the health monitor are
     * off: they take the members' CPU from the search.
     */
    static Config configure(Config c) {
        c.getExecutorConfig(EXECUTOR).setPoolSize(1);
        c.getMetricsConfig().setEnabled(false);
        c.setProperty("hazelcast.health.monitoring.level", "OFF");
        return c;
    }

    private final HazelcastInstance instance;
    private final IExecutorService executor;
    private final List<Member> members;
    private final int self;
    private final int channel;
    private final BlockingQueue<Message> inbox;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final UUID listener;
    private volatile String lost;

    /**
     * The transport of one search on a member whose cluster has formed. Every member runs its
     * searches in the same order and numbers them alike: the channel keeps the messages of one
     * search from those of the next, which a faster member may already have begun.
     *
     * @param channel the search's number on this cluster
     */
    @SuppressWarnings("unchecked")
    HazelcastTransport(HazelcastInstance instance, int channel) {
        this.instance = instance;
        this.channel = channel;
        this.inbox = (BlockingQueue<Message>) instance.getUserContext()
            .computeIfAbsent(Delivery.INBOX + channel, k -> new java.util.concurrent.LinkedBlockingQueue<Message>());
        this.executor = instance.getExecutorService(EXECUTOR);
        this.members = new ArrayList<>(instance.getCluster().getMembers());
        this.self = members.indexOf(instance.getCluster().getLocalMember());
        this.listener = instance.getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent e) {
            }

            @Override
            public void memberRemoved(MembershipEvent e) {
                lost = "member " + members.indexOf(e.getMember()) + " (" + e.getMember().getAddress() + ") left";
            }
        });
        // a member that left between the listing and the listener is lost too
        if (instance.getCluster().getMembers().size() != members.size()) {
            lost = "a member left while the search started";
        }
    }

    @Override
    public int members() {
        return members.size();
    }

    @Override
    public int self() {
        return self;
    }

    @Override
    public void send(int to, int kind, int level, long[] words, int length) {
        if (to == self || to < 0 || to >= members.size()) {
            throw new IllegalArgumentException("member " + self + " cannot send to member " + to);
        }
        if (lost != null) {
            throw new MemberLostException(lost);
        }
        bytes.addAndGet(Delivery.HEADER_BYTES + 8L * length);
        pending.incrementAndGet();
        try {
            Future<Boolean> delivery = executor.submitToMember(
                new Delivery(channel, self, kind, level, Arrays.copyOf(words, length)), members.get(to));
            // the outcome is noted on the thread that completes the invocation (Hazelcast's response
            // thread): an ExecutionCallback runs on Hazelcast's default async executor, which on a
            // machine of 2 cores (common pool parallelism 1) starts a new thread for every message
            ((CompletionStage<Boolean>) delivery).whenCompleteAsync((delivered, failure) -> {
                if (failure != null) {
                    lost = "member " + to + " unreachable: " + failure.getMessage();
                } else if (!Boolean.TRUE.equals(delivered)) {
                    lost = "member " + to + " is not running the search";
                }
                pending.decrementAndGet();
            }, Runnable::run);
        } catch (RuntimeException e) {
            pending.decrementAndGet();
            lost = "member " + to + " unreachable: " + e.getMessage();
            throw new MemberLostException(lost);
        }
    }

    @Override
    public Message receive(long millis) {
        Message m = inbox.poll();
        if (m != null) {
            return m;
        }
        if (lost != null) {
            throw new MemberLostException(lost);
        }
        try {
            m = inbox.poll(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MemberLostException("interrupted while waiting for the other members");
        }
        if (m == null && lost != null) {
            throw new MemberLostException(lost);
        }
        return m;
    }

    @Override
    public long bytesSent() {
        return bytes.get();
    }

    /** Waits (at most a minute, less once a member is lost) until every message sent was delivered. */
    @Override
    public void close() {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (pending.get() > 0 && lost == null && System.nanoTime() < end) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        try {
            instance.getUserContext().put(Delivery.INBOX + channel, Delivery.CLOSED);
            instance.getCluster().removeMembershipListener(listener);
        } catch (RuntimeException e) {
            // the instance is already shut down: nothing to remove
        }
    }
}
