package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.ConfigurationException;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SPTh's VCinfo registers on small rings driven by a scripted {@link NetworkState}: a buffer
 * that turns busy during cycle t is seen by the router h hops upstream exactly from cycle
 * t + h (one cycle per hop; t + 1 + (h-1) * hop-delay in general), the register length
 * bounds how far it is seen, the margin decides busy, and only the first channel's
 * registers hold an injection back.
 */
class SpthTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final int BUFFER = 16;

    /** A network whose credits a test sets by hand; every other reading is zero. */
    static class Scripted implements NetworkState {
        final Network net;
        final int[] credits;
        long now;

        Scripted(Topology topo, int vcs) {
            this.net = new Network(topo, vcs, 2);
            this.credits = new int[net.queues()];
            Arrays.fill(credits, BUFFER);
        }

        @Override
        public Network network() {
            return net;
        }

        @Override
        public int terminals() {
            return net.topology().nodes();
        }

        @Override
        public int routerOf(int terminal) {
            return terminal;
        }

        @Override
        public int bufferFlits() {
            return BUFFER;
        }

        @Override
        public int slotFlits() {
            return 8;
        }

        @Override
        public int credits(int queue) {
            return credits[queue];
        }

        @Override
        public int occupancy(int queue) {
            return BUFFER - credits[queue];
        }

        @Override
        public boolean allocated(int queue) {
            return false;
        }

        @Override
        public int fullBuffers() {
            return 0;
        }

        @Override
        public long deliveredFlits() {
            return 0;
        }

        @Override
        public long injectedPackets() {
            return 0;
        }

        @Override
        public long now() {
            return now;
        }
    }

    static Scheme scheme(Network net, String yaml) {
        try {
            JsonNode node = YAML.readTree(yaml);
            return Schemes.read("simulation.control", node, new SchemeContext(net, null, BUFFER, 8,
                true));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A unidirectional ring of k routers: channel j runs from router j to j + 1. */
    static Scripted ring(int k, int vcs) {
        return new Scripted(Torus.torus(new int[] {k}, false), vcs);
    }

    static SpthRegisters registers(Scripted s, String yaml) {
        return (SpthRegisters) scheme(s.net, yaml).create(s, 1);
    }

    /** The register of router {@code r}'s output channel in the ring, VC {@code v}. */
    static long reg(SpthRegisters regs, Scripted s, int r, int v) {
        int c = s.net.topology().channel(r, 0, 1);
        return regs.register(s.net.queue(c, v));
    }

    static void cycle(SpthRegisters regs, Scripted s) {
        s.now++;
        regs.beginCycle(s.now);
    }

    @Test
    void aBusyBufferReachesTheRouterHHopsUpstreamExactlyHCyclesLater() {
        Scripted s = ring(16, 1);
        SpthRegisters regs = registers(s, "{kind: spth, length: 8}");
        for (int i = 0; i < 10; i++) {
            cycle(regs, s);
        }
        long t = s.now;
        // the buffer at the end of channel 12 (in router 13) fills during cycle t
        s.credits[s.net.queue(12, 0)] = 0;
        for (int h = 1; h <= 8; h++) {
            int router = 12 - (h - 1);
            for (long now = s.now; now < t + h - 1; now++) {
                cycle(regs, s);
            }
            assertThat(s.now).isEqualTo(t + h - 1);
            assertThat(reg(regs, s, router, 0)).as("router %d before cycle %d", router, t + h).isZero();
            cycle(regs, s);
            assertThat(reg(regs, s, router, 0)).as("router %d at cycle %d", router, t + h).isEqualTo(1L << (h - 1));
        }
        // the other routers' registers carry nothing
        for (int r = 0; r < 16; r++) {
            if (r > 12 || r < 5) {
                assertThat(reg(regs, s, r, 0)).as("router %d", r).isZero();
            }
        }
    }

    @Test
    void theReleaseTravelsUpstreamAtTheSameSpeed() {
        Scripted s = ring(8, 1);
        SpthRegisters regs = registers(s, "{kind: spth}");
        s.credits[s.net.queue(5, 0)] = 0;
        for (int i = 0; i < 10; i++) {
            cycle(regs, s);
        }
        assertThat(reg(regs, s, 2, 0)).isEqualTo(1L << 3);
        long u = s.now;
        s.credits[s.net.queue(5, 0)] = 1;
        cycle(regs, s);
        assertThat(reg(regs, s, 5, 0)).isZero();
        assertThat(reg(regs, s, 4, 0)).isEqualTo(1L << 1);
        cycle(regs, s);
        cycle(regs, s);
        assertThat(s.now).isEqualTo(u + 3);
        assertThat(reg(regs, s, 2, 0)).isEqualTo(1L << 3);
        cycle(regs, s);
        assertThat(reg(regs, s, 2, 0)).isZero();
    }

    @ParameterizedTest(name = "hop-delay {0}")
    @CsvSource({"1", "2", "3"})
    void withAHopDelayBitHMinusOneArrivesAfterOnePlusHMinusOneTimesTheDelay(int d) {
        Scripted s = ring(16, 1);
        SpthRegisters regs = registers(s, "{kind: spth, hop-delay: " + d + "}");
        cycle(regs, s);
        long t = s.now;
        s.credits[s.net.queue(10, 0)] = 0;
        for (int h = 1; h <= 8; h++) {
            int router = 10 - (h - 1);
            long at = t + 1 + (long) (h - 1) * d;
            while (s.now < at - 1) {
                cycle(regs, s);
            }
            assertThat(reg(regs, s, router, 0)).as("h=%d before %d", h, at).isZero();
            cycle(regs, s);
            assertThat(reg(regs, s, router, 0)).as("h=%d at %d", h, at).isEqualTo(1L << (h - 1));
        }
    }

    @ParameterizedTest(name = "length {0}")
    @CsvSource({"1", "3", "4", "7"})
    void theRegisterLengthBoundsHowFarABusyBufferIsSeen(int length) {
        Scripted s = ring(8, 1);
        SpthRegisters regs = registers(s, "{kind: spth, length: " + length + "}");
        s.credits[s.net.queue(7, 0)] = 0;
        for (int i = 0; i < 20; i++) {
            cycle(regs, s);
        }
        for (int h = 1; h <= 7; h++) {
            long expected = h <= length ? 1L << (h - 1) : 0;
            assertThat(reg(regs, s, 7 - (h - 1), 0)).as("%d hops upstream", h).isEqualTo(expected);
        }
    }

    @Test
    void theDefaultLengthIsHalfTheRadixPerDimension() {
        Scripted s = new Scripted(Torus.torus(new int[] {8, 4}, true), 1);
        SpthRegisters regs = registers(s, "spth");
        Arrays.fill(s.credits, 0);
        for (int i = 0; i < 20; i++) {
            cycle(regs, s);
        }
        Topology t = s.net.topology();
        for (int c = 0; c < t.channels(); c++) {
            long expected = t.dimension(c) == 0 ? 0b1111 : 0b11;
            assertThat(regs.register(s.net.queue(c, 0))).as(t.channelName(c)).isEqualTo(expected);
        }
    }

    @Test
    void everyRouterReadsThePreviousCycleSoAllBusyAtOnceGivesOneBitPerCycle() {
        Scripted s = ring(8, 1);
        SpthRegisters regs = registers(s, "{kind: spth, length: 7}");
        Arrays.fill(s.credits, 0);
        for (int i = 1; i <= 7; i++) {
            cycle(regs, s);
            for (int r = 0; r < 8; r++) {
                assertThat(reg(regs, s, r, 0)).as("router %d after %d cycles", r, i).isEqualTo((1L << i) - 1);
            }
        }
    }

    @Test
    void opposingDirectionsAndOtherVcsKeepTheirOwnRegisters() {
        Scripted s = new Scripted(Torus.torus(new int[] {8}, true), 2);
        SpthRegisters regs = registers(s, "spth");
        Topology t = s.net.topology();
        int plus = t.channel(3, 0, 1);
        s.credits[s.net.queue(plus, 1)] = 0;
        for (int i = 0; i < 5; i++) {
            cycle(regs, s);
        }
        for (int c = 0; c < t.channels(); c++) {
            for (int v = 0; v < 2; v++) {
                boolean carries = v == 1 && t.direction(c) > 0 && t.source(c) <= 3 && t.source(c) >= 0;
                long r = regs.register(s.net.queue(c, v));
                assertThat(r != 0).as("%s vc %d: %d", t.channelName(c), v, r).isEqualTo(carries);
            }
        }
    }

    @ParameterizedTest(name = "margin {0}, credits {1}: busy {2}")
    @CsvSource({"0, 0, true", "0, 1, false", "8, 8, true", "8, 9, false", "15, 15, true", "15, 16, false"})
    void aBufferIsBusyWhenItsFreeFlitsAreAtMostTheMargin(int margin, int credits, boolean busy) {
        Scripted s = ring(4, 1);
        SpthRegisters regs = registers(s, "{kind: spth, margin: " + margin + "}");
        s.credits[s.net.queue(2, 0)] = credits;
        cycle(regs, s);
        assertThat(reg(regs, s, 2, 0)).isEqualTo(busy ? 1 : 0);
    }

    @ParameterizedTest(name = "margin {0}, occupancy {1}: busy {2}")
    @CsvSource({"0, 16, true", "0, 15, false", "8, 8, true", "8, 7, false"})
    void withFreeOccupancyTheFlitsInTheBufferCountNotTheCredits(int margin, int occupancy, boolean busy) {
        Scripted s = new Scripted(Torus.torus(new int[] {4}, false), 1) {
            @Override
            public int occupancy(int queue) {
                return queue == net.queue(2, 0) ? occupancy : 0;
            }
        };
        Arrays.fill(s.credits, 0); // credits all taken: must not matter
        SpthRegisters regs = registers(s, "{kind: spth, free: occupancy, margin: " + margin + "}");
        cycle(regs, s);
        assertThat(reg(regs, s, 2, 0)).isEqualTo(busy ? 1 : 0);
        assertThat(reg(regs, s, 1, 0)).isZero();
    }

    @Test
    void anInjectionIsHeldWhileAnyVcOfItsFirstChannelShowsABusyBit() {
        Scripted s = new Scripted(Torus.torus(new int[] {8}, true), 3);
        Topology t = s.net.topology();
        SpthRegisters any = registers(s, "spth");
        SpthRegisters offered = registers(s, "{kind: spth, registers: offered}");
        int plus = t.channel(4, 0, 1);
        int minus = t.channel(2, 0, -1);
        // VC 2 of the + buffer two hops ahead of router 2 is full
        s.credits[s.net.queue(plus, 2)] = 0;
        for (int i = 0; i < 5; i++) {
            cycle(any, s);
            cycle(offered, s);
            s.now--;
        }
        int[] first = {s.net.queue(t.channel(2, 0, 1), 0)};
        assertThat(any.mayInject(2, 5, 8, first, 1)).isFalse();
        assertThat(any.throttled()).isEqualTo(1);
        assertThat(offered.mayInject(2, 5, 8, first, 1)).isTrue();
        int[] firstVc2 = {s.net.queue(t.channel(2, 0, 1), 2)};
        assertThat(offered.mayInject(2, 5, 8, firstVc2, 1)).isFalse();
        // the other direction and local packets go
        assertThat(any.mayInject(2, 0, 8, new int[] {s.net.queue(minus, 0)}, 1)).isTrue();
        assertThat(any.throttled()).isZero();
        assertThat(any.mayInject(2, 2, 8, new int[0], 0)).isTrue();
        // router 1, three hops from the buffer, is held too (length 4 = 8/2)
        assertThat(any.mayInject(1, 5, 8, new int[] {s.net.queue(t.channel(1, 0, 1), 0)}, 1)).isFalse();
        // router 0, five hops from it, is not
        assertThat(any.mayInject(0, 5, 8, new int[] {s.net.queue(t.channel(0, 0, 1), 0)}, 1)).isTrue();
    }

    @Test
    void theSeriesCountThrottledNodesBusyBuffersAndBusyBits() {
        Scripted s = ring(8, 1);
        SpthRegisters regs = registers(s, "spth");
        assertThat(regs.seriesNames()).containsExactly("throttled nodes", "busy buffers", "busy bits");
        s.credits[s.net.queue(6, 0)] = 0;
        for (int i = 0; i < 10; i++) {
            cycle(regs, s);
        }
        regs.mayInject(5, 7, 8, new int[] {s.net.queue(5, 0)}, 1);
        regs.mayInject(4, 7, 8, new int[] {s.net.queue(4, 0)}, 1);
        regs.mayInject(0, 7, 8, new int[] {s.net.queue(0, 0)}, 1);
        double[] out = new double[3];
        regs.sample(out);
        assertThat(out).containsExactly(2, 1, 4);
    }

    @Test
    void describeNamesTheParametersThatDifferFromTheDefaults() {
        Network net = ring(8, 1).net;
        assertThat(scheme(net, "spth").describe()).isEqualTo("spth");
        assertThat(scheme(net, "{kind: spth, margin: 8}").describe()).isEqualTo("spth(margin=8)");
        Spth s = (Spth) scheme(net, "{kind: spth, length: 6, hop-delay: 3, registers: offered}");
        assertThat(s.length()).isEqualTo(6);
        assertThat(s.hopDelay()).isEqualTo(3);
        assertThat(s.anyVc()).isFalse();
        assertThat(s.margin()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "{kind: spth, length: 0}|simulation.control.length",
        "{kind: spth, length: 64}|simulation.control.length",
        "{kind: spth, length: 2.5}|simulation.control.length",
        "{kind: spth, margin: -1}|simulation.control.margin",
        "{kind: spth, margin: 16}|simulation.control.margin",
        "{kind: spth, hop-delay: 0}|simulation.control.hop-delay",
        "{kind: spth, hop-delay: 17}|simulation.control.hop-delay",
        "{kind: spth, registers: all}|simulation.control.registers",
        "{kind: spth, free: flits}|simulation.control.free",
        "{kind: spth, lenght: 4}|simulation.control.lenght"})
    void badParametersNameTheirField(String yaml, String field) {
        Network net = ring(8, 1).net;
        assertThatThrownBy(() -> scheme(net, yaml))
            .isInstanceOfSatisfying(ConfigurationException.class, e -> assertThat(e.field()).isEqualTo(field))
            .hasMessageNotContaining("\n");
    }

    @Test
    void aNetworkWithoutDimensionalRingsIsRefused() {
        Network net = new Network(new FlattenedButterfly(4, 1, 1), 1, 2);
        assertThatThrownBy(() -> scheme(net, "spth"))
            .isInstanceOfSatisfying(ConfigurationException.class,
                e -> assertThat(e.field()).isEqualTo("simulation.control.kind"));
    }
}
