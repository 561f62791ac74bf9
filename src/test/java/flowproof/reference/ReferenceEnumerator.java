package flowproof.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An independent, deliberately plain reference implementation of the canonical packet-level model
 * (PVCT) described in {@code design/explorer-semantics.md}. Used only in tests, to cross-check the
 * reachable-state counts and verdicts of the real explorer.
 *
 * <p>It depends on no other flowproof class. It builds the network from scratch, enumerates every
 * reachable state by a plain breadth-first search over a {@link HashMap} of canonical state
 * strings, and then decides drainability by a backward breadth-first search from the empty network
 * over the recorded forward/eject edges. Clarity over speed.
 *
 * <p>Traffic is all-pairs: {@code inject(s, d)} for every {@code s != d}, unless a list of pairs is
 * given.
 *
 * <p>Meshes and the routing functions of {@code docs/routing.md} for them, written from that page:
 * turn models (minimal adaptive routing restricted to allowed turns, never into a dead end) and
 * XY-YX (the source picks the XY or the YX route). Directions: 0 east (+x), 1 west, 2 north (+y),
 * 3 south. On a mesh only the VCT rule is built here.
 *
 * <p>Non-minimal routes, written from {@code docs/routing.md}: Valiant (the source picks any router
 * as intermediate; DOR to it, then DOR to the destination; a packet passing its destination on
 * the way to the intermediate does not leave there), and, on a bidirectional ring, a looping
 * "table" that offers both neighbours to every packet under a hop limit N: a neighbour is offered
 * only while the packet, after that hop, can still reach its destination within N hops in all.
 */
public final class ReferenceEnumerator {

  public enum Rule { VCT, DATELINE, THEORETICAL_BUBBLE, LOCALIZED_BUBBLE, CRITICAL_BUBBLE, VC_PER_HOP,
    /** VC classes written from docs/vc-classes.md: VC0 on the hop out of the source, VC1 on every later hop. */
    SOURCE_DATELINE,
    /**
     * A heterogeneous ring (docs/vc-classes.md, "a rule per VC class or channel set"): the
     * theoretical bubble rule on every queue except those of the channels into router 0, which
     * admit into one free slot (VCT).
     */
    BUBBLE_WITH_VCT_INTO_ZERO,
    /**
     * Two types at the dateline (docs/vc-classes.md), on 1-D rings: a packet entering the ring
     * whose way to its destination crosses the wrap-around channel takes VC0 and VC1 from that
     * channel on; one whose way does not cross it takes VC1 throughout; the wrap-around hop itself
     * is on VC1.
     */
    TWO_TYPE_DATELINE }

  /**
   * radix[i] = k of dimension i (a 1-D ring is radix.length == 1). bidirectional: both directions
   * in every dimension. vcs = virtual channels per physical channel (must be 2 for DATELINE).
   * capacity = packets per queue. bubbles = m, the critical marks per ring (CRITICAL_BUBBLE only).
   */
  public record Config(int[] radix, boolean bidirectional, int vcs, int capacity, Rule rule, int bubbles,
                       boolean mesh, Routing routing, int[][] forbiddenTurns, int[][] pairs, Messages messages, int hopLimit) {

    /** Without message classes. */
    public Config(int[] radix, boolean bidirectional, int vcs, int capacity, Rule rule, int bubbles,
                  boolean mesh, Routing routing, int[][] forbiddenTurns, int[][] pairs) {
      this(radix, bidirectional, vcs, capacity, rule, bubbles, mesh, routing, forbiddenTurns, pairs, null, 0);
    }

    /** A torus or ring with DOR, the given pairs (null: all pairs) and message classes. */
    public static Config messages(int[] radix, boolean bidirectional, int vcs, int capacity, Rule rule, int bubbles,
                                  int[][] pairs, Messages messages) {
      return new Config(radix, bidirectional, vcs, capacity, rule, bubbles, false, Routing.DOR, new int[0][], pairs,
          messages, 0);
    }

    /** A torus or ring with DOR and all-pairs traffic. */
    public Config(int[] radix, boolean bidirectional, int vcs, int capacity, Rule rule, int bubbles) {
      this(radix, bidirectional, vcs, capacity, rule, bubbles, false, Routing.DOR, new int[0][], null, null, 0);
    }

    /**
     * A torus, ring or (with mesh) 2-D mesh under VALIANT or, on a bidirectional ring, ANY_NEIGHBOUR
     * with a hop limit (0 for VALIANT). pairs: {source, destination}, or null for all pairs.
     */
    public static Config routed(int[] radix, boolean bidirectional, boolean mesh, int vcs, int capacity, Rule rule,
                                Routing routing, int hopLimit, int[][] pairs) {
      return new Config(radix, bidirectional, vcs, capacity, rule, 0, mesh, routing, new int[0][], pairs, null, hopLimit);
    }

    /**
     * A 2-D mesh with VCT. forbiddenTurns: {from, to, columns} with directions 0 east, 1 west,
     * 2 north, 3 south and columns -1 (every router), 0 (even x) or 1 (odd x); TURNS only.
     * pairs: {source, destination} node ids, or null for all pairs.
     */
    public static Config mesh(int kx, int ky, int vcs, int capacity, Routing routing, int[][] forbiddenTurns,
                              int[][] pairs) {
      return new Config(new int[] {kx, ky}, true, vcs, capacity, Rule.VCT, 0, true, routing, forbiddenTurns, pairs, null, 0);
    }
  }

  /**
   * Message classes, written from docs/messages.md and docs/model.md ("Message classes"): a chain
   * of {@code classes} classes, class 0 injected by the traffic pairs; a message of class c below
   * the last, arrived at its destination, may be ejected only into that node's input queue of
   * class c (at most {@code endpointQueue} entries, each remembering the message's source); a
   * consume move takes the head of that input queue and appends the class c+1 answer (to that
   * source) to the node's output queue of class c+1 (same bound); an inject move takes the head of
   * an output queue into the network like any injection. The last class is ejected freely. A
   * packet of the last class is known by its destination only. {@code vcs[c]}: the VCs class c may
   * use (on top of the rule's own choice of VC).
   */
  public record Messages(int classes, int[][] vcs, int endpointQueue) {}

  /**
   * DOR; minimal routing restricted to the allowed turns; XY or YX chosen at the source; the same
   * with one VC per order (XY packets on VC0, YX packets on VC1, all the way); Valiant through any
   * router by DOR; either neighbour on a bidirectional ring under a hop limit.
   */
  public enum Routing { DOR, TURNS, XY_YX, XY_YX_CLASSES, VALIANT, ANY_NEIGHBOUR }

  /**
   * states: distinct reachable states, initial included. shortestStuckDepth: number of moves from
   * the empty network to the nearest reachable stuck state, or -1 if none.
   */
  public record Result(long states, boolean stuckStateReachable, boolean allStatesDrainable,
                       boolean bubbleInvariantHolds, boolean criticalBubbleInvariantHolds, int shortestStuckDepth) {}

  private ReferenceEnumerator() {}

  public static Result enumerate(Config c) {
    return new Explorer(c).run();
  }

  // ---------------------------------------------------------------------------------------------
  // Network structure
  // ---------------------------------------------------------------------------------------------

  /** A directed physical channel from node {@code from} to node {@code to}. */
  private record Channel(int from, int to, int dim, int dir, int ring, boolean wrap) {}

  /** One FIFO input queue: VC {@code vc} of channel {@code channel}, located at node {@code node}. */
  private record Queue(int channel, int vc, int node, int ring) {}

  private static final class Network {
    final int[] radix;
    final boolean bidirectional;
    final int vcs;
    final int nodes;
    final List<Channel> channels = new ArrayList<>();
    final List<Queue> queues = new ArrayList<>();
    /** channelIndex[node][dim][dirIndex] with dirIndex 0 = '+', 1 = '-'. */
    final int[][][] channelIndex;
    /** queueIndex[channel][vc]. */
    final int[][] queueIndex;
    /** Number of directional rings. */
    final int rings;
    /** queuesOfRing.get(ring) = all queues (all VCs) of that directional ring. */
    final List<List<Integer>> queuesOfRing = new ArrayList<>();
    /** route[x][d] = next channel of the DOR route from x to d (-1 if x == d). */
    final int[][] route;

    final boolean mesh;

    Network(int[] radix, boolean bidirectional, int vcs, boolean mesh) {
      this.mesh = mesh;
      this.radix = radix.clone();
      this.bidirectional = bidirectional;
      this.vcs = vcs;
      int n = 1;
      for (int k : radix) {
        if (k < 2) {
          throw new IllegalArgumentException("every radix must be >= 2");
        }
        n *= k;
      }
      this.nodes = n;
      int dims = radix.length;
      int dirs = bidirectional ? 2 : 1;
      channelIndex = new int[nodes][dims][dirs];

      // Ring ids: (dim, dir, line) where line = the node with coordinate dim set to 0.
      Map<List<Integer>, Integer> ringIds = new HashMap<>();
      for (int x = 0; x < nodes; x++) {
        int[] cx = coords(x);
        for (int dim = 0; dim < dims; dim++) {
          for (int di = 0; di < dirs; di++) {
            int dir = di == 0 ? +1 : -1;
            int k = radix[dim];
            int[] cy = cx.clone();
            cy[dim] = Math.floorMod(cx[dim] + dir, k);
            int y = node(cy);
            int[] line = cx.clone();
            line[dim] = 0;
            List<Integer> ringKey = List.of(dim, dir, node(line));
            Integer ring = ringIds.get(ringKey);
            if (ring == null) {
              ring = ringIds.size();
              ringIds.put(ringKey, ring);
            }
            boolean wrap = dir == +1 ? (cx[dim] == k - 1 && cy[dim] == 0) : (cx[dim] == 0 && cy[dim] == k - 1);
            if (mesh && (cx[dim] + dir < 0 || cx[dim] + dir >= k)) {
              channelIndex[x][dim][di] = -1; // a mesh has no channel off its edge
              continue;
            }
            channelIndex[x][dim][di] = channels.size();
            channels.add(new Channel(x, y, dim, dir, ring, wrap));
          }
        }
      }
      rings = ringIds.size();
      queueIndex = new int[channels.size()][vcs];
      for (int ch = 0; ch < channels.size(); ch++) {
        for (int vc = 0; vc < vcs; vc++) {
          queueIndex[ch][vc] = queues.size();
          queues.add(new Queue(ch, vc, channels.get(ch).to(), channels.get(ch).ring()));
        }
      }
      for (int ring = 0; ring < rings; ring++) {
        queuesOfRing.add(new ArrayList<>());
      }
      for (int q = 0; q < queues.size(); q++) {
        queuesOfRing.get(queues.get(q).ring()).add(q);
      }
      route = new int[nodes][nodes];
      for (int x = 0; x < nodes; x++) {
        for (int d = 0; d < nodes; d++) {
          route[x][d] = computeNextChannel(x, d);
        }
      }
    }

    int[] coords(int x) {
      int[] c = new int[radix.length];
      int rest = x;
      for (int i = 0; i < radix.length; i++) {
        c[i] = rest % radix[i];
        rest /= radix[i];
      }
      return c;
    }

    int node(int[] c) {
      int x = 0;
      int mult = 1;
      for (int i = 0; i < radix.length; i++) {
        x += c[i] * mult;
        mult *= radix[i];
      }
      return x;
    }

    /** The next channel of the DOR route of a packet at node {@code x} destined to {@code d != x}. */
    int nextChannel(int x, int d) {
      return route[x][d];
    }

    /** DOR, computed once per (x, d) pair into {@link #route}. */
    private int computeNextChannel(int x, int d) {
      int[] cx = coords(x);
      int[] cd = coords(d);
      for (int dim = 0; dim < radix.length; dim++) {
        if (cx[dim] != cd[dim]) {
          int k = radix[dim];
          int forward = Math.floorMod(cd[dim] - cx[dim], k);
          int backward = k - forward;
          // Unidirectional: always '+'. Bidirectional: shorter direction, tie goes '+'.
          int dirIndex = (!bidirectional || forward <= backward) ? 0 : 1;
          if (mesh) {
            dirIndex = cd[dim] > cx[dim] ? 0 : 1; // a mesh: towards the destination
          }
          return channelIndex[x][dim][dirIndex];
        }
      }
      return -1; // x == d: no next channel (the packet ejects)
    }

    /** The queue at which the marks of each ring start: VC0 of the ring's channel into coordinate 0. */
    int[] initialMarkQueueOfRing() {
      int[] result = new int[rings];
      Arrays.fill(result, -1);
      for (int ch = 0; ch < channels.size(); ch++) {
        Channel channel = channels.get(ch);
        if (coords(channel.to())[channel.dim()] == 0) {
          if (result[channel.ring()] != -1) {
            throw new IllegalStateException("two channels into coordinate 0 in one ring");
          }
          result[channel.ring()] = queueIndex[ch][0];
        }
      }
      return result;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // State: queues[q] = destinations in FIFO order (index 0 = head); marks[q] = b(q).
  // Arrays are treated as immutable once built (copy-on-write in successor generation).
  // Canonical key: fixed width, `capacity` chars per queue (dest + 1, or 0 for an empty slot),
  // then one char per queue holding b(q).
  // ---------------------------------------------------------------------------------------------

  private static final class State {
    final int[][] queues;
    final int[] marks;
    /**
     * Message classes only (else empty): inputs[v][c] the input queue of class c at node v (the
     * sources whose answers are due), outputs[v][c] the output queue of class c at v (the
     * destinations); index c of inputs runs 0..L-2, of outputs 1..L-1 (slot 0 unused).
     */
    final int[][][] inputs;
    final int[][][] outputs;

    State(int[][] queues, int[] marks, int[][][] inputs, int[][][] outputs) {
      this.queues = queues;
      this.marks = marks;
      this.inputs = inputs;
      this.outputs = outputs;
    }
  }

  private static final class Explorer {
    final Config config;
    final Network net;
    final int capacity;
    final Rule rule;
    final int numQueues;

    Explorer(Config config) {
      this.config = config;
      if (config.rule() == Rule.DATELINE && config.vcs() != 2) {
        throw new IllegalArgumentException("DATELINE needs exactly 2 VCs");
      }
      if (config.vcs() < 1 || config.capacity() < 1) {
        throw new IllegalArgumentException("vcs and capacity must be >= 1");
      }
      if (config.rule() == Rule.CRITICAL_BUBBLE && (config.bubbles() < 0 || config.bubbles() > config.capacity())) {
        throw new IllegalArgumentException("CBS needs 0 <= bubbles <= capacity");
      }
      if (config.mesh() && (config.radix().length != 2 || !config.bidirectional() || config.rule() != Rule.VCT)) {
        throw new IllegalArgumentException("meshes: 2-D, bidirectional, VCT only");
      }
      if ((config.routing() == Routing.TURNS || config.routing() == Routing.XY_YX) && !config.mesh()) {
        throw new IllegalArgumentException("turn models and XY-YX are for meshes");
      }
      if (config.routing() == Routing.ANY_NEIGHBOUR && (config.mesh() || config.radix().length != 1
          || !config.bidirectional() || config.radix()[0] < 3 || config.hopLimit() < 1)) {
        throw new IllegalArgumentException("ANY_NEIGHBOUR: a bidirectional ring of 3 or more, a hop limit >= 1");
      }
      this.net = new Network(config.radix(), config.bidirectional(), config.vcs(), config.mesh());
      this.capacity = config.capacity();
      this.rule = config.rule();
      this.numQueues = net.queues.size();
      this.messages = config.messages();
      if (messages != null && (config.routing() != Routing.DOR || messages.classes() < 2)) {
        throw new IllegalArgumentException("message classes: DOR and at least 2 classes");
      }
      this.classes = messages == null ? 0 : messages.classes();
    }

    final Messages messages;
    final int classes;

    /** The packet code of a class-c message from src to dst: dst + nodes * (src + nodes * c); the last class: no source. */
    int code(int c, int src, int dst) {
      int n = net.nodes;
      return c == classes - 1 ? dst + n * n * c : dst + n * (src + n * c);
    }

    int classOf(int packet) {
      return messages == null ? 0 : packet / (net.nodes * net.nodes);
    }

    int sourceOf(int packet) {
      return (packet / net.nodes) % net.nodes;
    }

    boolean classMayUse(int packet, int queue) {
      if (messages == null) {
        return true;
      }
      int vc = net.queues.get(queue).vc();
      for (int v : messages.vcs()[classOf(packet)]) {
        if (v == vc) {
          return true;
        }
      }
      return false;
    }

    String encode(State s) {
      StringBuilder sb = new StringBuilder(numQueues * (capacity + 1));
      for (int q = 0; q < numQueues; q++) {
        int[] content = s.queues[q];
        for (int i = 0; i < capacity; i++) {
          sb.append(i < content.length ? (char) (content[i] + 1) : (char) 0);
        }
      }
      for (int q = 0; q < numQueues; q++) {
        sb.append((char) s.marks[q]);
      }
      for (int v = 0; v < net.nodes && messages != null; v++) {
        for (int c = 0; c < classes; c++) {
          for (int[] list : new int[][] {s.inputs[v][c], s.outputs[v][c]}) {
            for (int i = 0; i < messages.endpointQueue(); i++) {
              sb.append(list != null && i < list.length ? (char) (list[i] + 1) : (char) 0);
            }
          }
        }
      }
      return sb.toString();
    }

    State decode(String key) {
      int[][] queues = new int[numQueues][];
      for (int q = 0; q < numQueues; q++) {
        int len = 0;
        while (len < capacity && key.charAt(q * capacity + len) != 0) {
          len++;
        }
        int[] content = new int[len];
        for (int i = 0; i < len; i++) {
          content[i] = key.charAt(q * capacity + i) - 1;
        }
        queues[q] = content;
      }
      int[] marks = new int[numQueues];
      for (int q = 0; q < numQueues; q++) {
        marks[q] = key.charAt(numQueues * capacity + q);
      }
      int[][][] inputs = new int[net.nodes][classes][];
      int[][][] outputs = new int[net.nodes][classes][];
      int at = numQueues * capacity + numQueues;
      for (int v = 0; v < net.nodes && messages != null; v++) {
        for (int c = 0; c < classes; c++) {
          for (int which = 0; which < 2; which++) {
            List<Integer> list = new ArrayList<>();
            for (int i = 0; i < messages.endpointQueue(); i++) {
              char ch = key.charAt(at++);
              if (ch != 0) {
                list.add(ch - 1);
              }
            }
            int[] arr = list.stream().mapToInt(Integer::intValue).toArray();
            if (which == 0) {
              inputs[v][c] = c < classes - 1 ? arr : null;
            } else {
              outputs[v][c] = c > 0 ? arr : null;
            }
          }
        }
      }
      return new State(queues, marks, inputs, outputs);
    }

    State initialState() {
      int[][] queues = new int[numQueues][];
      for (int q = 0; q < numQueues; q++) {
        queues[q] = new int[0];
      }
      int[] marks = new int[numQueues];
      if (rule == Rule.CRITICAL_BUBBLE) {
        for (int q : net.initialMarkQueueOfRing()) {
          marks[q] = config.bubbles();
        }
      }
      int[][][] inputs = new int[net.nodes][classes][];
      int[][][] outputs = new int[net.nodes][classes][];
      for (int v = 0; v < net.nodes; v++) {
        for (int c = 0; c < classes; c++) {
          inputs[v][c] = c < classes - 1 ? new int[0] : null;
          outputs[v][c] = c > 0 ? new int[0] : null;
        }
      }
      return new State(queues, marks, inputs, outputs);
    }

    int free(State s, int q) {
      return capacity - s.queues[q].length;
    }

    int ringFree(State s, int ring) {
      int total = 0;
      for (int q : net.queuesOfRing.get(ring)) {
        total += free(s, q);
      }
      return total;
    }

    /**
     * Candidate target queues on channel {@code ch} for a packet coming from queue {@code source}
     * (-1 for an injection): one per VC (any VC may be chosen), or for DATELINE the one determined VC.
     * The returned array must not be modified.
     */
    /** As {@link #candidateQueues(int, int)}, for a packet with code {@code packet} (its destination). */
    int[] candidateQueues(int source, int ch, int packet) {
      if (rule != Rule.TWO_TYPE_DATELINE) {
        return candidateQueues(source, ch);
      }
      if (config.radix().length != 1) {
        throw new IllegalArgumentException("TWO_TYPE_DATELINE is written for 1-D rings");
      }
      Channel c = net.channels.get(ch);
      boolean within = source >= 0 && net.queues.get(source).ring() == c.ring();
      int d = packet % net.nodes;
      boolean crosses = c.dir() > 0 ? d < c.from() : d > c.from();
      int vc = c.wrap() || (within ? net.queues.get(source).vc() == 1 : !crosses) ? 1 : 0;
      return new int[] {net.queueIndex[ch][vc]};
    }

    int[] candidateQueues(int source, int ch) {
      if (config.routing() == Routing.XY_YX_CLASSES && source >= 0) {
        return new int[] {net.queueIndex[ch][net.queues.get(source).vc()]}; // a packet keeps its order's VC
      }
      if (rule == Rule.SOURCE_DATELINE) {
        return new int[] {net.queueIndex[ch][source < 0 ? 0 : 1]};
      }
      if (rule == Rule.VC_PER_HOP) {
        // hop i on VC i: one more than the VC the packet is on, 0 on injection
        int vc = source < 0 ? 0 : net.queues.get(source).vc() + 1;
        return vc < net.vcs ? new int[] {net.queueIndex[ch][vc]} : new int[0];
      }
      if (rule != Rule.DATELINE) {
        return net.queueIndex[ch];
      }
      Channel channel = net.channels.get(ch);
      boolean within = source >= 0 && net.queues.get(source).ring() == channel.ring();
      boolean alreadyCrossed = within && net.queues.get(source).vc() == 1;
      int vc = (alreadyCrossed || channel.wrap()) ? 1 : 0;
      return new int[] {net.queueIndex[ch][vc]};
    }

    /**
     * Applies the flow-control rule to moving one packet destined to {@code dest} from
     * {@code source} (-1 for an injection; the packet is still at the head of source) into
     * {@code target}. Returns the successor state, or null if the rule does not admit the move.
     */
    State tryMove(State s, int source, int target, int dest) {
      boolean within = source >= 0 && net.queues.get(source).ring() == net.queues.get(target).ring();
      int freeTarget = free(s, target);
      boolean markMoves = false;
      boolean admitted;
      switch (rule) {
        case VCT, DATELINE, VC_PER_HOP, SOURCE_DATELINE, TWO_TYPE_DATELINE -> admitted = freeTarget >= 1;
        case THEORETICAL_BUBBLE -> admitted = within
            ? freeTarget >= 1
            : freeTarget >= 1 && ringFree(s, net.queues.get(target).ring()) >= 2;
        case LOCALIZED_BUBBLE -> admitted = within ? freeTarget >= 1 : freeTarget >= 2;
        case BUBBLE_WITH_VCT_INTO_ZERO -> admitted = within || net.queues.get(target).node() == 0
            ? freeTarget >= 1
            : freeTarget >= 1 && ringFree(s, net.queues.get(target).ring()) >= 2;
        case CRITICAL_BUBBLE -> {
          if (within) {
            admitted = freeTarget >= 1;
            markMoves = admitted && s.marks[target] == freeTarget;
          } else {
            admitted = freeTarget > s.marks[target];
          }
        }
        default -> throw new IllegalStateException("unknown rule " + rule);
      }
      if (!admitted) {
        return null;
      }
      int[][] queues = s.queues.clone();
      int[] marks = s.marks;
      if (source >= 0) {
        queues[source] = Arrays.copyOfRange(s.queues[source], 1, s.queues[source].length);
      }
      int[] grown = Arrays.copyOf(s.queues[target], s.queues[target].length + 1);
      grown[grown.length - 1] = dest;
      queues[target] = grown;
      if (markMoves) {
        marks = s.marks.clone();
        marks[target]--;
        marks[source]++;
      }
      return new State(queues, marks, s.inputs, s.outputs);
    }

    /** All successors by forward and eject moves (the "drain" moves). */
    List<State> drainSuccessors(State s) {
      List<State> result = new ArrayList<>();
      for (int q = 0; q < numQueues; q++) {
        int[] content = s.queues[q];
        if (content.length == 0) {
          continue;
        }
        int head = content[0];
        int x = net.queues.get(q).node();
        if (leavesAt(head, x)) {
          int[][] queues = s.queues.clone();
          queues[q] = Arrays.copyOfRange(content, 1, content.length);
          int c = classOf(head);
          if (messages == null || c == classes - 1) {
            result.add(new State(queues, s.marks, s.inputs, s.outputs));
          } else if (s.inputs[x][c].length < messages.endpointQueue()) {
            // into the input queue of its class, remembering where the answer goes
            int[][][] inputs = withList(s.inputs, x, c, append(s.inputs[x][c], sourceOf(head)));
            result.add(new State(queues, s.marks, inputs, s.outputs));
          }
        } else {
          Channel in = net.channels.get(net.queues.get(q).channel());
          for (int[] hop : hops(x, direction(in.dim(), in.dir()), head)) {
            for (int target : candidateQueues(q, hop[0], head)) {
              if (!classMayUse(head, target)) {
                continue;
              }
              State next = tryMove(s, q, target, hop[1]);
              if (next != null) {
                result.add(next);
              }
            }
          }
        }
      }
      return result;
    }

    /** The consume moves and the injections from output queues (message classes): drain moves. */
    List<State> messageSuccessors(State s) {
      List<State> result = new ArrayList<>();
      if (messages == null) {
        return result;
      }
      for (int v = 0; v < net.nodes; v++) {
        for (int c = 0; c + 1 < classes; c++) {
          int[] in = s.inputs[v][c];
          if (in.length > 0 && s.outputs[v][c + 1].length < messages.endpointQueue()) {
            int[][][] inputs = withList(s.inputs, v, c, Arrays.copyOfRange(in, 1, in.length));
            int[][][] outputs = withList(s.outputs, v, c + 1, append(s.outputs[v][c + 1], in[0]));
            result.add(new State(s.queues, s.marks, inputs, outputs));
          }
        }
        for (int c = 1; c < classes; c++) {
          int[] out = s.outputs[v][c];
          if (out.length == 0) {
            continue;
          }
          int packet = code(c, v, out[0]);
          for (int[] hop : hops(v, NONE, packet)) {
            for (int target : candidateQueues(-1, hop[0])) {
              if (!classMayUse(packet, target)) {
                continue;
              }
              State next = tryMove(s, -1, target, hop[1]);
              if (next != null) {
                int[][][] outputs = withList(s.outputs, v, c, Arrays.copyOfRange(out, 1, out.length));
                result.add(new State(next.queues, next.marks, next.inputs, outputs));
              }
            }
          }
        }
      }
      return result;
    }

    static int[] append(int[] list, int value) {
      int[] grown = Arrays.copyOf(list, list.length + 1);
      grown[list.length] = value;
      return grown;
    }

    /** A copy of {@code lists} with lists[v][c] replaced (the inner arrays are shared, never modified). */
    static int[][][] withList(int[][][] lists, int v, int c, int[] list) {
      int[][][] copy = lists.clone();
      copy[v] = lists[v].clone();
      copy[v][c] = list;
      return copy;
    }

    /** All successors by injection moves, all-pairs traffic. */
    List<State> injectSuccessors(State s) {
      List<State> result = new ArrayList<>();
      for (int[] pair : pairs()) {
        int src = pair[0];
        int dst = pair[1];
        List<Integer> packets = new ArrayList<>(List.of(messages == null ? dst : code(0, src, dst)));
        int[] cs = net.coords(src);
        int[] cd = net.coords(dst);
        boolean xyYx = config.routing() == Routing.XY_YX || config.routing() == Routing.XY_YX_CLASSES;
        if (xyYx && cs[0] != cd[0] && cs[1] != cd[1]) {
          packets.add(net.nodes + dst); // the YX route differs from the XY route
        }
        if (config.routing() == Routing.VALIANT) {
          packets.clear();
          for (int via = 0; via < net.nodes; via++) {
            // through the source or the destination itself: the plain DOR route
            int code = via == src || via == dst ? dst : net.nodes + via * net.nodes + dst;
            if (!packets.contains(code)) {
              packets.add(code);
            }
          }
        }
        for (int packet : packets) {
          for (int[] hop : hops(src, NONE, packet)) {
            int[] targets = config.routing() == Routing.XY_YX_CLASSES
                ? new int[] {net.queueIndex[hop[0]][packet >= net.nodes ? 1 : 0]}
                : candidateQueues(-1, hop[0], packet);
            for (int target : targets) {
              if (!classMayUse(packet, target)) {
                continue;
              }
              State next = tryMove(s, -1, target, hop[1]);
              if (next != null) {
                result.add(next);
              }
            }
          }
        }
      }
      return result;
    }

    /** No direction: the packet is being injected. */
    static final int NONE = -1;

    /**
     * Whether a packet with code {@code packet} at the head of a queue at node x leaves the network
     * there: it is at its destination, and (Valiant) no longer on its way to an intermediate.
     */
    boolean leavesAt(int packet, int x) {
      if (config.routing() == Routing.VALIANT && packet >= net.nodes) {
        return false;
      }
      return packet % net.nodes == x;
    }

    /** Hops between two nodes of a bidirectional ring, the shorter way. */
    int ringDistance(int a, int b) {
      int k = net.radix[0];
      int forward = Math.floorMod(b - a, k);
      return Math.min(forward, k - forward);
    }

    List<int[]> pairs() {
      List<int[]> result = new ArrayList<>();
      if (config.pairs() != null) {
        result.addAll(List.of(config.pairs()));
        return result;
      }
      for (int src = 0; src < net.nodes; src++) {
        for (int dst = 0; dst < net.nodes; dst++) {
          if (src != dst) {
            result.add(new int[] {src, dst});
          }
        }
      }
      return result;
    }

    /** 0 east, 1 west, 2 north, 3 south, for a hop along dim with dir. */
    static int direction(int dim, int dir) {
      return dim * 2 + (dir > 0 ? 0 : 1);
    }

    /**
     * The moves of a packet (code {@code packet}: destination, plus nodes for XY-YX's YX route) at
     * node x that arrived travelling {@code arriving} (NONE on injection): {channel, packet code after
     * the hop}.
     */
    List<int[]> hops(int x, int arriving, int packet) {
      List<int[]> result = new ArrayList<>();
      int d = packet % net.nodes;
      switch (config.routing()) {
        case DOR -> result.add(new int[] {net.nextChannel(x, d), packet});
        case XY_YX, XY_YX_CLASSES -> {
          int[] cx = net.coords(x);
          int[] cd = net.coords(d);
          boolean yx = packet >= net.nodes;
          int dim = yx ? (cx[1] != cd[1] ? 1 : 0) : (cx[0] != cd[0] ? 0 : 1);
          int ch = net.channelIndex[x][dim][cd[dim] > cx[dim] ? 0 : 1];
          int[] cy = net.coords(net.channels.get(ch).to());
          // the YX mark is kept only while the two orders still differ: both offsets non-zero
          int after = yx && cy[0] != cd[0] && cy[1] != cd[1] ? packet : d;
          result.add(new int[] {ch, after});
        }
        case TURNS -> {
          int[] cx = net.coords(x);
          int[] cd = net.coords(d);
          for (int dim = 0; dim < 2; dim++) {
            if (cx[dim] == cd[dim]) {
              continue;
            }
            int dir = cd[dim] > cx[dim] ? 1 : -1;
            int out = direction(dim, dir);
            int ch = net.channelIndex[x][dim][dir > 0 ? 0 : 1];
            int y = net.channels.get(ch).to();
            if (turnAllowed(x, arriving, out) && someMinimalPath(y, out, d)) {
              result.add(new int[] {ch, d});
            }
          }
        }
        case VALIANT -> {
          if (packet < net.nodes) {
            result.add(new int[] {net.nextChannel(x, d), packet});
          } else {
            int via = (packet - net.nodes) / net.nodes;
            int ch = net.nextChannel(x, via);
            // arriving at the intermediate ends the first phase: the code becomes the destination
            result.add(new int[] {ch, net.channels.get(ch).to() == via ? d : packet});
          }
        }
        case ANY_NEIGHBOUR -> {
          int taken = packet / net.nodes;
          for (int di = 0; di < 2; di++) {
            int ch = net.channelIndex[x][0][di];
            int y = net.channels.get(ch).to();
            if (taken + 1 + ringDistance(y, d) <= config.hopLimit()) {
              result.add(new int[] {ch, packet + net.nodes});
            }
          }
        }
        default -> throw new IllegalStateException();
      }
      return result;
    }

    boolean turnAllowed(int x, int arriving, int out) {
      if (arriving == NONE || arriving == out) {
        return true;
      }
      int column = net.coords(x)[0];
      for (int[] t : config.forbiddenTurns()) {
        if (t[0] == arriving && t[1] == out && (t[2] < 0 || t[2] == column % 2)) {
          return false;
        }
      }
      return true;
    }

    /** Whether some minimal path from x, arrived travelling {@code arriving}, to d makes only allowed turns. */
    boolean someMinimalPath(int x, int arriving, int d) {
      if (x == d) {
        return true;
      }
      int[] cx = net.coords(x);
      int[] cd = net.coords(d);
      for (int dim = 0; dim < 2; dim++) {
        if (cx[dim] != cd[dim]) {
          int dir = cd[dim] > cx[dim] ? 1 : -1;
          int out = direction(dim, dir);
          int y = net.channels.get(net.channelIndex[x][dim][dir > 0 ? 0 : 1]).to();
          if (turnAllowed(x, arriving, out) && someMinimalPath(y, out, d)) {
            return true;
          }
        }
      }
      return false;
    }

    boolean isEmpty(State s) {
      for (int[] content : s.queues) {
        if (content.length > 0) {
          return false;
        }
      }
      for (int v = 0; v < net.nodes && messages != null; v++) {
        for (int c = 0; c < classes; c++) {
          if (s.inputs[v][c] != null && s.inputs[v][c].length > 0
              || s.outputs[v][c] != null && s.outputs[v][c].length > 0) {
            return false;
          }
        }
      }
      return true;
    }

    boolean bubbleInvariant(State s) {
      for (int ring = 0; ring < net.rings; ring++) {
        if (ringFree(s, ring) < 1) {
          return false;
        }
      }
      return true;
    }

    boolean criticalBubbleInvariant(State s) {
      int[] marksPerRing = new int[net.rings];
      for (int q = 0; q < numQueues; q++) {
        if (s.marks[q] < 0 || s.marks[q] > free(s, q)) {
          return false;
        }
        marksPerRing[net.queues.get(q).ring()] += s.marks[q];
      }
      for (int ring = 0; ring < net.rings; ring++) {
        if (marksPerRing[ring] != config.bubbles()) {
          return false;
        }
      }
      return true;
    }

    Result run() {
      Map<String, Integer> ids = new HashMap<>();
      List<String> keys = new ArrayList<>();
      List<Integer> depth = new ArrayList<>();
      List<Boolean> emptyNetwork = new ArrayList<>();
      // Forward/eject edges, recorded for the backward drainability search.
      IntList edgeFrom = new IntList();
      IntList edgeTo = new IntList();

      String initialKey = encode(initialState());
      ids.put(initialKey, 0);
      keys.add(initialKey);
      depth.add(0);

      boolean bubbleOk = true;
      boolean criticalOk = true;
      int shortestStuckDepth = -1;

      // Plain BFS: ids are assigned in discovery order, so iterating over ids is the BFS queue.
      for (int id = 0; id < keys.size(); id++) {
        State s = decode(keys.get(id));
        int d = depth.get(id);

        // "The empty network": every state without packets (for CBS the marks may sit anywhere).
        emptyNetwork.add(isEmpty(s));
        bubbleOk &= bubbleInvariant(s);
        if (rule == Rule.CRITICAL_BUBBLE) {
          criticalOk &= criticalBubbleInvariant(s);
        }

        List<State> drains = drainSuccessors(s);
        drains.addAll(messageSuccessors(s));
        if (drains.isEmpty() && !isEmpty(s) && shortestStuckDepth == -1) {
          shortestStuckDepth = d; // BFS order: the first stuck state found is a nearest one
        }
        for (State next : drains) {
          int nextId = idOf(next, ids, keys, depth, d + 1);
          edgeFrom.add(id);
          edgeTo.add(nextId);
        }
        for (State next : injectSuccessors(s)) {
          idOf(next, ids, keys, depth, d + 1);
        }
      }

      int n = keys.size();
      boolean allDrainable = countDrainable(n, edgeFrom, edgeTo, emptyNetwork) == n;
      return new Result(n, shortestStuckDepth != -1, allDrainable, bubbleOk, criticalOk, shortestStuckDepth);
    }

    int idOf(State s, Map<String, Integer> ids, List<String> keys, List<Integer> depth, int d) {
      String key = encode(s);
      Integer existing = ids.get(key);
      if (existing != null) {
        return existing;
      }
      int id = keys.size();
      ids.put(key, id);
      keys.add(key);
      depth.add(d);
      return id;
    }

    /**
     * Number of states from which an empty network is reachable by forward/eject moves: backward
     * BFS from every empty-network state over the reversed forward/eject edges.
     */
    static int countDrainable(int n, IntList edgeFrom, IntList edgeTo, List<Boolean> emptyNetwork) {
      // Reverse adjacency in compressed form: predecessors of v are pred[start[v] .. start[v+1]).
      int[] start = new int[n + 1];
      for (int e = 0; e < edgeTo.size(); e++) {
        start[edgeTo.get(e) + 1]++;
      }
      for (int v = 0; v < n; v++) {
        start[v + 1] += start[v];
      }
      int[] fill = Arrays.copyOf(start, n);
      int[] pred = new int[edgeTo.size()];
      for (int e = 0; e < edgeTo.size(); e++) {
        pred[fill[edgeTo.get(e)]++] = edgeFrom.get(e);
      }
      boolean[] drainable = new boolean[n];
      int[] queue = new int[n];
      int head = 0;
      int tail = 0;
      for (int v = 0; v < n; v++) {
        if (emptyNetwork.get(v)) {
          drainable[v] = true;
          queue[tail++] = v;
        }
      }
      while (head < tail) {
        int v = queue[head++];
        for (int i = start[v]; i < start[v + 1]; i++) {
          int u = pred[i];
          if (!drainable[u]) {
            drainable[u] = true;
            queue[tail++] = u;
          }
        }
      }
      return tail;
    }
  }

  /** A minimal growable int array (avoids boxing millions of edges). */
  private static final class IntList {
    private int[] data = new int[1024];
    private int size;

    void add(int value) {
      if (size == data.length) {
        data = Arrays.copyOf(data, data.length * 2);
      }
      data[size++] = value;
    }

    int get(int i) {
      return data[i];
    }

    int size() {
      return size;
    }
  }
}
