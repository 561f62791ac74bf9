package flowproof.sim;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A ceiling, not the simulator: one cycle of a stripped-down router written only for the
 * bench-sim network of {@link SimulatorCycleBenchmark} (8x8 bidirectional torus, DOR with the
 * dateline on 2 VCs, virtual cut-through, 64-flit buffers, 8-flit packets, pipeline 4, link
 * and credit latency 1, Bernoulli sources, separable input-first round-robin allocators). It
 * has none of the simulator's options, rules, statistics, checks or run protocol: per cycle
 * only the credits that come back, the sources, VC allocation (every waiting head looked at
 * again, no wake-up lists), switch allocation from a bit mask per router, and the flits'
 * traversals. What it costs per cycle bounds from below what any router of this design
 * costs in Java on the machine at hand (docs/measurements.md, "Twelfth look"): the
 * simulator's speed target asks for 3.2 microseconds a cycle on this network at saturation.
 *
 * <pre>
 * mvn -B -Pbench test-compile exec:exec -Djmh.args="MinimalRouter|SimulatorCycle -p size=8 -p load=0.45,1.0 -f 1"
 * </pre>
 *
 * <p>{@code traffic = neighbor} sends every packet one hop in +x (the same work per flit with
 * predictable branches); {@code uniform} excludes self, as flowproof's uniform does by default.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MinimalRouterBenchmark {

    @Param({"0.1", "0.45", "1.0"})
    double load;

    @Param({"uniform"})
    String traffic;

    private MinimalTorusRouter router;

    @Setup(Level.Trial)
    public void setUp() {
        router = new MinimalTorusRouter(8, load, traffic.equals("neighbor"));
        for (int i = 0; i < 20_000; i++) {
            router.step();
        }
    }

    @TearDown(Level.Trial)
    public void report() {
        // what the measured network carried: its accepted rate and flit moves a cycle
        System.out.printf("%n[minimal router] cycles %,d, accepted %.4f flits/node/cycle, %.1f switch traversals a cycle%n",
            router.now, router.deliveredFlits / (double) router.nodes / router.now, router.moves / (double) router.now);
    }

    @Benchmark
    public long cycle() {
        router.step();
        return router.now;
    }

    /** The stripped-down router itself. */
    static final class MinimalTorusRouter {
        private static final int PORTS = 5;
        private static final int VCS = 2;
        private static final int CAP = 64;
        private static final int SIZE = 8;
        private static final int PIPE = 4;
        private static final int LINK = 1;
        private static final int CREDIT = 1;
        private static final int EJECT = -2;
        private static final int TAIL = Integer.MIN_VALUE;
        private static final int SOURCE_CAP = 64;

        private final int k;
        final int nodes;
        private final boolean neighbor;
        private final double packetRate;
        /** Per input VC {@code (router * PORTS + port) * VCS + vc} (port 4: injection): a ring of packet|TAIL and ready cycles. */
        private final int[] bufPacket;
        private final int[] bufReady;
        private final int[] head;
        private final int[] count;
        private final int[] out;
        private final int[] outPort;
        private final int[] frontReady;
        /** Per output VC, indexed by the downstream input VC it feeds: owner and credits. */
        private final int[] owner;
        private final int[] credits;
        /** Per router: bit {@code port * VCS + vc} set while that VC holds an output VC and has a flit. */
        private final int[] active;
        private final int[] inPtr;
        private final int[] outPtr;
        private final int[] neighbour;
        private final int[] waiting;
        private int waitingCount;
        private final int[][] creditWheel = new int[CREDIT + 1][];
        private final int[] creditCount = new int[CREDIT + 1];
        private final int[] pick = new int[PORTS];
        private final int[] dst = new int[1 << 16];
        private final int[] gen = new int[1 << 16];
        private final int[] freePackets = new int[1 << 16];
        private int freeTop;
        private final int[] srcQueue;
        private final int[] srcHead;
        private final int[] srcCount;
        private final int[] injPacket;
        private final int[] injFlit;
        private final int[] injVc;
        private long rng = 0x9E3779B97F4A7C15L;
        long now;
        long deliveredFlits;
        long moves;
        long latencySum;

        MinimalTorusRouter(int k, double load, boolean neighbor) {
            this.k = k;
            this.nodes = k * k;
            this.neighbor = neighbor;
            this.packetRate = load / SIZE;
            int ivs = nodes * PORTS * VCS;
            bufPacket = new int[ivs * CAP];
            bufReady = new int[ivs * CAP];
            head = new int[ivs];
            count = new int[ivs];
            out = new int[ivs];
            outPort = new int[ivs];
            frontReady = new int[ivs];
            owner = new int[ivs];
            credits = new int[ivs];
            waiting = new int[ivs];
            Arrays.fill(out, -1);
            Arrays.fill(owner, -1);
            Arrays.fill(credits, CAP);
            active = new int[nodes];
            inPtr = new int[nodes * PORTS];
            outPtr = new int[nodes * PORTS];
            neighbour = new int[nodes * 4];
            for (int r = 0; r < nodes; r++) {
                int x = r % k;
                int y = r / k;
                neighbour[r * 4] = y * k + (x + 1) % k;
                neighbour[r * 4 + 1] = y * k + (x + k - 1) % k;
                neighbour[r * 4 + 2] = (y + 1) % k * k + x;
                neighbour[r * 4 + 3] = (y + k - 1) % k * k + x;
            }
            for (int i = 0; i < creditWheel.length; i++) {
                creditWheel[i] = new int[ivs];
            }
            for (int i = 0; i < freePackets.length; i++) {
                freePackets[freeTop++] = freePackets.length - 1 - i;
            }
            srcQueue = new int[nodes * SOURCE_CAP];
            srcHead = new int[nodes];
            srcCount = new int[nodes];
            injPacket = new int[nodes];
            injFlit = new int[nodes];
            injVc = new int[nodes];
            Arrays.fill(injPacket, -1);
        }

        private long next() {
            rng ^= rng << 13;
            rng ^= rng >>> 7;
            rng ^= rng << 17;
            return rng;
        }

        private void push(int iv, int p, int ready) {
            int c = count[iv];
            int at = iv * CAP + ((head[iv] + c) & (CAP - 1));
            bufPacket[at] = p;
            bufReady[at] = ready;
            count[iv] = c + 1;
            if (c == 0) {
                frontReady[iv] = ready;
                if (out[iv] < 0) {
                    waiting[waitingCount++] = iv;
                } else {
                    active[iv / (PORTS * VCS)] |= 1 << (iv % (PORTS * VCS));
                }
            }
        }

        void step() {
            int t = (int) now;
            int slot = t % (CREDIT + 1);
            int[] wheel = creditWheel[slot];
            for (int i = 0, n = creditCount[slot]; i < n; i++) {
                credits[wheel[i]]++;
            }
            creditCount[slot] = 0;
            sources(t);
            allocateVcs(t);
            for (int r = 0; r < nodes; r++) {
                if (active[r] != 0) {
                    allocateSwitch(r, t);
                }
            }
            now++;
        }

        private void sources(int t) {
            for (int r = 0; r < nodes; r++) {
                if ((next() >>> 11) * 0x1.0p-53 < packetRate && srcCount[r] < SOURCE_CAP) {
                    int d;
                    if (neighbor) {
                        d = r / k * k + (r % k + 1) % k;
                    } else {
                        d = (int) (((next() >>> 33) * (nodes - 1)) >>> 31);
                        if (d >= r) {
                            d++;
                        }
                    }
                    int p = freePackets[--freeTop];
                    dst[p] = d;
                    gen[p] = t;
                    srcQueue[r * SOURCE_CAP + (srcHead[r] + srcCount[r]++) % SOURCE_CAP] = p;
                }
                int base = (r * PORTS + 4) * VCS;
                int p = injPacket[r];
                if (p < 0 && srcCount[r] > 0) {
                    for (int i = 1; i <= VCS; i++) {
                        int v = (injVc[r] + i) % VCS;
                        if (CAP - count[base + v] >= SIZE) {
                            p = srcQueue[r * SOURCE_CAP + srcHead[r]];
                            srcHead[r] = (srcHead[r] + 1) % SOURCE_CAP;
                            srcCount[r]--;
                            injPacket[r] = p;
                            injFlit[r] = 0;
                            injVc[r] = v;
                            break;
                        }
                    }
                }
                if (p >= 0 && count[base + injVc[r]] < CAP) {
                    int f = injFlit[r]++;
                    push(base + injVc[r], f == SIZE - 1 ? p | TAIL : p, t + PIPE);
                    if (f == SIZE - 1) {
                        injPacket[r] = -1;
                    }
                }
            }
        }

        private void allocateVcs(int t) {
            int n = waitingCount;
            waitingCount = 0;
            for (int i = 0; i < n; i++) {
                int iv = waiting[i];
                if (frontReady[iv] > t) {
                    waiting[waitingCount++] = iv;
                    continue;
                }
                int p = bufPacket[iv * CAP + head[iv]] & ~TAIL;
                int r = iv / (PORTS * VCS);
                int ip = iv / VCS % PORTS;
                int v = iv % VCS;
                int d = dst[p];
                int x = r % k;
                int y = r / k;
                int op;
                boolean wrap;
                if (x != d % k) {
                    boolean plus = (d % k - x + k) % k <= k / 2;
                    op = plus ? 0 : 1;
                    wrap = plus ? x == k - 1 : x == 0;
                } else if (y != d / k) {
                    boolean plus = (d / k - y + k) % k <= k / 2;
                    op = plus ? 2 : 3;
                    wrap = plus ? y == k - 1 : y == 0;
                } else {
                    out[iv] = EJECT;
                    outPort[iv] = 4;
                    active[r] |= 1 << (iv - r * PORTS * VCS);
                    continue;
                }
                int vc = ip == op && v == 1 || wrap ? 1 : 0;
                int ov = (neighbour[r * 4 + op] * PORTS + op) * VCS + vc;
                if (owner[ov] < 0 && credits[ov] >= SIZE) {
                    owner[ov] = iv;
                    credits[ov] -= SIZE;
                    out[iv] = ov;
                    outPort[iv] = op;
                    active[r] |= 1 << (iv - r * PORTS * VCS);
                } else {
                    waiting[waitingCount++] = iv;
                }
            }
        }

        private void allocateSwitch(int r, int t) {
            int a = active[r];
            int base = r * PORTS * VCS;
            int requests = 0;
            while (a != 0) {
                int ip = Integer.numberOfTrailingZeros(a) >>> 1;
                int m = a >>> (ip << 1) & 3;
                a &= ~(3 << (ip << 1));
                int ready = 0;
                if ((m & 1) != 0 && frontReady[base + ip * 2] <= t) {
                    ready |= 1;
                }
                if ((m & 2) != 0 && frontReady[base + ip * 2 + 1] <= t) {
                    ready |= 2;
                }
                if (ready != 0) {
                    int iv = base + ip * 2 + (ready == 3 ? inPtr[r * PORTS + ip] : ready >>> 1);
                    requests |= 1 << (outPort[iv] * PORTS + ip);
                    pick[ip] = iv;
                }
            }
            while (requests != 0) {
                int op = Integer.numberOfTrailingZeros(requests) / PORTS;
                int m = requests >>> (op * PORTS) & 31;
                requests &= ~(31 << (op * PORTS));
                int ptr = outPtr[r * PORTS + op];
                int rotated = (m >>> ptr | m << (PORTS - ptr)) & 31;
                int ip = (Integer.numberOfTrailingZeros(rotated) + ptr) % PORTS;
                outPtr[r * PORTS + op] = (ip + 1) % PORTS;
                int iv = pick[ip];
                inPtr[r * PORTS + ip] = (iv % VCS + 1) % VCS;
                traverse(iv, t);
            }
        }

        private void traverse(int iv, int t) {
            moves++;
            int field = bufPacket[iv * CAP + head[iv]];
            head[iv] = (head[iv] + 1) & (CAP - 1);
            int c = --count[iv];
            if (c > 0) {
                frontReady[iv] = bufReady[iv * CAP + head[iv]];
            }
            if (iv / VCS % PORTS < 4) {
                int s = (t + CREDIT) % (CREDIT + 1);
                creditWheel[s][creditCount[s]++] = iv;
            }
            int ov = out[iv];
            boolean tail = field < 0;
            if (ov == EJECT) {
                deliveredFlits++;
                if (tail) {
                    int p = field & ~TAIL;
                    latencySum += t + 1 - gen[p];
                    freePackets[freeTop++] = p;
                }
            } else {
                push(ov, field, t + 1 + LINK + PIPE - 1);
            }
            if (tail) {
                if (ov != EJECT) {
                    owner[ov] = -1;
                }
                out[iv] = -1;
                active[iv / (PORTS * VCS)] &= ~(1 << (iv % (PORTS * VCS)));
                if (c > 0) {
                    waiting[waitingCount++] = iv;
                }
            } else if (c == 0) {
                active[iv / (PORTS * VCS)] &= ~(1 << (iv % (PORTS * VCS)));
            }
        }
    }
}
