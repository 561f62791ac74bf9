package flowproof.sim;

import flowproof.routing.MessageRouting;

/**
 * Message classes (spec field {@code messages}) at the terminals: each terminal's input queue
 * of every non-sink class (the messages that wait to be answered), with the slots reserved by
 * messages already granted the ejection channel, and its output queue of every class above
 * the first (answer packets waiting to be injected), all indexed by
 * {@code terminal * classes + class}. A message leaves the network only into room in its
 * input queue; the terminal consumes it and queues its answer.
 */
final class MessageQueues {

    final MessageRouting routing;
    final int classes;
    private final int length;
    private final long consumeDelay;
    private final int terminals;
    private final Packets pk;
    private final int[][] inQ;
    private final int[][] inSize;
    /** The cycle each input-queue entry arrived, and the cycle each input queue last consumed (consume-delay). */
    private final long[][] inArrived;
    private final long[] lastConsumed;
    private final int[] inHead;
    private final int[] inCount;
    private final int[] inReserved;
    private final int[][] outQ;
    private final int[] outHead;
    private final int[] outCount;
    private final long[] lastTaken;
    /** Per terminal: the injection arbiter last served an output queue (else the source queue). */
    final boolean[] answerServedLast;
    /** Messages in input queues, and answer packets in output queues (created, not yet injected). */
    long endpointMessages;
    long answersWaiting;

    MessageQueues(MessageRouting routing, int terminals, long consumeDelay, Packets pk) {
        this.routing = routing;
        this.classes = routing.classes();
        this.length = routing.endpointQueue();
        this.consumeDelay = consumeDelay;
        this.terminals = terminals;
        this.pk = pk;
        int keys = terminals * classes;
        inQ = new int[keys][length];
        inSize = new int[keys][length];
        inArrived = new long[keys][length];
        lastConsumed = new long[keys];
        answerServedLast = new boolean[terminals];
        inHead = new int[keys];
        inCount = new int[keys];
        inReserved = new int[keys];
        outQ = new int[keys][length];
        outHead = new int[keys];
        outCount = new int[keys];
        lastTaken = new long[keys];
    }

    /** Whether packet {@code p} may take an ejection channel: a sink-class packet always, a message into room. */
    boolean mayEject(int p) {
        return pk.msg[p] >= classes - 1 || room(p);
    }

    /** Packet {@code p} is granted an ejection channel: a message reserves its input-queue slot (false: none left). */
    boolean reserveEjection(int p) {
        if (pk.msg[p] >= classes - 1) {
            return true;
        }
        if (!room(p)) {
            return false;
        }
        inReserved[pk.dst[p] * classes + pk.msg[p]]++;
        return true;
    }

    /** Whether the input queue of packet {@code p}'s class at its destination has a slot not yet promised. */
    private boolean room(int p) {
        int k = pk.dst[p] * classes + pk.msg[p];
        return inCount[k] + inReserved[k] < length;
    }

    /** Packet {@code p} was delivered in cycle {@code done}: a message joins the input queue its grant reserved. */
    void delivered(int p, long done) {
        if (pk.msg[p] >= classes - 1) {
            return;
        }
        int k = pk.dst[p] * classes + pk.msg[p];
        inReserved[k]--;
        int i = (inHead[k] + inCount[k]) % length;
        inQ[k][i] = pk.src[p];
        inSize[k][i] = pk.size[p];
        inArrived[k][i] = done;
        inCount[k]++;
        endpointMessages++;
    }

    /**
     * At every terminal, the head of each non-sink class's input queue is consumed when the
     * next class's output queue has room; its answer, a new packet to the terminal the message
     * came from and of its size, joins that output queue (one per class per cycle). Returns
     * the answers created; their flits are counted as generated.
     */
    int consume(long now, Statistics stats) {
        int made = 0;
        for (int t = 0; t < terminals; t++) {
            for (int c = classes - 2; c >= 0; c--) {
                int k = t * classes + c;
                int out = k + 1;
                if (inCount[k] == 0 || outCount[out] == length || now < inArrived[k][inHead[k]]) {
                    // (a message still on the ejection channel, simulation.ejection-latency, has not arrived)
                    continue;
                }
                // the terminal serves one message of the class at a time: consume-delay cycles
                // from when the head arrived or the previous one was consumed, whichever is later
                if (consumeDelay > 0 && now < Math.max(inArrived[k][inHead[k]], lastConsumed[k]) + consumeDelay) {
                    continue;
                }
                lastConsumed[k] = now;
                int to = inQ[k][inHead[k]];
                int size = inSize[k][inHead[k]];
                inHead[k] = (inHead[k] + 1) % length;
                inCount[k]--;
                endpointMessages--;
                int a = pk.create(t, to, size, now, false);
                made++;
                pk.msg[a] = c + 1;
                stats.generated(size);
                outQ[out][(outHead[out] + outCount[out]) % length] = a;
                outCount[out]++;
                answersWaiting++;
            }
        }
        return made;
    }

    /** The answer packet at the head of output queue {@code k} ({@code terminal * classes + class}), or -1 if empty. */
    int answer(int k) {
        return outCount[k] > 0 ? outQ[k][outHead[k]] : -1;
    }

    /** The head of output queue {@code k} starts injection at terminal {@code t} in cycle {@code now}. */
    void takeAnswer(int k, int t, long now) {
        outHead[k] = (outHead[k] + 1) % length;
        outCount[k]--;
        answersWaiting--;
        answerServedLast[t] = true;
        lastTaken[k] = now;
    }

    /** Messages in input queue {@code k} ({@code terminal * classes + class}). */
    int inCount(int k) {
        return inCount[k];
    }

    /** Answer packets in output queue {@code k}. */
    int outCount(int k) {
        return outCount[k];
    }

    /** The cycle input queue {@code k} last consumed a message (0 before any): knot detection. */
    long lastConsumed(int k) {
        return lastConsumed[k];
    }

    /** The cycle output queue {@code k}'s head last left for an injection VC (0 before any): knot detection. */
    long lastTaken(int k) {
        return lastTaken[k];
    }
}
