package flowproof.reference;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.reference.ReferenceEnumerator.Config;
import flowproof.reference.ReferenceEnumerator.Result;
import flowproof.reference.ReferenceEnumerator.Rule;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Hand-derived checks of the reference enumerator. Every expected number below is derived by hand
 * in the comment next to it, never copied from a run.
 *
 * <p>Notation for a unidirectional ring of k nodes: Q_y is the (single-VC) queue at node y, fed by
 * the channel y-1 -> y. inject(s, d) puts a packet for d into Q_{s+1}. A packet at Q_y destined to
 * d != y forwards into Q_{y+1}.
 */
class ReferenceEnumeratorTest {

  private static Config ring(int k, int vcs, int capacity, Rule rule, int bubbles) {
    return new Config(new int[] {k}, false, vcs, capacity, rule, bubbles);
  }

  private static Config torus(int a, int b, int vcs, int capacity, Rule rule, int bubbles) {
    return new Config(new int[] {a, b}, false, vcs, capacity, rule, bubbles);
  }

  @Test
  void unidirectionalRingK2VctC1HasFourStates() {
    // k=2: inject(0,1) lands in Q_1 (dest 1), inject(1,0) lands in Q_0 (dest 0): every packet sits
    // at its own destination, so no forward ever happens. Each queue is empty or holds one packet
    // for its own node, independently: 2 * 2 = 4 states. A packet can always eject: never stuck.
    Result r = ReferenceEnumerator.enumerate(ring(2, 1, 1, Rule.VCT, 0));
    assertThat(r.states()).isEqualTo(4);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.shortestStuckDepth()).isEqualTo(-1);
    assertThat(r.allStatesDrainable()).isTrue();
    // The state with both queues full leaves the (only) ring without a free slot.
    assertThat(r.bubbleInvariantHolds()).isFalse();
    assertThat(r.criticalBubbleInvariantHolds()).isTrue(); // not CBS
  }

  @Test
  void unidirectionalRingK2VctC2HasNineStates() {
    // As above, but each queue holds 0, 1 or 2 packets, all for its own node: 3 * 3 = 9 states.
    Result r = ReferenceEnumerator.enumerate(ring(2, 1, 2, Rule.VCT, 0));
    assertThat(r.states()).isEqualTo(9);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.allStatesDrainable()).isTrue();
  }

  @Test
  void unidirectionalRingK3VctC1Has27StatesAndStuckAtDepth3() {
    // A packet in Q_y was injected at y-1 (first hop) or forwarded along from there; from s = y-1 the
    // destinations are y or y+1 (y+2 = s itself is excluded). So Q_y is empty, dest y, or dest y+1:
    // at most 3^3 = 27 states, and all are reachable by injections alone (inject(y-1, y) and
    // inject(y-1, y+1) both target Q_y). The only stuck state: every Q_y holds dest y+1 (each head
    // waits for the full next queue); fewer than 3 packets leave a queue free, so the nearest stuck
    // state needs exactly 3 injections: depth 3.
    Result r = ReferenceEnumerator.enumerate(ring(3, 1, 1, Rule.VCT, 0));
    assertThat(r.states()).isEqualTo(27);
    assertThat(r.stuckStateReachable()).isTrue();
    assertThat(r.shortestStuckDepth()).isEqualTo(3);
    assertThat(r.allStatesDrainable()).isFalse();
    assertThat(r.bubbleInvariantHolds()).isFalse();
  }

  @Test
  void localizedBubbleRingK4C1HasOnlyTheEmptyState() {
    // Localized BFC: an injection needs 2 free slots in the target, but a queue has capacity 1.
    // Nothing can ever be injected: exactly the initial state (table row R5).
    Result r = ReferenceEnumerator.enumerate(ring(4, 1, 1, Rule.LOCALIZED_BUBBLE, 0));
    assertThat(r.states()).isEqualTo(1);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.shortestStuckDepth()).isEqualTo(-1);
    assertThat(r.allStatesDrainable()).isTrue();
    assertThat(r.bubbleInvariantHolds()).isTrue();
  }

  @Test
  void localizedBubbleRingK2C2HasFourStates() {
    // k=2: packets are injected straight into their destination's queue and never forward. An
    // injection needs 2 free slots, i.e. an empty queue, so each queue holds 0 or 1 packet: 2 * 2 = 4.
    Result r = ReferenceEnumerator.enumerate(ring(2, 1, 2, Rule.LOCALIZED_BUBBLE, 0));
    assertThat(r.states()).isEqualTo(4);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.allStatesDrainable()).isTrue();
  }

  @Test
  void theoreticalBubbleRingK3C1Has19States() {
    // Same per-queue contents as the VCT k=3 ring (empty, dest y, dest y+1), but an injection needs
    // the ring to have >= 2 free slots, i.e. at most 1 packet before it, and forwards keep the count:
    // at most 2 packets, ever. States with <= 2 packets: 1 (none) + 3*2 (one packet: which queue,
    // which dest) + 3*2*2 (two packets: which queue is empty, dest of each of the other two)
    // = 1 + 6 + 12 = 19, and all are reachable by two injections (3 free, then 2 free: both admitted).
    // Stuck needs a cycle of full queues all around the ring, i.e. 3 packets: never. Two packets
    // always make progress toward their destinations, so every state drains.
    Result r = ReferenceEnumerator.enumerate(ring(3, 1, 1, Rule.THEORETICAL_BUBBLE, 0));
    assertThat(r.states()).isEqualTo(19);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.shortestStuckDepth()).isEqualTo(-1);
    assertThat(r.allStatesDrainable()).isTrue();
    assertThat(r.bubbleInvariantHolds()).isTrue();
  }

  @Test
  void criticalBubbleRingK2C1HasTwoStates() {
    // k=2, m=1: the mark starts on Q_0 (b = free = 1), so inject(1,0) into Q_0 is never admitted
    // (needs a non-critical free slot). inject(0,1) into Q_1 is. Packets never forward (k=2), so
    // the mark never moves. States: empty, and Q_1 holding dest 1: 2 states.
    Result r = ReferenceEnumerator.enumerate(ring(2, 1, 1, Rule.CRITICAL_BUBBLE, 1));
    assertThat(r.states()).isEqualTo(2);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.allStatesDrainable()).isTrue();
    assertThat(r.bubbleInvariantHolds()).isTrue();
    assertThat(r.criticalBubbleInvariantHolds()).isTrue();
  }

  @Test
  void criticalBubbleRingK3C1Has27States() {
    // k=3, C=1, m=1. With C=1, b(q) <= free(q) puts the single mark on an empty queue, so at most
    // 2 packets. Candidate states: 0 packets: mark on any of 3 queues = 3; 1 packet: 3 queues * 2
    // dests * mark on one of the 2 empty queues = 12; 2 packets: 3 choices of the empty queue (it
    // holds the mark) * 2 * 2 dests = 12. Total 27.
    // All reachable: inject(1,0) puts dest 0 in Q_2; forwarding it into the marked empty Q_0 moves
    // the mark back to Q_2; ejecting leaves an empty network with the mark on Q_2 (and by rotation
    // on any queue). With the mark at p, injections fill the two unmarked queues with either
    // destination freely (entering needs free 1 > b 0). A packet always has an empty next queue or
    // is at its destination when at most 2 packets sit in 3 queues: never stuck, always drains.
    Result r = ReferenceEnumerator.enumerate(ring(3, 1, 1, Rule.CRITICAL_BUBBLE, 1));
    assertThat(r.states()).isEqualTo(27);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.allStatesDrainable()).isTrue();
    assertThat(r.bubbleInvariantHolds()).isTrue();
    assertThat(r.criticalBubbleInvariantHolds()).isTrue();
  }

  @Test
  void datelineRingK3C1Has54States() {
    // k=3, 2 VCs: Q_y^v is VC v at node y. The channel 2 -> 0 is the wrap-around, so Q_0^0 is never
    // used. Contents by route (VC1 from the wrap on):
    //   Q_1^0 <- inject(0,1), inject(0,2): {empty, 1, 2}                          3 options
    //   Q_2^0 <- inject(1,2), inject(1,0), forward of 0->2 from Q_1^0: {empty, 2, 0}  3 options
    //   Q_0^1 <- inject(2,0), inject(2,1), forward of 1->0 from Q_2^0: {empty, 0, 1}  3 options
    //   Q_1^1 <- forward of 2->1 from Q_0^1: {empty, 1}                              2 options
    //   Q_2^1: no route crosses the wrap and then reaches node 2: always empty.
    // At most 3*3*3*2 = 54; all reachable: first inject(2,1) and forward it into Q_1^1 if wanted,
    // then fill the other queues by direct injections. The VC dependency chain Q_1^0 -> Q_2^0 ->
    // Q_0^1 -> Q_1^1 is acyclic and ends in ejection: never stuck, always drains.
    Result r = ReferenceEnumerator.enumerate(ring(3, 2, 1, Rule.DATELINE, 0));
    assertThat(r.states()).isEqualTo(54);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.allStatesDrainable()).isTrue();
  }

  @Test
  void bidirectionalRingK2TieGoesPositive() {
    // k=2 bidirectional: + channels 0->1, 1->0 and distinct - channels 0->1, 1->0. The distance is
    // always 1 = k/2, a tie, so every packet takes the + channel and lands at its destination; the
    // - queues stay empty. Each + queue is empty or holds a packet for its own node: 2 * 2 = 4.
    Result r = ReferenceEnumerator.enumerate(new Config(new int[] {2}, true, 1, 1, Rule.VCT, 0));
    assertThat(r.states()).isEqualTo(4);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.allStatesDrainable()).isTrue();
    // The - ring is always empty, but the + ring fills up: the bubble invariant fails on it.
    assertThat(r.bubbleInvariantHolds()).isFalse();
  }

  @Test
  void bidirectionalRingK3TakesTheShorterDirection() {
    // k=3 bidirectional: every destination is 1 hop away in the shorter direction (+1, or -1 for a
    // forward distance of 2), so every packet is injected straight into its destination's queue:
    // the + queue at y (from y-1) and the - queue at y (from y+1) each hold nothing or dest y.
    // 6 independent queues with 2 options each: 2^6 = 64 states; nothing ever forwards.
    Result r = ReferenceEnumerator.enumerate(new Config(new int[] {3}, true, 1, 1, Rule.VCT, 0));
    assertThat(r.states()).isEqualTo(64);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.allStatesDrainable()).isTrue();
  }

  // --- Reference configurations of design/explorer-semantics.md: verdicts only -----------------

  @Test
  void r1VctRingDeadlocks() {
    // Q_y holds nothing or a packet injected at y-1 (or forwarded from there) for y, y+1 or y+2:
    // 4 options, all combinations reachable by injections alone: 4^4 = 256.
    Result r = ReferenceEnumerator.enumerate(ring(4, 1, 1, Rule.VCT, 0));
    assertThat(r.states()).isEqualTo(256);
    assertThat(r.stuckStateReachable()).isTrue();
    // Four injections fill the ring with packets each waiting for the next (full) queue.
    assertThat(r.shortestStuckDepth()).isEqualTo(4);
    assertThat(r.allStatesDrainable()).isFalse();
  }

  @Test
  void r2DatelineRingIsDeadlockFree() {
    // Channel 3 -> 0 is the wrap-around; Q_y^v = VC v at node y. Options (empty included):
    //   Q_1^0 {-,1,2,3}, Q_2^0 {-,2,3,0}, Q_3^0 {-,3,0,1}, Q_0^1 {-,0,1,2}  (4 each, by injection)
    //   Q_1^1 {-,1,2}, Q_2^1 {-,2}  (only packets that crossed the wrap), Q_0^0 and Q_3^1 unused.
    // Reachable together: fill Q_2^1, then Q_1^1 through Q_0^1, then the rest by direct injection.
    // 4^4 * 3 * 2 = 1536.
    Result r = ReferenceEnumerator.enumerate(ring(4, 2, 1, Rule.DATELINE, 0));
    assertThat(r.states()).isEqualTo(1536);
    assertDeadlockFree(r);
  }

  @Test
  void r3TheoreticalBubbleRingIsDeadlockFree() {
    // As R1, but injections need >= 2 free slots in the ring: at most 3 packets. States with
    // j <= 3 packets, each packet's queue having 3 possible destinations:
    // sum_j C(4,j) 3^j = 1 + 12 + 54 + 108 = 175, all reachable by injections.
    Result r = ReferenceEnumerator.enumerate(ring(4, 1, 1, Rule.THEORETICAL_BUBBLE, 0));
    assertThat(r.states()).isEqualTo(175);
    assertDeadlockFree(r);
    assertThat(r.bubbleInvariantHolds()).isTrue();
  }

  @Test
  void r4LocalizedBubbleRingC2IsDeadlockFree() {
    assertDeadlockFree(ReferenceEnumerator.enumerate(ring(4, 1, 2, Rule.LOCALIZED_BUBBLE, 0)));
  }

  @Test
  void r6CriticalBubbleRingIsDeadlockFree() {
    // As for k=3 (see above): the mark sits on an empty queue p, reachable at every p; the other
    // 3 queues hold any of 4 contents (empty, y, y+1, y+2), filled by injection: 4 * 4^3 = 256.
    Result r = ReferenceEnumerator.enumerate(ring(4, 1, 1, Rule.CRITICAL_BUBBLE, 1));
    assertThat(r.states()).isEqualTo(256);
    assertDeadlockFree(r);
    assertThat(r.bubbleInvariantHolds()).isTrue();
    assertThat(r.criticalBubbleInvariantHolds()).isTrue();
  }

  @Test
  void t2TheoreticalBubbleTorusIsDeadlockFreeWith100467States() {
    // Torus 3x2, unidirectional, C=1. Row rings (dimension 0, k=3): queue at (x, y) holds nothing or
    // a packet for (x, y') or (x+1, y'): 4 destinations. Entering needs >= 2 free slots in the ring,
    // so at most 2 packets per row ring: 1 + 3*4 + 3*4*4 = 61 contents per row ring.
    // Column rings (dimension 1, k=2): 2 queues, the one at (x, y) only ever holds dest (x, y);
    // entering needs both slots free, so at most 1 packet: 3 contents per column ring.
    // Every option is a direct injection (admitted whenever the ring's limit allows), so all
    // combinations are reachable: 61^2 * 3^3 = 3721 * 27 = 100467.
    Result r = ReferenceEnumerator.enumerate(torus(3, 2, 1, 1, Rule.THEORETICAL_BUBBLE, 0));
    assertThat(r.states()).isEqualTo(100_467);
    assertDeadlockFree(r);
    assertThat(r.bubbleInvariantHolds()).isTrue();
  }

  @Test
  void t3CriticalBubbleTorusGetsStuckAtDepth1With45000States() {
    // Torus 3x2, unidirectional, C=1, m=1. Column ring x (k=2): its mark sits on the queue at (x, 0)
    // and can only move by a forward within that ring, but a k=2 ring has no such forward (one hop
    // ends at the destination). So the queue at (x, 0) can never be entered: always empty. The queue
    // at (x, 1) holds nothing or dest (x, 1): 2 options per column, 2^3 = 8.
    // Row rings behave like the CBS k=3 ring, with 5 contents per queue (nothing, or a packet for
    // (x, y') or (x+1, y'), y' in {0, 1}): the mark on one of the 3 queues, which is then empty, and
    // the other two queues filled freely by injection: 3 * 5^2 = 75 per row ring.
    // Total 75^2 * 8 = 45000.
    // inject((x-1, 1), (x, 0)) puts a packet in the row queue at (x, 1) that must turn into the
    // marked queue at (x, 0): never admitted, and it is the only packet: stuck after 1 move.
    Result r = ReferenceEnumerator.enumerate(torus(3, 2, 1, 1, Rule.CRITICAL_BUBBLE, 1));
    assertThat(r.states()).isEqualTo(45_000);
    assertThat(r.stuckStateReachable()).isTrue();
    assertThat(r.shortestStuckDepth()).isEqualTo(1);
    assertThat(r.allStatesDrainable()).isFalse();
    assertThat(r.bubbleInvariantHolds()).isTrue();
    assertThat(r.criticalBubbleInvariantHolds()).isTrue();
  }

  /**
   * T1 has 1,000,000 reachable states (5^6 dimension-0 queue contents times 2^6 dimension-1 queue
   * contents) and takes several seconds, so it runs only with the slow profile (mvn -Pslow).
   */
  @Test
  @Tag("slow")
  void t1VctTorusDeadlocks() {
    Result r = ReferenceEnumerator.enumerate(torus(3, 2, 1, 1, Rule.VCT, 0));
    // Dimension-0 queue at (x, y): nothing, or a packet for (x, y') or (x+1, y'): 5 options.
    // Dimension-1 queue at (x, y): the only hop of dimension 1 (k=2) ends at (x, y): 2 options.
    // Every option of every queue is a direct injection, so all combinations: 5^6 * 2^6 = 10^6.
    assertThat(r.states()).isEqualTo(1_000_000);
    assertThat(r.stuckStateReachable()).isTrue();
    // Three injections fill one row ring with packets that each wait for the next (full) queue.
    assertThat(r.shortestStuckDepth()).isEqualTo(3);
    assertThat(r.allStatesDrainable()).isFalse();
  }

  private static void assertDeadlockFree(Result r) {
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.shortestStuckDepth()).isEqualTo(-1);
    assertThat(r.allStatesDrainable()).isTrue();
  }

  @Test
  void requestReplyOnATwoRingIsAPipelineOfFourSlots() {
    // k=2, one pair 0 -> 1, request and reply on the one VC, endpoint queues of 1. The request
    // enters Q_1 (dest 1), ejects at 1 into node 1's request input queue, is consumed into node 1's
    // reply output queue (destination 0), is injected into Q_0 and ejects at 0 (the sink). Four
    // one-slot stages, each empty or full, every stage feeding only the next: every one of the
    // 2^4 = 16 fillings is reachable (fill from the back), none is stuck (the last full stage can
    // always move on: the reply ejects freely, and each stage before moves when the next is empty).
    Config one = ReferenceEnumerator.Config.messages(new int[] {2}, false, 1, 1, Rule.VCT, 0, new int[][] {{0, 1}},
        new ReferenceEnumerator.Messages(2, new int[][] {{0}, {0}}, 1));
    Result r = ReferenceEnumerator.enumerate(one);
    assertThat(r.states()).isEqualTo(16);
    assertThat(r.stuckStateReachable()).isFalse();
    assertThat(r.allStatesDrainable()).isTrue();
    // Endpoint queues of 2: the two middle stages hold 0, 1 or 2 messages: 2 * 3 * 3 * 2 = 36.
    Config two = ReferenceEnumerator.Config.messages(new int[] {2}, false, 1, 1, Rule.VCT, 0, new int[][] {{0, 1}},
        new ReferenceEnumerator.Messages(2, new int[][] {{0}, {0}}, 2));
    assertThat(ReferenceEnumerator.enumerate(two).states()).isEqualTo(36);
  }

  @Test
  void requestAndReplyCrossingOnOneVcDeadlockAtDepthTwelve() {
    // Bidirectional 4-ring, pairs 0 -> 1 and 1 -> 0, request and reply on the one VC, endpoint
    // queues of 1. Stuck: both channels between 0 and 1 hold a request for the other node, both
    // request input queues are full (the requests cannot eject) and both reply output queues are
    // full (the replies need exactly the two occupied channels). Building it takes, per node, two
    // requests delivered to it (inject, eject: 4 moves, one consume in between: 5 moves; the
    // first is consumed into the output queue, the second waits in the input queue) and one more
    // injected request: 6 moves per direction, 12 in all; no shorter way fills the six slots.
    Config c = ReferenceEnumerator.Config.messages(new int[] {4}, true, 1, 1, Rule.VCT, 0,
        new int[][] {{0, 1}, {1, 0}}, new ReferenceEnumerator.Messages(2, new int[][] {{0}, {0}}, 1));
    Result r = ReferenceEnumerator.enumerate(c);
    assertThat(r.stuckStateReachable()).isTrue();
    assertThat(r.shortestStuckDepth()).isEqualTo(12);
    assertThat(r.allStatesDrainable()).isFalse();
    // on separate VCs (request VC 0, reply VC 1) the two directions are independent pipelines of
    // four one-slot stages: 16 * 16 = 256 states, all drain
    Config separate = ReferenceEnumerator.Config.messages(new int[] {4}, true, 2, 1, Rule.VCT, 0,
        new int[][] {{0, 1}, {1, 0}}, new ReferenceEnumerator.Messages(2, new int[][] {{0}, {1}}, 1));
    Result s = ReferenceEnumerator.enumerate(separate);
    assertThat(s.states()).isEqualTo(256);
    assertThat(s.stuckStateReachable()).isFalse();
    assertThat(s.allStatesDrainable()).isTrue();
  }
}
