package flowproof.cluster;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import flowproof.explore.distributed.Transport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One message of the search, run on the member it is sent to: it puts itself into that member's
 * inbox of its search (found in the instance's user context by the search's channel). Written as
 * five ints (the fifth the length in bytes of the longs) and the longs as 8 little-endian bytes
 * each, nothing else.
 */
final class Delivery implements Callable<Boolean>, DataSerializable, HazelcastInstanceAware {

    /** The prefix of the inboxes' keys in a member's user context (one inbox per search, by its channel). */
    static final String INBOX = "flowproof.inbox.";
    /** What a closed search's inbox is replaced by: late messages to it are dropped. */
    static final String CLOSED = "closed";
    /** Bytes of a delivery besides its longs: channel, sender, kind, level and length. */
    static final int HEADER_BYTES = 20;

    private int channel;
    private int from;
    private int kind;
    private int level;
    private long[] words;
    private transient HazelcastInstance instance;

    /** For deserialization. */
    Delivery() {
    }

    Delivery(int channel, int from, int kind, int level, long[] words) {
        this.channel = channel;
        this.from = from;
        this.kind = kind;
        this.level = level;
        this.words = words;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.instance = hazelcastInstance;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Boolean call() {
        // a search's inbox is made by whichever comes first: the search, or a message of it
        Object inbox = instance.getUserContext().computeIfAbsent(INBOX + channel, k -> new LinkedBlockingQueue<>());
        if (inbox instanceof BlockingQueue<?> q) {
            ((BlockingQueue<Transport.Message>) q).add(new Transport.Message(from, kind, level, words));
        }
        return true;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeInt(channel);
        out.writeInt(from);
        out.writeInt(kind);
        out.writeInt(level);
        // the longs as bytes in one bulk copy (Hazelcast's writeLongArray writes them one by one)
        byte[] bytes = new byte[8 * words.length];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(words);
        out.writeByteArray(bytes);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        channel = in.readInt();
        from = in.readInt();
        kind = in.readInt();
        level = in.readInt();
        byte[] bytes = in.readByteArray();
        words = new long[bytes.length / 8];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(words);
    }
}
