package flowproof.explore.distributed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Members inside one JVM: each member's inbox is a queue the others put copies of their messages
 * into. Nothing is serialized; {@link #bytesSent} counts what a wire encoding of the same
 * messages would take (8 bytes per long, 12 bytes of kind, level and length per message), so
 * that tests can hold the search to its bytes per remote successor. A member whose endpoint is
 * {@linkplain #lose lost} makes every other member's {@link #receive} report it once their inbox
 * is empty.
 */
public final class InProcessTransport implements Transport {

    /** Bytes of a message besides its longs: kind, level and length, 4 bytes each. */
    static final int HEADER_BYTES = 12;

    private final int self;
    private final List<InProcessTransport> all;
    private final LinkedBlockingQueue<Message> inbox = new LinkedBlockingQueue<>();
    private final AtomicBoolean lost;
    private final AtomicLong bytes = new AtomicLong();

    private InProcessTransport(int self, List<InProcessTransport> all, AtomicBoolean lost) {
        this.self = self;
        this.all = all;
        this.lost = lost;
    }

    /** The endpoints of {@code n} members of one cluster, member i at index i. */
    public static List<InProcessTransport> cluster(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("members must be at least 1, found " + n);
        }
        List<InProcessTransport> all = new ArrayList<>(n);
        AtomicBoolean lost = new AtomicBoolean();
        for (int i = 0; i < n; i++) {
            all.add(new InProcessTransport(i, all, lost));
        }
        return List.copyOf(all);
    }

    @Override
    public int members() {
        return all.size();
    }

    @Override
    public int self() {
        return self;
    }

    @Override
    public void send(int to, int kind, int level, long[] words, int length) {
        if (to == self || to < 0 || to >= all.size()) {
            throw new IllegalArgumentException("member " + self + " cannot send to member " + to);
        }
        if (lost.get()) {
            throw new MemberLostException("a member left the cluster");
        }
        bytes.addAndGet(HEADER_BYTES + 8L * length);
        all.get(to).inbox.add(new Message(self, kind, level, Arrays.copyOf(words, length)));
    }

    @Override
    public Message receive(long millis) {
        Message m = inbox.poll();
        if (m != null) {
            return m;
        }
        if (lost.get()) {
            throw new MemberLostException("a member left the cluster");
        }
        try {
            m = inbox.poll(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MemberLostException("interrupted while waiting for the other members");
        }
        if (m == null && lost.get()) {
            throw new MemberLostException("a member left the cluster");
        }
        return m;
    }

    @Override
    public long bytesSent() {
        return bytes.get();
    }

    /** Marks this member as lost, as if its process had ended: the others' searches end incomplete. */
    public void lose() {
        lost.set(true);
    }

    /** Delivery is immediate: nothing to wait for. */
    @Override
    public void close() {
    }
}
