package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.check.Flowproof;
import flowproof.routing.QueueRoutes;
import flowproof.rule.FlowControlRule;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.sim.Simulator;
import flowproof.spec.BookSimConfig.Purpose;
import flowproof.topology.Dragonfly;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * BookSim's {@code topology = dragonflynew} with {@code routing_function = min}
 * (specs/sim/booksim/dragonfly-k2.cfg): mapped onto flowproof's dragonfly with BookSim's global
 * wiring and channel lengths, minimal routing with VC 0 before the global hop and VC 1 from
 * it on; what differs is refused in one line naming the key.
 */
class BookSimDragonflyTest {

    private static final Path CFG = Path.of("specs/sim/booksim/dragonfly-k2.cfg");

    private static ObjectNode tree(String text, Purpose purpose) throws SpecException {
        return BookSimConfig.toSpecTree("x.cfg", "x", text, purpose);
    }

    private static String cfg() throws Exception {
        return Files.readString(CFG);
    }

    /** The configuration's spec tree without the channel lengths (which the simulator reads only once it asks the topology). */
    private static ObjectNode withoutLengths() throws Exception {
        ObjectNode t = tree(cfg(), Purpose.SIMULATE);
        ((ObjectNode) t.get("topology")).remove("channel-length");
        return t;
    }

    private static ObjectNode atLoad(ObjectNode t, double load) {
        ((ObjectNode) t.get("simulation")).put("load", load);
        return t;
    }

    @Test
    void mapsOntoADragonflyWithBookSimsWiringLengthsAndVcs() throws Exception {
        ObjectNode t = tree(cfg(), Purpose.SIMULATE);
        assertThat(t.get("topology").toString()).isEqualTo("{\"kind\":\"dragonfly\",\"routers-per-group\":4,"
            + "\"global-channels\":2,\"concentration\":2,\"global-wiring\":\"booksim\",\"channel-length\":[10,100]}");
        assertThat(t.get("routing").asText()).isEqualTo("minimal");
        assertThat(t.get("vcs").asInt()).isEqualTo(2);
        assertThat(t.get("vc-classes").toString()).isEqualTo("{\"classes\":2,\"hops\":[{\"channel\":\"global\","
            + "\"set\":1}]}");
        JsonNode sim = t.get("simulation");
        assertThat(sim.get("buffer").asInt()).isEqualTo(256);
        assertThat(sim.get("packet-size").asInt()).isEqualTo(10);
        assertThat(sim.get("vc-release").asText()).isEqualTo("tail");
        assertThat(sim.get("stages").get("routing").asInt()).isZero();
        // min_dragonflynew ejects a packet on its phase's VC only
        assertThat(sim.get("ejection-vcs").asInt()).isEqualTo(2);
        assertThat(sim.get("ejection-vc").asText()).isEqualTo("class");
        // the channel's own length is added by the topology: link-latency 1, credits 1 + 1 + credit_delay 2
        assertThat(sim.get("link-latency").asInt()).isEqualTo(1);
        assertThat(sim.get("credit-latency").asInt()).isEqualTo(4);
        assertThat(sim.get("load").asDouble()).isEqualTo(0.8);
        // a check does not read latencies
        assertThat(tree(cfg(), Purpose.VERIFY).get("topology").has("channel-length")).isFalse();

        Spec s = SpecReader.fromTree("x.cfg", "", tree(cfg(), Purpose.VERIFY));
        Dragonfly df = (Dragonfly) s.topology();
        assertThat(df.wiring()).isEqualTo(Dragonfly.GlobalWiring.BOOKSIM);
        assertThat(df.nodes() * df.concentration()).isEqualTo(72);
    }

    /**
     * min_dragonflynew's VCs: a packet to another group takes VC 0 in its source group, VC 1 on
     * the global channel and after it; a packet within its group VC 0 only.
     */
    @Test
    void theGlobalHopMovesAPacketFromVc0ToVc1() throws Exception {
        Spec s = BookSimConfig.read(CFG, Purpose.VERIFY);
        SimConfig cfg = Flowproof.simulation(SpecReader.fromTree("x.cfg", "", withoutLengths()));
        Dragonfly df = (Dragonfly) s.topology();
        QueueRoutes routes = new QueueRoutes(cfg.network(), cfg.routing(), cfg.rule());
        int hops = 0;
        for (int src = 0; src < df.nodes(); src++) {
            for (int dst = 0; dst < df.nodes(); dst++) {
                if (src == dst) {
                    continue;
                }
                int[] headers = routes.injectHeaders(src, dst);
                assertThat(headers).hasSize(1);
                var next = routes.next(FlowControlRule.INJECT, src, headers[0]);
                boolean crossed = false;
                int globals = 0;
                int route = 0;
                while (!next.exits()) {
                    assertThat(next.size()).isEqualTo(1);
                    int q = next.queues()[0];
                    int ch = cfg.network().channelOf(q);
                    crossed |= df.isGlobal(ch);
                    globals += df.isGlobal(ch) ? 1 : 0;
                    assertThat(cfg.network().vcOf(q)).as("%s to %s on %s", df.nodeName(src), df.nodeName(dst),
                        df.channelName(ch)).isEqualTo(crossed ? 1 : 0);
                    route++;
                    next = routes.next(q, -1, next.headers()[0]);
                }
                assertThat(globals).isEqualTo(df.groupOf(src) == df.groupOf(dst) ? 0 : 1);
                assertThat(route).isBetween(1, 3);
                hops += route;
            }
        }
        assertThat(hops).isPositive();
    }

    /** check --booksim: the two VC classes make min deadlock-free; one class alone is not. */
    @Test
    void checkProvesMinDeadlockFreeAndOneVcClassIsNot() throws Exception {
        Spec s = SpecReader.fromTree("x.cfg", "", tree(cfg(), Purpose.VERIFY));
        var d = Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(d.exitCode()).as(d.text()).isZero();
        assertThat(d.text()).contains("proved deadlock-free");

        ObjectNode oneClass = tree(cfg(), Purpose.VERIFY);
        oneClass.remove("vc-classes");
        // (the ejection VC by class goes with the classes)
        ((ObjectNode) oneClass.get("simulation")).remove("ejection-vc");
        Spec plain = SpecReader.fromTree("x.cfg", "", oneClass);
        // (a bounded search: the verdict asked is only that nothing is proved)
        var bad = Flowproof.check(plain, flowproof.check.Options.defaults().withSaveTo(null).withMaxStates(500_000));
        assertThat(bad.exitCode()).as(bad.text()).isNotZero();
        assertThat(bad.text()).doesNotContain("proved deadlock-free");
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
            Arguments.of("routing_function = ugal; num_vcs = 3;", "x.cfg: key routing_function: expected min"
                + " (ugal_dragonflynew is not flowproof's ugal: it draws the intermediate from every terminal, its own"
                + " group's included, and routes minimally when min <= 2 x nonmin + 30 credits used on the two first"
                + " output ports; flowproof's draws a router of another group and compares occupancy times hop count),"
                + " found ugal"),
            Arguments.of("routing_function = dim_order;", "x.cfg: key routing_function: expected min (min_dragonflynew:"
                + " flowproof's minimal routing, VC 0 before the global hop and VC 1 from it on), found dim_order"),
            Arguments.of("num_vcs = 4;", "x.cfg: key num_vcs: expected 2 (min_dragonflynew sends on VC 0 before the"
                + " global hop and on VC 1 from it on; further VCs it uses at injection only, which flowproof's VC"
                + " classes do not express), found 4"),
            Arguments.of("n = 2;", "x.cfg: key n: expected 1 (BookSim's dragonflynew has one dimension inside a group:"
                + " assert(_n == 1)), found 2"),
            Arguments.of("c = 3;", "x.cfg: key c: expected k (2; BookSim's dragonflynew attaches k terminals to a"
                + " router and does not read c), found 3"),
            Arguments.of("xr = 2;", "x.cfg: key xr: expected no xr on a dragonflynew (BookSim reads it for flatfly and"
                + " cmesh only), found 2"),
            Arguments.of("traffic = tornado;", "x.cfg: key traffic: expected uniform (BookSim's other patterns take the"
                + " dragonfly's terminals as a k-ary n-cube's or need a power of two of them), found tornado"),
            Arguments.of("k = 11;", "x.cfg: key k: expected a network of at most 4096 routers (2k x (2k^2 + 1) on a"
                + " dragonflynew; flowproof's limit), found 11"),
            Arguments.of("internal_speedup = 2.0;", "x.cfg: key internal_speedup: expected 1.0 (what flowproof's router"
                + " does), found 2.0"));
    }

    @ParameterizedTest
    @MethodSource("refusals")
    void whatDiffersIsOneLineNamingTheKey(String line, String message) throws Exception {
        for (Purpose purpose : Purpose.values()) {
            SpecException e = null;
            try {
                tree(cfg() + line + "\n", purpose);
            } catch (SpecException x) {
                e = x;
            }
            assertThat(e).as(line).isNotNull();
            assertThat(e.getMessage()).isEqualTo(message);
        }
    }

    @Test
    void aSpecNamesTheWiringAndLengths() throws Exception {
        ObjectNode t = tree(cfg(), Purpose.VERIFY);
        ((ObjectNode) t.get("topology")).put("global-wiring", "dally");
        SpecException e = null;
        try {
            SpecReader.fromTree("x.yaml", "", t);
        } catch (SpecException x) {
            e = x;
        }
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).isEqualTo("x.yaml: topology.global-wiring: expected flowproof or booksim, found"
            + " \"dally\"");
        ((ObjectNode) t.get("topology")).put("global-wiring", "booksim");
        ((ObjectNode) t.get("topology")).putArray("channel-length").add(10);
        try {
            SpecReader.fromTree("x.yaml", "", t);
            e = null;
        } catch (SpecException x) {
            e = x;
        }
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).startsWith("x.yaml: topology.channel-length: expected [local, global]: two"
            + " positive integers");
    }

    /**
     * The configuration simulates with BookSim's wiring, routing and VCs (here without the
     * channel lengths, so that it runs short): what is offered below saturation is accepted,
     * and nothing deadlocks.
     */
    @Test
    void simulatesWithBookSimsWiringAndVcs() throws Exception {
        Spec s = SpecReader.fromTree("x.cfg", "", atLoad(withoutLengths(), 0.3));
        SimResult r = Flowproof.simulate(Flowproof.simulation(s).withRun(6_000, 1_000, 1));
        assertThat(r.deadlock()).isNull();
        assertThat(r.packetsDelivered()).isGreaterThan(1_000);
        assertThat(r.accepted()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.03));
    }

    /**
     * With the channel lengths read: at zero load every route takes its channels' lengths less
     * one each more than with 1-cycle channels (9 per local hop, 99 per global hop), averaged
     * over BookSim's uniform traffic (the source's own router included) and worked out here
     * from the wiring alone.
     */
    @Test
    void channelLengthsAddTheirCyclesAtZeroLoad() throws Exception {
        Spec laid = SpecReader.fromTree("x.cfg", "", atLoad(tree(cfg(), Purpose.SIMULATE), 0.01));
        Spec one = SpecReader.fromTree("x.cfg", "", atLoad(withoutLengths(), 0.01));
        Dragonfly df = (Dragonfly) laid.topology();
        double extra = 0;
        for (int u = 0; u < df.nodes(); u++) {
            for (int v = 0; v < df.nodes(); v++) {
                if (u == v) {
                    continue;
                }
                if (df.groupOf(u) == df.groupOf(v)) {
                    extra += 9;
                    continue;
                }
                int g = df.globalChannel(df.groupOf(u), df.groupOf(v));
                extra += 99 + (df.source(g) == u ? 0 : 9) + (df.target(g) == v ? 0 : 9);
            }
        }
        extra /= (double) df.nodes() * df.nodes();
        SimResult a = Flowproof.simulate(Flowproof.simulation(laid).withRun(60_000, 10_000, 1));
        SimResult b = Flowproof.simulate(Flowproof.simulation(one).withRun(60_000, 10_000, 1));
        assertThat(a.packetsDelivered()).isGreaterThan(300);
        assertThat(a.latency().mean() - b.latency().mean()).isCloseTo(extra, org.assertj.core.data.Offset.offset(
            0.05 * extra));
    }
}
