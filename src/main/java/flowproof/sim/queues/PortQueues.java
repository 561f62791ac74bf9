package flowproof.sim.queues;

import java.util.Arrays;

/**
 * The queues of every input port: {@link #perPort} FIFOs per channel, queue
 * {@code channel * perPort + q}, each a linked list through {@link PacketTable#next}.
 */
final class PortQueues {

    final int perPort;
    final int[] head;
    final int[] tail;
    final int[] count;
    private final PacketTable packets;

    PortQueues(int channels, int perPort, PacketTable packets) {
        this.perPort = perPort;
        this.packets = packets;
        head = new int[channels * perPort];
        tail = new int[channels * perPort];
        Arrays.fill(head, -1);
        Arrays.fill(tail, -1);
        count = new int[channels * perPort];
    }

    void enqueue(int q, int k) {
        int[] next = packets.next;
        next[k] = -1;
        if (tail[q] < 0) {
            head[q] = k;
        } else {
            next[tail[q]] = k;
        }
        tail[q] = k;
        count[q]++;
    }

    int dequeue(int q) {
        int k = head[q];
        head[q] = packets.next[k];
        if (head[q] < 0) {
            tail[q] = -1;
        }
        count[q]--;
        return k;
    }
}
