package flowproof.traffic;

import static flowproof.traffic.Workloads.destinations;
import static flowproof.traffic.Workloads.read;
import static org.assertj.core.api.Assertions.assertThat;

import flowproof.topology.Butterfly;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The destinations of every pattern on small tori, rings and flattened butterflies. */
class PatternTest {

    private static final Torus TORUS_4X4 = Torus.torus(new int[] {4, 4}, true);
    private static final Torus TORUS_8X8 = Torus.torus(new int[] {8, 8}, true);
    private static final Torus RING_8 = Torus.torus(new int[] {8}, true);
    private static final Torus RING_16 = Torus.torus(new int[] {16}, true);
    /** 4 routers, 4 terminals each: 16 terminals. */
    private static final FlattenedButterfly FB_4_C4 = new FlattenedButterfly(4, 1, 4);

    /** The index rule {@code f} with fixed points turned into -1, over {@code n} terminals. */
    private static int[] expected(int n, java.util.function.IntUnaryOperator f) {
        return IntStream.range(0, n).map(t -> f.applyAsInt(t) == t ? -1 : f.applyAsInt(t)).toArray();
    }

    @Test
    void transposeOnFourByFourTorusSwapsCoordinatesAndSilencesTheDiagonal() {
        int[] d = destinations("transpose", TORUS_4X4);
        for (int x = 0; x < 4; x++) {
            for (int y = 0; y < 4; y++) {
                int t = TORUS_4X4.node(x, y);
                assertThat(d[t]).isEqualTo(x == y ? -1 : TORUS_4X4.node(y, x));
            }
        }
    }

    @Test
    void transposeElsewhereSwapsTheHalvesOfTheAddressBits() {
        // 16 terminals on a flat: w = (hi 2 bits, lo 2 bits) -> (lo, hi), as on the 4x4 torus.
        assertThat(destinations("transpose", FB_4_C4)).containsExactly(destinations("transpose", TORUS_4X4));
        assertThat(destinations("transpose", RING_16)).containsExactly(expected(16, t -> (t & 3) << 2 | t >> 2));
    }

    @Test
    void bitComplementOnSixteenInvertsEveryBit() {
        assertThat(destinations("bit-complement", RING_16)).containsExactly(expected(16, t -> 15 - t));
        assertThat(destinations("bit-complement", TORUS_4X4)).containsExactly(expected(16, t -> 15 - t));
    }

    @Test
    void bitReverseOnSixteenReversesTheFourBits() {
        int[] d = destinations("bit-reverse", RING_16);
        assertThat(d[1]).isEqualTo(8);
        assertThat(d[2]).isEqualTo(4);
        assertThat(d[3]).isEqualTo(12);
        assertThat(d[11]).isEqualTo(13);
        assertThat(d[0]).isEqualTo(-1);
        assertThat(d[6]).isEqualTo(-1);
        assertThat(d[15]).isEqualTo(-1);
    }

    @Test
    void shuffleRotatesLeftAndBitRotationRotatesRight() {
        int[] shuffle = destinations("shuffle", RING_8);
        int[] rotation = destinations("bit-rotation", RING_8);
        assertThat(shuffle).containsExactly(-1, 2, 4, 6, 1, 3, 5, -1);
        assertThat(rotation).containsExactly(-1, 4, 1, 5, 2, 6, 3, -1);
    }

    @Test
    void shuffleAndBitRotationAreInverses() {
        Torus t = Torus.torus(new int[] {8, 8}, true);
        int[] shuffle = destinations("shuffle", t);
        int[] rotation = destinations("bit-rotation", t);
        for (int s = 0; s < 64; s++) {
            if (shuffle[s] < 0) {
                assertThat(rotation[s]).isEqualTo(-1);
            } else {
                assertThat(rotation[shuffle[s]]).isEqualTo(s);
                assertThat(shuffle[rotation[s]]).isEqualTo(s);
            }
        }
    }

    @Test
    void tornadoOnEightAryRingAddsThree() {
        assertThat(destinations("tornado", RING_8)).containsExactly(expected(8, t -> (t + 3) % 8));
        // ceil(5/2) - 1 = 2
        assertThat(destinations("tornado", Torus.torus(new int[] {5}, true))).containsExactly(2, 3, 4, 0, 1);
    }

    @Test
    void tornadoOnEightByEightTorusAdvancesEveryCoordinate() {
        int[] d = destinations("tornado", TORUS_8X8);
        for (int x = 0; x < 8; x++) {
            for (int y = 0; y < 8; y++) {
                assertThat(d[TORUS_8X8.node(x, y)]).isEqualTo(TORUS_8X8.node(x + 3, y + 3));
            }
        }
    }

    @Test
    void tornadoElsewhereSendsHalfWayRound() {
        assertThat(destinations("tornado", FB_4_C4)).containsExactly(expected(16, t -> (t + 8) % 16));
    }

    @Test
    void neighborMovesOneStepInDimensionZero() {
        int[] d = destinations("neighbor", TORUS_4X4);
        for (int x = 0; x < 4; x++) {
            for (int y = 0; y < 4; y++) {
                assertThat(d[TORUS_4X4.node(x, y)]).isEqualTo(TORUS_4X4.node(x + 1, y));
            }
        }
        assertThat(destinations("neighbor", FB_4_C4)).containsExactly(expected(16, t -> (t + 1) % 16));
    }

    @Test
    void adversarialSendsEveryTerminalToTheSamePortOfTheNextRouter() {
        int[] d = destinations("adversarial", FB_4_C4);
        assertThat(d).containsExactly(expected(16, t -> (t + 4) % 16));
        for (int t = 0; t < 16; t++) {
            assertThat(d[t] / 4).isEqualTo((t / 4 + 1) % 4);
            assertThat(d[t] % 4).isEqualTo(t % 4);
        }
        // Concentration 1: the next terminal.
        assertThat(destinations("adversarial", RING_8)).containsExactly(expected(8, t -> (t + 1) % 8));
    }

    @Test
    void bitPatternsWorkOnButterflyTerminals() {
        Topology b = new Butterfly(2, 3);
        assertThat(destinations("bit-complement", b)).containsExactly(expected(8, t -> 7 - t));
    }

    @Test
    void uniformNeverPicksTheSourceAndCoversEveryOtherTerminal() {
        Workload w = read("traffic: uniform", FB_4_C4);
        Workload.Generator g = w.start(7);
        for (int s = 0; s < 16; s++) {
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; i < 2000; i++) {
                int d = g.destination(s, i);
                assertThat(d).isBetween(0, 15).isNotEqualTo(s);
                seen.add(d);
            }
            assertThat(seen).hasSize(15);
        }
    }

    @Test
    void uniformIsRoughlyUniform() {
        Workload.Generator g = read("traffic: uniform", RING_8).start(3);
        int[] count = new int[8];
        int draws = 70_000;
        for (int i = 0; i < draws; i++) {
            count[g.destination(0, i)]++;
        }
        assertThat(count[0]).isZero();
        for (int d = 1; d < 8; d++) {
            assertThat(count[d]).isBetween(draws / 7 * 95 / 100, draws / 7 * 105 / 100);
        }
    }

    @Test
    void randomPermutationIsABijectionFixedForARunAndChangesWithTheSeed() {
        Workload w = read("traffic: random-permutation", TORUS_8X8);
        int[] a = destinations(w, 11, 0);
        assertThat(destinations(w, 11, 5000)).containsExactly(a);
        int[] image = Arrays.stream(a).filter(d -> d >= 0).toArray();
        assertThat(image).doesNotHaveDuplicates();
        int fixedPoints = (int) Arrays.stream(a).filter(d -> d < 0).count();
        assertThat(image.length + fixedPoints).isEqualTo(64);
        for (int t = 0; t < 64; t++) {
            assertThat(a[t]).isNotEqualTo(t);
        }
        assertThat(destinations(w, 12, 0)).isNotEqualTo(a);
        assertThat(destinations(read("traffic: random-pair", TORUS_8X8), 11, 0)).containsExactly(a);
    }

    @Test
    void hotSpotFractionSendsTheLowestNumberedOtherSourcesToTheNode() {
        // 64 terminals, node 5: round(0.25 * 63) = 16 sources: 0-4 and 6-16.
        Workload w = read("traffic: {pattern: hot-spot, node: 5, fraction: 0.25, background: none}", TORUS_8X8);
        int[] d = destinations(w, 1, 0);
        for (int t = 0; t < 64; t++) {
            boolean hot = t != 5 && t <= 16;
            assertThat(d[t]).as("terminal %d", t).isEqualTo(hot ? 5 : -1);
        }
        assertThat(w.describe()).startsWith("hot-spot to terminal 5 from 16 sources (lowest-numbered), others none");
    }

    @Test
    void hotSpotChosenAtRandomTakesTheRightCountAndDependsOnTheSeed() {
        Workload w = read("traffic: {pattern: hot-spot, sources: 10, choose: random, background: none}", TORUS_8X8);
        int[] a = destinations(w, 1, 0);
        int[] b = destinations(w, 2, 0);
        assertThat(Arrays.stream(a).filter(x -> x == 0).count()).isEqualTo(10);
        assertThat(Arrays.stream(b).filter(x -> x == 0).count()).isEqualTo(10);
        assertThat(a[0]).isEqualTo(-1);
        assertThat(a).isNotEqualTo(b);
    }

    @Test
    void hotSpotBackgroundFollowsItsPattern() {
        Workload w = read("traffic: {pattern: hot-spot, node: 0, sources: 3, background: bit-complement}", RING_16);
        assertThat(destinations(w, 1, 0))
            .containsExactly(15, 0, 0, 0, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
        // Default: every other terminal to node 0; the hot spot itself sends uniformly.
        Workload all = read("traffic: hot-spot", RING_8);
        Workload.Generator g = all.start(1);
        for (int t = 1; t < 8; t++) {
            assertThat(g.destination(t, 0)).isZero();
        }
        assertThat(g.destination(0, 0)).isBetween(1, 7);
    }

    @Test
    void mixGivesEachSetItsPatternAndSilencesTheRest() {
        Workload w = read("""
            traffic:
              mix:
                - {terminals: "0-7", pattern: bit-complement, within: true}
                - {terminals: "8-11", pattern: tornado}
                - {terminals: [12, 13], pattern: hot-spot, node: 0}
            """, RING_16);
        int[] d = destinations(w, 1, 0);
        assertThat(Arrays.copyOfRange(d, 0, 8)).containsExactly(7, 6, 5, 4, 3, 2, 1, 0);
        // tornado over all 16 terminals of a 16-ring: + ceil(16/2) - 1 = +7
        assertThat(Arrays.copyOfRange(d, 8, 12)).containsExactly(15, 0, 1, 2);
        assertThat(Arrays.copyOfRange(d, 12, 16)).containsExactly(0, 0, -1, -1);
        assertThat(w.describe()).startsWith("mix of 0-7: bit-complement (within); 8-11: tornado; 12-13: hot-spot");
    }

    @Test
    void mixUniformWithinStaysInsideItsSetAndWithoutRangesOverAll() {
        Workload w = read("""
            traffic:
              mix:
                - {terminals: "0-3", pattern: uniform, within: true}
                - {terminals: "4-7", pattern: uniform}
            """, RING_8);
        Workload.Generator g = w.start(5);
        Set<Integer> inside = new HashSet<>();
        Set<Integer> outside = new HashSet<>();
        for (int i = 0; i < 2000; i++) {
            inside.add(g.destination(1, i));
            outside.add(g.destination(5, i));
        }
        assertThat(inside).containsExactlyInAnyOrder(0, 2, 3);
        assertThat(outside).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 6, 7);
    }

    /** {@code self: true} on a fixed permutation: a fixed point sends to itself (BookSim's way), else it sends nothing. */
    @Test
    void aFixedPointSendsToItselfOnlyWithSelf() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        Workload plain = read("{traffic: transpose}", t);
        Workload self = read("{traffic: {pattern: transpose, self: true}}", t);
        assertThat(self.describe()).startsWith("transpose (fixed points to themselves)");
        for (int s = 0; s < 16; s++) {
            int x = s % 4;
            int y = s / 4;
            double[] w0 = plain.destinationWeights(s, 1);
            double[] w1 = self.destinationWeights(s, 1);
            if (x == y) {
                assertThat(Arrays.stream(w0).sum()).as("fixed point %d", s).isZero();
                assertThat(w1[s]).as("fixed point %d", s).isEqualTo(1.0);
            } else {
                assertThat(w1).as("terminal %d", s).containsExactly(w0, org.assertj.core.data.Offset.offset(0.0));
                assertThat(w1[s]).isZero();
            }
        }
    }
}
