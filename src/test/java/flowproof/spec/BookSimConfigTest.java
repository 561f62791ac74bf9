package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.quicktheories.QuickTheory.qt;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.check.Flowproof;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.BookSimConfig.Purpose;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Torus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.quicktheories.generators.Generate;

/**
 * BookSim configuration files: BookSim's syntax, the mapping of every supported key onto the
 * spec it means, and one line naming the key for everything flowproof does not model.
 */
class BookSimConfigTest {

    /** The keys a config needs so that flowproof's router is BookSim's (docs/booksim.md). */
    static final String ROUTER = """
        wait_for_tail_credit = 1;
        vc_allocator = separable_input_first;
        sw_allocator = separable_input_first;
        """;

    static final String MESH = """
        // an 8x8 mesh
        topology = mesh;  k = 8; n = 2;
        routing_function = dim_order;
        num_vcs = 2; vc_buf_size = 8;
        packet_size = 4;
        injection_rate = 0.05; // packets per node per cycle: 0.2 flits
        warmup_periods = 1; sample_period = 500; max_samples = 3;
        seed = 7;
        """ + ROUTER;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static SpecException error(String text, Purpose purpose) {
        try {
            BookSimConfig.toSpecTree("x.cfg", "x", text, purpose);
        } catch (SpecException e) {
            return e;
        }
        throw new AssertionError("no error for " + text);
    }

    @Test
    void meshMapsEveryKeyOntoTheSimulation() throws Exception {
        Spec s = BookSimConfig.read(write("mesh.cfg", MESH), Purpose.SIMULATE);
        SimConfig cfg = Flowproof.simulation(s);
        assertThat(s.name()).isEqualTo("booksim-mesh");
        assertThat(s.topology()).isInstanceOf(Torus.class);
        assertThat(((Torus) s.topology()).hasWrapAround()).isFalse();
        assertThat(s.topology().nodes()).isEqualTo(64);
        assertThat(cfg.network().vcs()).isEqualTo(2);
        assertThat(cfg.bufferFlits()).isEqualTo(8);
        assertThat(cfg.switching()).isEqualTo(SimConfig.Switching.WORMHOLE);
        assertThat(cfg.pipeline()).isEqualTo(4); // routing, VC and switch allocation, traversal: 1 cycle each
        assertThat(cfg.router().stages()).isEqualTo(new SimConfig.Stages(1, 1, 1, 1));
        assertThat(cfg.router().routeTiming()).isEqualTo(SimConfig.RouteTiming.FRONT);
        assertThat(cfg.router().vcRelease()).isEqualTo(SimConfig.VcRelease.DRAINED); // wait_for_tail_credit = 1
        assertThat(cfg.router().allocation()).isEqualTo(SimConfig.Allocation.PER_VC);
        assertThat(cfg.router().injectionLatency()).isEqualTo(1);
        assertThat(cfg.router().ejectionLatency()).isEqualTo(1);
        assertThat(cfg.router().ejectionVcs()).isEqualTo(2); // the ejection channel has num_vcs VCs too
        assertThat(cfg.linkLatency()).isEqualTo(1);
        // a credit crosses its channel as a flit does, and is read the cycle after
        assertThat(cfg.creditLatency()).isEqualTo(2);
        assertThat(cfg.workload().maxPacketSize()).isEqualTo(4);
        // uniform draws the source itself too (BookSim's RandomInt(_nodes - 1))
        assertThat(cfg.workload().destinationWeights(5, 1)[5]).isEqualTo(1.0 / 64);
        // max_samples counts the warm-up period: 3 periods of 500 cycles in all
        assertThat(cfg.cycles()).isEqualTo(1500);
        assertThat(cfg.warmup()).isEqualTo(500);
        assertThat(cfg.seed()).isEqualTo(7);
        assertThat(s.simulation().get("load").asDouble()).isEqualTo(0.2);
    }

    /**
     * packet_size {{a,b}} with packet_size_rate {{w1,w2}}: class 0's sizes drawn with those
     * weights (trafficmanager.cpp's _GetNextPacketSize), and a rate in packets is the mean
     * size times as many flits (_GetAveragePacketSize).
     */
    @Test
    void packetSizeListsMapOntoWeightedSizes() throws Exception {
        Spec s = BookSimConfig.read(write("sizes.cfg", MESH + "packet_size = {{1, 8}};\npacket_size_rate = {{3,1}};\n"),
            Purpose.SIMULATE);
        JsonNode sizes = s.simulation().get("packet-size");
        assertThat(sizes.get("sizes").toString()).isEqualTo("[1,8]");
        assertThat(sizes.get("weights").toString()).isEqualTo("[3,1]");
        // 0.05 packets per cycle of 2.75 flits on average
        assertThat(s.simulation().get("load").asDouble()).isCloseTo(0.1375, org.assertj.core.data.Offset.offset(1e-12));
        SimConfig cfg = Flowproof.simulation(s);
        assertThat(cfg.workload().maxPacketSize()).isEqualTo(8);
        // one weight for all sizes, the last weight repeated, and a size of weight 0 never drawn
        JsonNode even = BookSimConfig.toSpecTree("x.cfg", "x", MESH + "packet_size = {{2,4,6}}; packet_size_rate = 5;",
            Purpose.SIMULATE).get("simulation").get("packet-size");
        assertThat(even.get("weights").toString()).isEqualTo("[5,5,5]");
        JsonNode last = BookSimConfig.toSpecTree("x.cfg", "x", MESH + "packet_size = {{2,4,6}};"
            + " packet_size_rate = {{0,2}};", Purpose.SIMULATE).get("simulation").get("packet-size");
        assertThat(last.get("sizes").toString()).isEqualTo("[4,6]");
        assertThat(last.get("weights").toString()).isEqualTo("[2,2]");
        // a one-entry list is that size, as BookSim reads it
        assertThat(BookSimConfig.toSpecTree("x.cfg", "x", MESH + "packet_size = {8};", Purpose.SIMULATE)
            .get("simulation").get("packet-size").asInt()).isEqualTo(8);
        // the explorer's packets have one size
        assertThat(error(MESH + "packet_size = {{1,8}};", Purpose.VERIFY).getMessage())
            .contains("key packet_size: expected one packet size for check and prove");
        SimResult r = new flowproof.sim.Simulator(cfg).run(null);
        assertThat(r.deadlock()).isNull();
        assertThat(r.accepted()).isCloseTo(0.1375, org.assertj.core.data.Offset.offset(0.02));
    }

    /**
     * BookSim's stopping thresholds decide only when it ends a run early; flowproof runs every
     * period, so a file that sets them simulates exactly as one that does not.
     */
    @Test
    void stoppingThresholdsAreAcceptedAndChangeNothing() throws Exception {
        JsonNode plain = BookSimConfig.toSpecTree("x.cfg", "x", MESH, Purpose.SIMULATE);
        JsonNode with = BookSimConfig.toSpecTree("x.cfg", "x", MESH + "latency_thres = 200.0; warmup_thres = 0.05;"
            + " acc_warmup_thres = 0.05; stopping_thres = 0.05; acc_stopping_thres = -1;", Purpose.SIMULATE);
        assertThat(with).isEqualTo(plain);
    }

    /** hold_switch_for_packet: iq_router.cpp holds the switch for a packet when it is above 0. */
    @Test
    void holdSwitchForPacketMapsOntoSwitchHold() throws Exception {
        for (String v : List.of("0", "1", "2")) {
            SimConfig cfg = Flowproof.simulation(SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x",
                MESH + "hold_switch_for_packet = " + v + ";", Purpose.SIMULATE)));
            assertThat(cfg.router().allocators().holdSwitch()).as(v).isEqualTo(!v.equals("0"));
        }
        assertThat(Flowproof.simulation(BookSimConfig.read(write("m.cfg", MESH), Purpose.SIMULATE)).router()
            .allocators().holdSwitch()).isFalse();
        assertThat(error(MESH + "hold_switch_for_packet = on;", Purpose.SIMULATE).getMessage()).isEqualTo("x.cfg: key"
            + " hold_switch_for_packet: expected 0 or more (more than 0: a packet holds the switch, simulation.switch-hold:"
            + " packet), found \"on\"");
    }

    @Test
    void aConfigSimulatesExactlyAsItsEquivalentSpec() throws Exception {
        Spec booksim = BookSimConfig.read(write("mesh.cfg", MESH), Purpose.SIMULATE);
        Spec yaml = SpecReader.fromTree("mesh.yaml", "", Yaml.read("""
            name: booksim-mesh
            topology: {kind: mesh, radix: [8, 8]}
            routing: dor
            vcs: 2
            rule: vct
            simulation:
              switching: wormhole
              buffer: 8
              packet-size: 4
              stages: {routing: 1, vc-allocation: 1, switch-allocation: 1, traversal: 1}
              route-timing: front
              vc-release: drained
              ejection-release: credit
              allocation: per-vc
              link-latency: 1
              credit-latency: 2
              injection-latency: 1
              ejection-latency: 1
              ejection-vcs: 2
              traffic: {pattern: uniform, self: true}
              load: 0.2
              cycles: 1500
              warmup: 500
              seed: 7
            """));
        SimResult a = Flowproof.simulate(Flowproof.simulation(booksim));
        SimResult b = Flowproof.simulate(Flowproof.simulation(yaml));
        assertThat(a.packetsCreated()).isPositive().isEqualTo(b.packetsCreated());
        assertThat(a.packetsDelivered()).isEqualTo(b.packetsDelivered());
        assertThat(a.accepted()).isEqualTo(b.accepted());
        assertThat(a.latency().mean()).isEqualTo(b.latency().mean());
    }

    @Test
    void ratesInPacketsOrFlitsAndDelaysAddUp() throws Exception {
        String text = MESH.replace("injection_rate = 0.05;", "injection_rate = 0.3; injection_rate_uses_flits = 1;")
            + "routing_delay = 2; vc_alloc_delay = 1; sw_alloc_delay = 1; st_prepare_delay = 1; st_final_delay = 2;"
            + " credit_delay = 2; vct = 0;";
        Spec s = SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x", text, Purpose.SIMULATE));
        SimConfig cfg = Flowproof.simulation(s);
        assertThat(s.simulation().get("load").asDouble()).isEqualTo(0.3);
        assertThat(cfg.pipeline()).isEqualTo(7);
        assertThat(cfg.router().stages()).isEqualTo(new SimConfig.Stages(2, 1, 1, 3));
        assertThat(cfg.creditLatency()).isEqualTo(4); // the link, the cycle the credit is read, credit_delay
        assertThat(cfg.switching()).isEqualTo(SimConfig.Switching.WORMHOLE);
    }

    /** kncube.cpp: use_noc_latency (default 1) makes torus channels and their credits 2 cycles, mesh channels 1. */
    @Test
    void torusChannelsTakeTwoCyclesUnderBookSimsDefaultLayout() throws Exception {
        String torus = MESH.replace("topology = mesh;", "topology = torus;") + "credit_delay = 1;";
        int[][] expected = {{2, 4}, {1, 3}};
        String[] noc = {"", "use_noc_latency = 0;"};
        for (int i = 0; i < 2; i++) {
            SimConfig cfg = Flowproof.simulation(SpecReader.fromTree("t.cfg", "", BookSimConfig.toSpecTree("t.cfg", "t",
                torus + noc[i], Purpose.SIMULATE)));
            assertThat(cfg.linkLatency()).isEqualTo(expected[i][0]);
            assertThat(cfg.creditLatency()).isEqualTo(expected[i][1]);
        }
        SimConfig mesh = Flowproof.simulation(SpecReader.fromTree("m.cfg", "", BookSimConfig.toSpecTree("m.cfg", "m",
            MESH + "use_noc_latency = 1;", Purpose.SIMULATE)));
        assertThat(mesh.linkLatency()).isEqualTo(1);
    }

    /**
     * min_adapt_mesh is Duato's scheme with VC 0 as the escape VC a packet never leaves: the
     * simulator takes it when no adaptive VC admits (BookSim requests it at low priority), the
     * check lets a packet take it at any time (every choice BookSim's allocator could make).
     */
    @Test
    void minAdaptOnAMeshIsMinimalAdaptiveWithANeverLeftEscapeVc() throws Exception {
        String text = MESH.replace("routing_function = dim_order;", "routing_function = min_adapt;")
            .replace("k = 8;", "k = 4;");
        Spec sim = SpecReader.fromTree("a.cfg", "", BookSimConfig.toSpecTree("a.cfg", "a", text, Purpose.SIMULATE));
        assertThat(sim.routing().name()).isEqualTo("minimal-adaptive");
        assertThat(sim.escapeAny()).isFalse();
        assertThat(sim.network().ringVcs()).isEqualTo(1);
        SimResult r = Flowproof.simulate(Flowproof.simulation(sim).withWorkload(
            Flowproof.simulation(sim).workload().atLoad(0.9)));
        assertThat(r.deadlock()).isNull();
        assertThat(r.drained()).isTrue();
        Spec check = SpecReader.fromTree("a.cfg", "", BookSimConfig.toSpecTree("a.cfg", "a", text, Purpose.VERIFY));
        assertThat(check.escapeAny()).isTrue();
        var d = Flowproof.check(check, flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(d.exitCode()).as(d.text()).isZero();
    }

    @Test
    void theShippedConfigsRead() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("specs/sim/booksim"))) {
            // the dragonfly (72 terminals, 256-flit buffers) is BookSimDragonflyTest's
            List<Path> cfgs = files.filter(p -> p.toString().endsWith(".cfg"))
                .filter(p -> !p.getFileName().toString().startsWith("dragonfly")).sorted().toList();
            assertThat(cfgs).hasSizeGreaterThanOrEqualTo(4);
            for (Path p : cfgs) {
                Spec s = BookSimConfig.read(p, Purpose.SIMULATE);
                SimConfig cfg = Flowproof.simulation(s);
                // min_adapt_torus uses VCs 0, 1 (escape) and 3 (adaptive) of its 4: 3 VCs; the others 2
                assertThat(cfg.network().vcs()).as(p.toString())
                    .isEqualTo(p.getFileName().toString().contains("minadapt") ? 3 : 2);
                assertThat(cfg.bufferFlits()).as(p.toString()).isEqualTo(8);
                // the anynet file has 8 routers of 2 terminals; the others 64 terminals
                assertThat(s.topology().endpoints().length * s.topology().concentration()).as(p.toString())
                    .isEqualTo(p.getFileName().toString().startsWith("anynet") ? 16 : 64);
            }
        }
        Spec fly = BookSimConfig.read(Path.of("specs/sim/booksim/flatfly4x4-p1.cfg"), Purpose.SIMULATE);
        assertThat(fly.topology()).isInstanceOf(FlattenedButterfly.class);
        assertThat(fly.topology().concentration()).isEqualTo(4);
    }

    static Stream<Arguments> badConfigs() {
        return Stream.of(
            Arguments.of("perm_seed = 3;", "x.cfg: key perm_seed: expected a key flowproof maps"),
            Arguments.of("latency_thres = {500.0,200.0};", "x.cfg: key latency_thres: expected a number (one threshold:"
                + " flowproof does not map a list per traffic class), found {500.0,200.0}"),
            Arguments.of("warmup_periods = 0;", "x.cfg: key warmup_periods: expected 1 or more periods (with 0 BookSim"
                + " warms up until the latency and accepted rate change by less than warmup_thres and acc_warmup_thres"
                + " in a period, which flowproof does not model: give the periods), found 0"),
            Arguments.of("packet_size = {1,8};", "x.cfg: key packet_size: expected a packet size of at least 1 flit, or"
                + " class 0's sizes {{a,b,...}} (BookSim reads a list {a,b} as one size per traffic class, and with"
                + " classes = 1 uses a only), found {1,8}"),
            Arguments.of("packet_size = {{1,8},{2}};", "key packet_size: expected a packet size of at least 1 flit, or"
                + " class 0's sizes {{a,b,...}} (BookSim reads a list {a,b} as one size per traffic class, and with"
                + " classes = 1 uses a only); classes = 1 has one entry, found {{1,8},{2}}"),
            Arguments.of("packet_size = {{1,0}};", "key packet_size: expected a packet size of at least 1 flit"),
            Arguments.of("packet_size = {{1,8}}; packet_size_rate = {{0,0}};", "key packet_size_rate: expected weights"
                + " of 0 or more, not all 0: one number, or {{w1,w2,...}} for the sizes of packet_size (BookSim reads a"
                + " list {a,b} as one weight per traffic class), found {{0,0}}"),
            Arguments.of("packet_size = {{1,8}}; packet_size_rate = {1,2};", "key packet_size_rate: expected weights"),
            Arguments.of("packet_size = {{1,8}}; packet_size_rate = 0;", "key packet_size_rate: expected weights"),
            Arguments.of("topology = fly;", "x.cfg: key routing_function: expected dest_tag (dest_tag_fly: flowproof's"
                + " destination-tag on a fly), found dim_order"),
            Arguments.of("topology = fly; routing_function = dest_tag; n = 1;", "x.cfg: key n: expected at least 2 stages"
                + " (with 1 a fly is one crossbar: no channel between switches to check or simulate), found 1"),
            Arguments.of("topology = fly; routing_function = dest_tag; k = 4; n = 3; traffic = tornado;", "x.cfg: key"
                + " traffic: expected uniform, bitcomp, transpose, bitrev, shuffle or hotspot on a fly"),
            Arguments.of("topology = anynet;", "x.cfg: key routing_function: expected min (min_anynet: the table of"
                + " BookSim's shortest paths by latency), found dim_order"),
            Arguments.of("topology = fattree;", "x.cfg: key routing_function: expected nca (nca_fattree: flowproof's"
                + " nca, the nearest common ancestor drawn as BookSim's random up ports draw it) or anca (fattree_anca:"
                + " nca with up: adaptive), found dim_order"),
            Arguments.of("topology = fattree; routing_function = nca; n = 1;", "x.cfg: key n: expected at least 2"
                + " levels"),
            Arguments.of("topology = fattree; routing_function = nca; k = 4; n = 3; traffic = tornado;", "x.cfg: key"
                + " traffic: expected uniform, bitcomp, transpose, bitrev, shuffle or hotspot on a fat tree"),
            Arguments.of("topology = qtree;", "key topology: expected torus, mesh, cmesh, flatfly, dragonflynew,"
                + " anynet, fly or fattree (flowproof has no quad tree), found qtree"),
            Arguments.of("topology = cmesh;", "key c: expected 4 (BookSim's cmesh asserts c == 4), found 1"),
            Arguments.of("routing_function = romm_ni;", "key routing_function: expected dim_order, dor (both"
                + " dim_order_mesh: flowproof's dor), min_adapt"),
            Arguments.of("topology = torus; routing_function = valiant;", "key routing_function: expected dim_order on"
                + " a torus (valiant_torus leaves its ring partition unset on a hop that goes on in the same dimension,"
                + " so its VC choice is undefined: routefunc.cpp), found valiant"),
            Arguments.of("routing_function = romm; num_vcs = 3;", "key num_vcs: expected an even number (romm gives"
                + " each phase half of the VCs, as flowproof's vc-classes do), found 3"),
            Arguments.of("topology = torus; routing_function = min_adapt;", "key num_vcs: expected at least 4 for"
                + " min_adapt on a torus (min_adapt_torus: VCs 0 and 1 the escape, VC 3 adaptive), found 2"),
            Arguments.of("topology = torus; routing_function = valiant;", "key routing_function: expected dim_order"
                + " on a torus (valiant_torus"),
            Arguments.of("routing_function = min_adapt; num_vcs = 1;", "key num_vcs: expected at least 2 for"
                + " min_adapt"),
            Arguments.of("traffic = diagonal;", "key traffic: expected uniform, bitcomp, transpose, bitrev, shuffle,"
                + " tornado, neighbor or hotspot"),
            Arguments.of("traffic = bitcomp; k = 6;", "key traffic: expected a power-of-two number of terminals for"
                + " bitcomp (it permutes the bits of terminal numbers), found 36 terminals"),
            Arguments.of("traffic = transpose; n = 3;", "key traffic: expected an even power of two terminals"),
            Arguments.of("vc_allocator = pim;", "key vc_allocator: expected islip or separable_input_first (the"
                + " allocators flowproof has; an islip(N) or separable_input_first(ARB) parameter is not read: use"
                + " alloc_iters, arb_type), found pim"),
            Arguments.of("sw_allocator = islip(2);", "key sw_allocator: expected islip or separable_input_first"),
            Arguments.of("sw_allocator = separable_output_first;", "key sw_allocator: expected islip or"
                + " separable_input_first"),
            Arguments.of("alloc_iters = 0;", "key alloc_iters: expected a number of allocator iterations of at least 1,"
                + " found 0"),
            Arguments.of("alloc_iters = two;", "key alloc_iters: expected a number of allocator iterations of at least"
                + " 1, found \"two\""),
            // the request/reply keys are inert only with use_read_write = 0
            Arguments.of("use_read_write = 1; read_request_size = 2;", "key use_read_write: expected 0 (what"
                + " flowproof's router does), found 1"),
            Arguments.of("sim_type = batch; batch_count = 2;", "x.cfg: key batch_count: expected 1 (flowproof runs one"
                + " batch: a collective of batch_size packets per terminal from cycle 0, and reports its completion;"
                + " BookSim's later batches start empty too), found 2"),
            Arguments.of("sim_type = batch; max_outstanding_requests = 4;", "x.cfg: key max_outstanding_requests:"
                + " expected 0 (unlimited: flowproof's sources do not wait for their packets to arrive), found 4"),
            Arguments.of("sim_type = batch; batch_size = 0;", "x.cfg: key batch_size: expected a batch of at least 1"
                + " packet per node, found 0"),
            Arguments.of("sim_type = batch; injection_process = on_off; burst_alpha = 0.5; burst_beta = 0.5;",
                "x.cfg: key injection_process: expected bernoulli, or none, with sim_type = batch"),
            Arguments.of("input_speedup = 3;", "key input_speedup: expected at most num_vcs (2; VC v takes switch input"
                + " v mod input_speedup), found 3"),
            Arguments.of("input_speedup = 0;", "key input_speedup: expected a number of switch inputs per input port of"
                + " at least 1, found 0"),
            Arguments.of("output_speedup = 2;", "key output_speedup: expected 1 (what flowproof's router does), found 2"),
            Arguments.of("internal_speedup = 2.0;", "key internal_speedup: expected 1.0"),
            Arguments.of("arb_type = matrix;", "key arb_type: expected round_robin (what flowproof's router does), found"
                + " matrix"),
            Arguments.of("speculative = 1;", "key speculative: expected 0"),
            Arguments.of("priority = network_age;", "x.cfg: key priority: expected none, class or age (the oldest"
                + " packet first: arbiter: oldest-first; the others order by what flowproof's arbiters do not read), found"
                + " network_age"),
            Arguments.of("priority = age; sw_allocator = islip;", "x.cfg: key priority: expected none with an islip"
                + " allocator (age needs vc_allocator and sw_allocator separable_input_first"),
            Arguments.of("priority = age; vc_allocator = islip;", "x.cfg: key priority: expected none with an islip"
                + " allocator"),
            Arguments.of("injection_process = batch;", "key injection_process: expected bernoulli or on_off (the"
                + " processes flowproof has; an on_off(...) parameter list is not read: use burst_alpha, burst_beta,"
                + " burst_r1), found batch"),
            Arguments.of("injection_process = on_off; burst_r1 = 0.5;", "x.cfg: key burst_r1: expected exactly two of"
                + " burst_alpha, burst_beta and burst_r1 at 0 or more, the third negative (BookSim derives it from the"
                + " other two and the rate, and refuses any other set), found 0.5"),
            Arguments.of("injection_process = on_off; burst_beta = -1;", "x.cfg: key burst_beta: expected exactly two"
                + " of burst_alpha, burst_beta and burst_r1 at 0 or more"),
            Arguments.of("injection_process = on_off; burst_alpha = 1.5;", "x.cfg: key burst_alpha: expected a"
                + " probability in (0, 1] of turning on per cycle, found 1.5"),
            Arguments.of("injection_process = on_off; burst_alpha = x;", "x.cfg: key burst_alpha: expected a number"),
            // 0.05 packets of 4 flits at 0.5/(0.5+0.5) on: 0.1 packets per cycle while on, 0.4 flits; 0.3 would be 2.4
            Arguments.of("injection_process = on_off; injection_rate = 0.15;", "x.cfg: key injection_process: expected"
                + " on_off parameters flowproof can run: burst_r1, derived from the other two and the injection rate, a"
                + " rate while on from the injection rate (0.15) to 1 flit (1/4 packet) per cycle, found burst_r1 ="
                + " 0.3"),
            Arguments.of("injection_process = on_off; burst_alpha = -1; burst_r1 = 0.5;", "x.cfg: key burst_r1:"
                + " expected a rate while on from the injection rate (0.05) to 1 flit (1/4 packet) per cycle, found"
                + " 0.5"),
            Arguments.of("injection_rate = 2.0;", "key injection_rate: expected a rate in (0, 1]"),
            Arguments.of("injection_rate = {0.1,0.2};", "key injection_rate: expected one rate"),
            Arguments.of("num_vcs = 3; topology = torus;", "key num_vcs: expected an even number"),
            Arguments.of("c = 4;", "key c: expected 1"),
            Arguments.of("k = 1000; n = 3;", "key k: expected a network of at most 4096 routers (k to the power n;"
                + " flowproof's limit), found k = 1000, n = 3"),
            Arguments.of("num_vcs = 100000;", "key num_vcs: expected at most 256 VCs, found 100000"),
            Arguments.of("seed = time;", "key seed: expected a whole number"),
            Arguments.of("k = eight;", "key k: expected a radix of at least 2, found \"eight\""),
            Arguments.of("sim_type = steady;", "key sim_type: expected latency, throughput (both run max_samples sample"
                + " periods here) or batch, found steady"),
            Arguments.of("vct = 1;", "key vct: expected 0 (BookSim's iq router ignores vct and is always wormhole"),
            Arguments.of("use_noc_latency = 2;", "key use_noc_latency: expected 0 or 1, found 2"),
            Arguments.of("vc_alloc_delay = 0;", "key vc_alloc_delay: expected 1 or more cycles, found 0"),
            Arguments.of("sw_alloc_delay = 0;", "key sw_alloc_delay: expected 1 or more cycles, found 0"),
            Arguments.of("st_final_delay = 0;", "key st_final_delay: expected st_prepare_delay + st_final_delay of at"
                + " least 1 cycle (the switch traversal), found a total of 0"),
            Arguments.of("max_samples = 1;", "key max_samples: expected more than warmup_periods (1; BookSim counts"
                + " the warm-up periods among max_samples, and would never measure), found 1"),
            Arguments.of("xr = 2;", "key xr: expected no xr on a mesh"));
    }

    static final String CMESH = """
        topology = cmesh; k = 4; n = 2; c = 4; x = 4; y = 4; xr = 2; yr = 2;
        routing_function = dor_no_express;
        num_vcs = 2; vc_buf_size = 8; packet_size = 1;
        injection_rate = 0.05; injection_rate_uses_flits = 1;
        warmup_periods = 1; sample_period = 500; max_samples = 3;
        """ + ROUTER;

    /**
     * cmesh: flowproof's concentrated mesh (4 terminals per router), dor without the express
     * channels, mesh channels and their credits 2 cycles under use_noc_latency.
     */
    @Test
    void cmeshIsAConcentratedMesh() throws Exception {
        Spec s = BookSimConfig.read(write("cm.cfg", CMESH), Purpose.SIMULATE);
        SimConfig cfg = Flowproof.simulation(s);
        Torus t = (Torus) s.topology();
        assertThat(t.hasWrapAround()).isFalse();
        assertThat(t.nodes()).isEqualTo(16);
        assertThat(t.concentration()).isEqualTo(4);
        assertThat(s.routing().name()).isEqualTo("dor");
        assertThat(cfg.linkLatency()).isEqualTo(2);
        assertThat(cfg.creditLatency()).isEqualTo(3);
        assertThat(cfg.workload().destinationWeights(5, 1)[5]).isEqualTo(1.0 / 64);
        JsonNode off = BookSimConfig.toSpecTree("x.cfg", "x", CMESH + "use_noc_latency = 0;", Purpose.SIMULATE);
        assertThat(off.get("simulation").get("link-latency").asInt()).isEqualTo(1);
        // bitcomp sends every terminal of router (x, y) to router (3-x, 3-y) under both numberings
        JsonNode bc = BookSimConfig.toSpecTree("x.cfg", "x", CMESH + "traffic = bitcomp;", Purpose.SIMULATE);
        assertThat(bc.get("simulation").get("traffic").get("pattern").asText()).isEqualTo("bit-complement");
        // BookSim's node 9 is row 1, column 1 of its 8x8 grid of nodes: router 0's port 3, flowproof's terminal 3;
        // node 18 is row 2, column 2: router 5 (row 1, column 1 of the routers), port 0
        assertThat(BookSimTopology.cmeshTerminal(9, 4)).isEqualTo(3);
        assertThat(BookSimTopology.cmeshTerminal(18, 4)).isEqualTo(20);
        JsonNode hot = BookSimConfig.toSpecTree("x.cfg", "x", CMESH + "traffic = hotspot({9});", Purpose.SIMULATE);
        assertThat(hot.get("simulation").get("traffic").get("node").asInt()).isEqualTo(3);
        assertThat(BookSimConfig.read(write("cm.cfg", CMESH), Purpose.VERIFY).topology().concentration()).isEqualTo(4);
    }

    /**
     * xy_yx (mesh) and xy_yx_no_express (cmesh): the order drawn per packet at its first router,
     * XY on the lower half of the VCs and YX on the upper half: xy-yx with choice random and a
     * VC class per order; check proves it deadlock-free.
     */
    @Test
    void xyYxDrawsTheOrderAndTakesAVcHalf() throws Exception {
        for (String text : List.of(MESH + "routing_function = xy_yx; num_vcs = 4;",
            CMESH + "routing_function = xy_yx_no_express; num_vcs = 4;")) {
            JsonNode t = BookSimConfig.toSpecTree("x.cfg", "x", text, Purpose.SIMULATE);
            assertThat(t.get("routing").toString()).isEqualTo("{\"kind\":\"xy-yx\",\"choice\":\"random\"}");
            assertThat(t.get("vc-classes").toString()).isEqualTo("{\"classes\":2,\"start\":{\"xy\":0,\"yx\":1}}");
            Spec s = SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x", text, Purpose.VERIFY));
            var d = Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null));
            assertThat(d.text()).contains("proved deadlock-free");
        }
        assertThat(error(MESH + "routing_function = xy_yx; num_vcs = 3;", Purpose.SIMULATE).getMessage())
            .isEqualTo("x.cfg: key num_vcs: expected an even number (xy_yx gives each order half of the VCs, as"
                + " flowproof's vc-classes do), found 3");
        assertThat(error(MESH + "routing_function = xy_yx; n = 3;", Purpose.SIMULATE).getMessage())
            .contains("key routing_function: expected dim_order");
    }

    /**
     * valiant (valiant_mesh) and romm (romm_mesh): the intermediate drawn per router, from every
     * router or from the box of the source and destination, DOR to it on the lower half of the
     * VCs and on from it on the upper half: valiant with draw per-router and a VC class per
     * phase. ROMM is proved deadlock-free (and its routes deadlock on one VC); valiant_mesh lets
     * a packet leave its destination router on any VC (set any on a hop that leaves the
     * destination), which closes a cycle of two channels: the check finds the deadlock that
     * BookSim's own run at offered 1.0 ends in.
     */
    @Test
    void valiantAndRommDrawPerRouterAndTakeAVcHalfPerPhase() throws Exception {
        for (String fn : List.of("valiant", "romm")) {
            String text = MESH.replace("k = 8;", "k = 3;") + "routing_function = " + fn + "; num_vcs = 4;";
            JsonNode t = BookSimConfig.toSpecTree("x.cfg", "x", text, Purpose.SIMULATE);
            boolean romm = fn.equals("romm");
            assertThat(t.get("routing").toString()).isEqualTo(romm
                ? "{\"kind\":\"valiant\",\"intermediates\":\"minimal-box\",\"draw\":\"per-router\"}"
                : "{\"kind\":\"valiant\",\"draw\":\"per-router\"}");
            assertThat(t.get("vc-classes").toString()).isEqualTo("{\"classes\":2,\"start\":{\"valiant\":0,"
                + "\"minimal\":1},\"hops\":[{\"route\":\"minimal\",\"set\":1}" + (romm ? ""
                : ",{\"route\":\"valiant\",\"set\":0},{\"leaves-destination\":true,\"set\":\"any\"}") + "]}");
            Spec s = SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x", text, Purpose.VERIFY));
            var g = flowproof.cdg.ChannelDependencyGraph.build(s.network(), s.routing(), s.rule(), s.pairs());
            if (romm) {
                var d = Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null));
                assertThat(d.text()).contains("proved deadlock-free (method cdg: no dependency cycle)");
                var one = (com.fasterxml.jackson.databind.node.ObjectNode) BookSimConfig.toSpecTree("x.cfg", "x",
                    text, Purpose.VERIFY);
                one.remove("vc-classes");
                one.put("vcs", 1);
                Spec s1 = SpecReader.fromTree("x.cfg", "", one);
                var cyclic = flowproof.cdg.ChannelDependencyGraph.build(s1.network(), s1.routing(), s1.rule(),
                    s1.pairs());
                assertThat(cyclic.cycle()).as("romm on one VC").isNotEmpty();
            } else {
                // out of a router on any VC and back on the second phase's: two channels of one link
                assertThat(g.cycle()).hasSize(2);
                assertThat(g.cycleNames()).allMatch(q -> q.endsWith(" vc2") || q.endsWith(" vc3"));
            }
        }
    }

    /**
     * fattree with nca: BookSim's k-ary n-tree, its channels as BookSim numbers them, and the
     * nearest common ancestor drawn per packet; check proves it deadlock-free on one VC.
     */
    @Test
    void fatTreeWithNcaIsAKAryNTree() throws Exception {
        String text = MESH.replace("topology = mesh;  k = 8; n = 2;", "topology = fattree; k = 4; n = 3;")
            .replace("routing_function = dim_order;", "routing_function = nca;")
            .replace("num_vcs = 2;", "num_vcs = 1;").replace("sample_period = 500;", "sample_period = 5000;");
        JsonNode t = BookSimConfig.toSpecTree("x.cfg", "x", text, Purpose.SIMULATE);
        assertThat(t.get("topology").toString()).isEqualTo("{\"kind\":\"fat-tree\",\"radix\":4,\"stages\":3}");
        assertThat(t.get("routing").asText()).isEqualTo("nca");
        Spec s = SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x", text, Purpose.VERIFY));
        var d = Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(d.text()).contains("proved deadlock-free (method cdg: no dependency cycle)");
        // offered 0.2 saturates one VC of wormhole: BookSim 2.0 accepts 0.148 flits/terminal/cycle on this file
        // (its seed 7, three periods of 5,000 cycles), flowproof 0.1495
        SimResult r = Flowproof.simulate(Flowproof.simulation(SpecReader.fromTree("x.cfg", "", t)));
        assertThat(r.accepted()).isCloseTo(0.148, within(0.148 * 0.05));
        // anca: every up port a candidate, two of them drawn per hop and the less occupied taken
        String anca = text.replace("routing_function = nca;", "routing_function = anca;");
        JsonNode a = BookSimConfig.toSpecTree("x.cfg", "x", anca, Purpose.SIMULATE);
        assertThat(a.get("routing").toString()).isEqualTo("{\"kind\":\"nca\",\"up\":\"adaptive\"}");
        assertThat(a.get("simulation").get("adaptive-selection").asText()).isEqualTo("two-random-ports");
        var da = Flowproof.check(SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x", anca,
            Purpose.VERIFY)), flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(da.text()).contains("proved deadlock-free (method cdg: no dependency cycle)");
    }

    static final String ANYNET = """
        topology = anynet; network_file = net.anynet; routing_function = min;
        num_vcs = 2; vc_buf_size = 8; packet_size = 1;
        injection_rate = 0.05; injection_rate_uses_flits = 1;
        warmup_periods = 1; sample_period = 500; max_samples = 3;
        """ + ROUTER;

    /**
     * anynet: the file embedded, and min_anynet's routes as a table, one next hop per router
     * and destination: the first hop of that router's shortest-path tree by latency, the
     * lowest-numbered router first among equally near ones (BookSim's AnyNet::route).
     */
    @Test
    void anynetIsATableOfBookSimsShortestPathsByLatency() throws Exception {
        // 0 to 3: directly 5 cycles, through 1 or 2 in 2 (a tie: through 1, taken first); 3 to 0 directly in 1
        String net = "router 0 node 0 router 1 router 2 router 3 5\nrouter 1 node 1 router 3\n"
            + "router 2 node 2 router 3\nrouter 3 node 3\n";
        write("net.anynet", net);
        Path cfgFile = write("any.cfg", ANYNET);
        JsonNode t = BookSimConfig.toSpecTree(cfgFile.toString(), "any", ANYNET, Purpose.SIMULATE);
        assertThat(t.get("topology").get("kind").asText()).isEqualTo("anynet");
        assertThat(t.get("topology").get("anynet").asText()).isEqualTo(net);
        assertThat(t.get("routing").get("kind").asText()).isEqualTo("table");
        java.util.Map<String, String> next = new java.util.TreeMap<>();
        for (JsonNode r : t.get("routing").get("routes")) {
            assertThat(r.get("next")).hasSize(1);
            next.put(r.get("at").asText() + ">" + r.get("to").asText(), r.get("next").get(0).asText());
        }
        assertThat(next).hasSize(12).containsEntry("0>3", "1").containsEntry("3>0", "0").containsEntry("1>2", "0")
            .containsEntry("2>1", "0");
        Spec s = BookSimConfig.read(cfgFile, Purpose.SIMULATE);
        SimResult r = Flowproof.simulate(Flowproof.simulation(s).withRun(3_000, 500, 1));
        assertThat(r.packetsDelivered()).isPositive();
        assertThat(r.accepted()).isCloseTo(0.05, within(0.02));
        var d = Flowproof.check(BookSimConfig.read(cfgFile, Purpose.VERIFY), flowproof.check.Options.defaults()
            .withSaveTo(null));
        // the tie-broken table's routes (0 to 3 through 1, 1 to 2 through 0, ...) leave no dependency cycle
        assertThat(d.exitCode()).as(d.text()).isZero();
        assertThat(d.text()).contains("proved deadlock-free (method cdg: no dependency cycle)");
    }

    @Test
    void aBadAnynetIsOneLineNamingTheKey() throws Exception {
        write("net.anynet", "router 0 node 0 router 1\nrouter 1 node 1 3\n");
        Path cfg = write("any.cfg", ANYNET);
        java.util.function.Function<String, String> msg = extra -> {
            try {
                BookSimConfig.toSpecTree(cfg.toString(), "any", ANYNET + extra, Purpose.SIMULATE);
                return "no error";
            } catch (SpecException e) {
                return e.getMessage();
            }
        };
        assertThat(msg.apply("")).isEqualTo(cfg + ": key network_file: expected terminal links of 1 cycle (flowproof's"
            + " injection and ejection channels are the same at every terminal), found a terminal link of 3 cycles in "
            + dir.resolve("net.anynet"));
        assertThat(msg.apply("routing_function = shortest;")).isEqualTo(cfg + ": key routing_function: expected min"
            + " (min_anynet: the table of BookSim's shortest paths by latency), found shortest");
        assertThat(msg.apply("network_file = nothere;")).startsWith(cfg + ": key network_file: expected a readable"
            + " anynet file, relative to ").endsWith(", found nothere (no such file)");
        write("net.anynet", "router 0 node 0 router 1\nrouter 1 node 1\n");
        assertThat(msg.apply("traffic = bitcomp;")).isEqualTo(cfg + ": key traffic: expected uniform (BookSim numbers"
            + " an anynet's nodes as its file does, flowproof router by router; other patterns would not be the same),"
            + " found bitcomp");
        write("net.anynet", "router 0 node 0 router 1\nrouter 1 node 1\nrouter 2 node 2\n");
        assertThat(msg.apply("")).isEqualTo(cfg + ": key network_file: expected every router reaching every router"
            + " with nodes (BookSim's Dijkstra never ends otherwise), found no path from router 0 to router 2 in "
            + dir.resolve("net.anynet"));
        assertThat(error(ANYNET.replace("network_file = net.anynet;", ""), Purpose.SIMULATE).getMessage())
            .isEqualTo("x.cfg: key network_file: expected a BookSim anynet file (topology = anynet reads the network"
                + " from it), found none");
    }

    /**
     * sim_type = batch (batchtrafficmanager.cpp): each node sends batch_size packets back to back,
     * whatever the injection rate, and the batch ends when the last is delivered: flowproof's
     * collective injection of batch_size packets per terminal at cycle 0, no warm-up, its
     * completion reported.
     */
    @Test
    void aBatchIsACollective() throws Exception {
        JsonNode t = BookSimConfig.toSpecTree("x.cfg", "x", MESH + "sim_type = batch; batch_size = 20;",
            Purpose.SIMULATE);
        JsonNode sim = t.get("simulation");
        assertThat(sim.get("injection").toString()).isEqualTo("{\"process\":\"collective\",\"packets\":20}");
        assertThat(sim.has("load")).isFalse();
        assertThat(sim.get("warmup").asLong()).isZero();
        assertThat(sim.get("cycles").asLong()).isEqualTo(BookSimTraffic.BATCH_CYCLES);
        SimResult r = Flowproof.simulate(Flowproof.simulation(SpecReader.fromTree("x.cfg", "", t)));
        assertThat(r.packetsCreated()).isEqualTo(64L * 20);
        assertThat(r.packetsDelivered()).isEqualTo(64L * 20);
        assertThat(r.completion()).isPositive().isLessThan(20_000);
        // the batch traffic manager reads neither the rate nor the sample periods, nor batch_size outside batch mode
        assertThat(BookSimConfig.toSpecTree("x.cfg", "x", MESH + "sim_type = batch; batch_size = 20; injection_rate ="
            + " 5; max_samples = 1;", Purpose.SIMULATE).get("simulation")).isEqualTo(sim);
        assertThat(BookSimConfig.toSpecTree("x.cfg", "x", MESH + "batch_size = 0;", Purpose.SIMULATE))
            .isEqualTo(BookSimConfig.toSpecTree("x.cfg", "x", MESH, Purpose.SIMULATE));
    }

    /** fly: flowproof's fly (terminals on the switches), dest_tag as destination-tag, every channel 1 cycle. */
    @Test
    void flyIsAFlyWithTerminalsOnItsSwitches() throws Exception {
        String fly = MESH.replace("topology = mesh;  k = 8; n = 2;", "topology = fly; k = 2; n = 3;")
            .replace("routing_function = dim_order;", "routing_function = dest_tag;") + "traffic = bitcomp;";
        JsonNode t = BookSimConfig.toSpecTree("x.cfg", "x", fly, Purpose.SIMULATE);
        assertThat(t.get("topology").toString()).isEqualTo("{\"kind\":\"fly\",\"radix\":2,\"stages\":3}");
        assertThat(t.get("routing").asText()).isEqualTo("destination-tag");
        assertThat(t.get("simulation").get("link-latency").asInt()).isEqualTo(1);
        assertThat(t.get("simulation").get("traffic").get("pattern").asText()).isEqualTo("bit-complement");
        // fly.cpp does not read c: a hot spot is one of the k^n terminals whatever c says
        JsonNode hot = BookSimConfig.toSpecTree("x.cfg", "x", fly.replace("traffic = bitcomp;", "traffic = hotspot({7});")
            + " c = 4;", Purpose.SIMULATE);
        assertThat(hot.get("simulation").get("traffic").get("node").asInt()).isEqualTo(7);
        assertThat(error(fly.replace("traffic = bitcomp;", "traffic = hotspot({8});") + " c = 4;", Purpose.SIMULATE)
            .getMessage()).contains("with hot spots from 0 to 7");
        Spec s = SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x", fly, Purpose.VERIFY));
        var d = Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(d.text()).contains("proved deadlock-free");
    }

    static Stream<Arguments> badCmeshConfigs() {
        return Stream.of(
            Arguments.of("n = 3;", "x.cfg: key n: expected 2 (BookSim's cmesh builds 2-D channels only), found 3"),
            Arguments.of("c = 9;", "x.cfg: key c: expected 4 (BookSim's cmesh asserts c == 4), found 9"),
            Arguments.of("y = 8;", "x.cfg: key y: expected x (4; BookSim's cmesh asserts x == y), found 8"),
            Arguments.of("yr = 1;", "x.cfg: key yr: expected xr (2; BookSim's cmesh asserts xr == yr), found 1"),
            Arguments.of("xr = 4; yr = 4;", "x.cfg: key xr: expected 2 (BookSim's cmesh asserts c == xr * yr, with c ="
                + " 4 and xr == yr), found 4"),
            Arguments.of("routing_function = dor;", "x.cfg: key routing_function: expected dor_no_express"
                + " (dor_no_express_cmesh: flowproof's dor on a concentrated mesh) or xy_yx_no_express (flowproof's"
                + " xy-yx, the order drawn per packet, a VC half per order; the express channels of dor and xy_yx are"
                + " not modelled), found dor"),
            Arguments.of("traffic = transpose;", "x.cfg: key traffic: expected uniform, bitcomp or hotspot (on a cmesh"
                + " BookSim lays its nodes out as a 2k x 2k grid; these send to the same routers under flowproof's"
                + " numbering, other patterns would not), found transpose"),
            Arguments.of("use_noc_latency = 3;", "x.cfg: key use_noc_latency: expected 0 or 1, found 3"));
    }

    @ParameterizedTest
    @MethodSource("badCmeshConfigs")
    void anUnsupportedCmeshIsOneLineNamingTheKey(String line, String message) {
        SpecException e = error(CMESH + line + "\n", Purpose.SIMULATE);
        assertThat(e.getMessage()).isEqualTo(message);
    }

    @ParameterizedTest
    @MethodSource("badConfigs")
    void anUnsupportedKeyOrValueIsOneLineNamingTheKey(String line, String message) {
        SpecException e = error(MESH + line + "\n", Purpose.SIMULATE);
        assertThat(e.getMessage()).contains(message).doesNotContain("\n");
    }

    /** wait_for_tail_credit: BookSim's default 0 releases a VC when the tail leaves, 1 when its credit is back. */
    @Test
    void waitForTailCreditChoosesTheVcRelease() throws Exception {
        SimConfig tail = Flowproof.simulation(SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x",
            MESH.replace("wait_for_tail_credit = 1;", ""), Purpose.SIMULATE)));
        assertThat(tail.router().vcRelease()).isEqualTo(SimConfig.VcRelease.TAIL);
        SimConfig zero = Flowproof.simulation(SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x",
            MESH.replace("wait_for_tail_credit = 1;", "wait_for_tail_credit = 0;"), Purpose.SIMULATE)));
        assertThat(zero.router().vcRelease()).isEqualTo(SimConfig.VcRelease.TAIL);
        assertThat(error(MESH.replace("wait_for_tail_credit = 1;", "wait_for_tail_credit = 2;"), Purpose.SIMULATE)
            .getMessage()).isEqualTo("x.cfg: key wait_for_tail_credit: expected 0 (vc-release: tail) or 1 (vc-release:"
                + " drained), found 2");
        // min_adapt's escape VC is allocated only when empty (Duato)
        assertThat(error(MESH.replace("wait_for_tail_credit = 1;", "").replace("routing_function = dim_order;",
            "routing_function = min_adapt;"), Purpose.SIMULATE).getMessage()).isEqualTo("x.cfg: key"
                + " wait_for_tail_credit: expected 1 with min_adapt (flowproof allocates escape VCs only when empty, as"
                + " Duato's theorem needs), found 0 (BookSim's default)");
    }

    @Test
    void booksimDefaultsFlowproofDoesNotModelAreNamedAsDefaults() {
        String fly = ROUTER + "topology = flatfly; k = 4; n = 2; c = 16; x = 4; y = 4; xr = 4; yr = 4;"
            + " routing_function = ran_min;";
        assertThat(error(fly, Purpose.SIMULATE).getMessage()).isEqualTo("x.cfg: key use_noc_latency: expected 0, or 1"
            + " with xr and yr of at most 3 (with 1 BookSim's flatfly_onchip makes a terminal's injection and ejection"
            + " channels as long as its distance from the router, here up to 3 cycles and different per terminal;"
            + " flowproof's are the same for every terminal), found 1 (BookSim's default)");
        assertThat(error(ROUTER + "topology = mesh;", Purpose.SIMULATE).getMessage())
            .contains("key routing_function: expected dim_order").endsWith("found none (BookSim's default)");
    }

    static final String FLATFLY = ROUTER + """
        topology = flatfly; k = 4; n = 2; c = 4; x = 4; y = 4; xr = 2; yr = 2;
        routing_function = ran_min; num_vcs = 2; vc_buf_size = 8;
        injection_rate = 0.01; warmup_periods = 1; sample_period = 4000; max_samples = 6; seed = 3;
        """;

    /**
     * flatfly_onchip with use_noc_latency = 1 (BookSim's default): every channel as long as its
     * span in the layout, xr x |dx| + yr x |dy| cycles, flit and credit alike; the injection and
     * ejection channels 1 cycle while xr, yr are at most 3 (BookSim's loop, written out in
     * injectionLength).
     */
    @Test
    void flatflyChannelsTakeTheirLayoutLength() throws Exception {
        JsonNode topo = BookSimConfig.toSpecTree("f.cfg", "f", FLATFLY, Purpose.SIMULATE).get("topology");
        assertThat(topo.get("channel-length").toString()).isEqualTo("[2,2]");
        JsonNode flat = BookSimConfig.toSpecTree("f.cfg", "f", FLATFLY + "use_noc_latency = 0;", Purpose.SIMULATE)
            .get("topology");
        assertThat(flat.has("channel-length")).isFalse();
        assertThat(error(FLATFLY + "use_noc_latency = 2;", Purpose.SIMULATE).getMessage())
            .isEqualTo("x.cfg: key use_noc_latency: expected 0 or 1, found 2");
        for (int r = 1; r <= 3; r++) {
            assertThat(BookSimTopology.injectionLength(r, r)).isEqualTo(1);
        }
        assertThat(BookSimTopology.injectionLength(4, 4)).isEqualTo(3);
        assertThat(BookSimTopology.injectionLength(6, 6)).isEqualTo(5);

        Spec laid = SpecReader.fromTree("f.cfg", "", BookSimConfig.toSpecTree("f.cfg", "f", FLATFLY, Purpose.SIMULATE));
        Spec one = SpecReader.fromTree("f.cfg", "", BookSimConfig.toSpecTree("f.cfg", "f",
            FLATFLY + "use_noc_latency = 0;", Purpose.SIMULATE));
        FlattenedButterfly t = (FlattenedButterfly) laid.topology();
        assertThat(t.latency(t.channelTo(t.node(0, 0), t.node(3, 0)))).isEqualTo(6);
        assertThat(flowproof.sim.Simulator.channelLatency(t, t.channelTo(t.node(0, 0), t.node(0, 2)))).isEqualTo(4);
        // zero load: a route's extra cycles are its channels' lengths less one each. Uniform over the 64
        // terminals (self included), a dimension's coordinates differ with probability 12/16 and by 20/16 on
        // average: 2 x (2 x 20/16 - 12/16) = 3.5 cycles more than with every channel 1 cycle
        SimResult a = Flowproof.simulate(Flowproof.simulation(laid));
        SimResult b = Flowproof.simulate(Flowproof.simulation(one));
        assertThat(a.packetsDelivered()).isGreaterThan(10_000);
        assertThat(a.latency().mean() - b.latency().mean()).isCloseTo(3.5, org.assertj.core.data.Offset.offset(0.15));
    }

    private static JsonNode sim(String text) throws SpecException {
        return BookSimConfig.toSpecTree("x.cfg", "x", text, Purpose.SIMULATE).get("simulation");
    }

    /**
     * vc_allocator and sw_allocator, each on its own, and alloc_iters (iSLIP's iterations;
     * BookSim's separable allocators do not read it, allocator.cpp): an absent allocator is
     * BookSim's default, islip. flowproof's default (separable-input-first) is not written.
     */
    @Test
    void allocatorsAndIterationsMapOntoTheSimulation() throws Exception {
        String base = MESH.replace("vc_allocator = separable_input_first;", "")
            .replace("sw_allocator = separable_input_first;", "");
        JsonNode dflt = sim(base);
        assertThat(dflt.get("vc-allocator").asText()).isEqualTo("islip");
        assertThat(dflt.get("switch-allocator").asText()).isEqualTo("islip");
        assertThat(dflt.get("allocator-iterations").asInt()).isEqualTo(1);
        JsonNode both = sim(base + "vc_allocator = islip; sw_allocator = islip; alloc_iters = 3;");
        assertThat(both.get("vc-allocator").asText()).isEqualTo("islip");
        assertThat(both.get("switch-allocator").asText()).isEqualTo("islip");
        assertThat(both.get("allocator-iterations").asInt()).isEqualTo(3);
        JsonNode vcOnly = sim(base + "vc_allocator = islip; sw_allocator = separable_input_first; alloc_iters = 2;");
        assertThat(vcOnly.get("vc-allocator").asText()).isEqualTo("islip");
        assertThat(vcOnly.has("switch-allocator")).isFalse();
        assertThat(vcOnly.get("allocator-iterations").asInt()).isEqualTo(2);
        JsonNode swOnly = sim(base + "sw_allocator = islip; vc_allocator = separable_input_first;");
        assertThat(swOnly.has("vc-allocator")).isFalse();
        assertThat(swOnly.get("switch-allocator").asText()).isEqualTo("islip");
        assertThat(swOnly.get("allocator-iterations").asInt()).isEqualTo(1);
        // both separable: alloc_iters is read by no allocator, and no field is written
        JsonNode none = sim(MESH + "alloc_iters = 4;");
        assertThat(none.has("vc-allocator")).isFalse();
        assertThat(none.has("switch-allocator")).isFalse();
        assertThat(none.has("allocator-iterations")).isFalse();
    }

    /**
     * priority = age (every flit's priority INT_MAX minus its packet's creation cycle, which
     * the separable allocators' arbiters put first): arbiter: oldest-first; none: round-robin.
     * On an 8x8 torus of 8-flit packets past saturation it carries more (BookSim 0.2503 against
     * 0.2058, flowproof 0.2490 against 0.2048: specs/sim/booksim/README.md), so the mapping
     * is seen in a run: age accepts at least 10% more at offered 1.0.
     */
    @Test
    void agePriorityIsOldestFirst() throws Exception {
        assertThat(sim(MESH + "priority = age;").get("arbiter").asText()).isEqualTo("oldest-first");
        assertThat(sim(MESH + "priority = none;").get("arbiter").asText()).isEqualTo("round-robin");
        // one traffic class: every flit has its priority, none is ahead
        assertThat(sim(MESH + "priority = class; class_priority = 3;").get("arbiter").asText()).isEqualTo("round-robin");
        assertThat(sim(MESH).get("arbiter").asText()).isEqualTo("round-robin");
        String torus = """
            topology = torus; k = 8; n = 2; routing_function = dim_order; num_vcs = 2; vc_buf_size = 8;
            packet_size = 8; injection_rate = 1.0; injection_rate_uses_flits = 1;
            warmup_periods = 1; sample_period = 2000; max_samples = 2; seed = 3;
            """ + ROUTER;
        double rr = Flowproof.simulate(Flowproof.simulation(BookSimConfig.read(write("rr.cfg", torus),
            Purpose.SIMULATE))).accepted();
        double age = Flowproof.simulate(Flowproof.simulation(BookSimConfig.read(write("age.cfg", torus
            + "priority = age;"), Purpose.SIMULATE))).accepted();
        assertThat(age).isGreaterThan(rr * 1.1);
    }

    /** wait_for_tail_credit = 1: the ejection VCs wait for the terminal's credit too (ejection-release: credit). */
    @Test
    void tailCreditWaitsAtTheEjectionToo() throws Exception {
        assertThat(sim(MESH + "wait_for_tail_credit = 1;").get("ejection-release").asText()).isEqualTo("credit");
        assertThat(sim(MESH + "wait_for_tail_credit = 0;").has("ejection-release")).isFalse();
    }

    /** input_speedup: the switch inputs per input port (simulation.input-speedup), written only when above 1. */
    @Test
    void inputSpeedupMapsOntoTheSimulation() throws Exception {
        assertThat(sim(MESH + "input_speedup = 2;").get("input-speedup").asInt()).isEqualTo(2);
        assertThat(sim(MESH + "input_speedup = 1;").has("input-speedup")).isFalse();
        assertThat(sim(MESH).has("input-speedup")).isFalse();
    }

    /**
     * injection_process = on_off: BookSim's two-state source is flowproof's on-off injection,
     * with the two parameters given (BookSim's burst_alpha and burst_beta of 0.5 by default)
     * and burst_r1 counted in packets per cycle where flowproof's on-load counts flits.
     */
    @Test
    void onOffIsFlowproofsOnOffInjection() throws Exception {
        JsonNode dflt = sim(MESH + "injection_process = on_off;");
        assertThat(dflt.get("injection").toString()).isEqualTo("{\"process\":\"on-off\",\"alpha\":0.5,\"beta\":0.5}");
        JsonNode r1 = sim(MESH + "injection_process = on_off; burst_alpha = -1; burst_beta = 0.1; burst_r1 = 0.2;");
        // 0.2 packets of 4 flits per cycle while on
        assertThat(r1.get("injection").toString()).isEqualTo("{\"process\":\"on-off\",\"beta\":0.1,"
            + "\"on-load\":0.8}");
        // read only by on_off, as in BookSim
        assertThat(sim(MESH + "burst_alpha = 0.9;").has("injection")).isFalse();
        Spec s = BookSimConfig.read(write("onoff.cfg", MESH.replace("max_samples = 3;", "max_samples = 21;")
            + "injection_process = on_off; burst_alpha = 0.05; burst_beta = 0.05;"), Purpose.SIMULATE);
        assertThat(s.simulation().get("injection").get("process").asText()).isEqualTo("on-off");
        SimResult r = Flowproof.simulate(Flowproof.simulation(s));
        assertThat(r.deadlock()).isNull();
        // the mean rate is the load, 0.05 packets of 4 flits (10,000 measured cycles x 64 sources)
        assertThat(r.offered()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.02));
    }

    /**
     * An islip configuration reads as a spec and simulates. Needs the simulator's islip
     * allocators (spec fields vc-allocator, switch-allocator, allocator-iterations).
     */
    @Test
    void anIslipConfigSimulates() throws Exception {
        String text = MESH.replace("vc_allocator = separable_input_first;", "vc_allocator = islip;")
            .replace("sw_allocator = separable_input_first;", "") + "alloc_iters = 2;";
        Spec s = BookSimConfig.read(write("islip.cfg", text), Purpose.SIMULATE);
        SimResult r = Flowproof.simulate(Flowproof.simulation(s));
        assertThat(r.deadlock()).isNull();
        assertThat(r.packetsDelivered()).isPositive();
        assertThat(r.accepted()).isCloseTo(0.2, org.assertj.core.data.Offset.offset(0.03));
    }

    /**
     * Every key BookSimIgnoredKeys lists is accepted with any value and changes nothing: the
     * spec tree is the one without it.
     */
    @Test
    void keysThatCannotChangeTheRunAreAcceptedAndChangeNothing() throws Exception {
        JsonNode without = BookSimConfig.toSpecTree("x.cfg", "x", MESH, Purpose.SIMULATE);
        StringBuilder all = new StringBuilder(MESH);
        for (String key : BookSimIgnoredKeys.REASONS.keySet()) {
            assertThat(BookSimConfig.supportedKeys()).contains(key);
            for (String value : new String[] {"-", "0", "7", "out.txt"}) {
                assertThat(BookSimConfig.toSpecTree("x.cfg", "x", MESH + key + " = " + value + ";", Purpose.SIMULATE))
                    .as(key).isEqualTo(without);
            }
            all.append(key).append(" = 3;\n");
        }
        assertThat(BookSimConfig.toSpecTree("x.cfg", "x", all.toString(), Purpose.SIMULATE)).isEqualTo(without);
        assertThat(BookSimConfig.toSpecTree("x.cfg", "x", all.toString(), Purpose.VERIFY))
            .isEqualTo(BookSimConfig.toSpecTree("x.cfg", "x", MESH, Purpose.VERIFY));
        assertThat(BookSimIgnoredKeys.REASONS).containsKeys("watch_out", "watch_file", "watch_flits", "watch_packets",
            "print_activity", "print_csv_results", "stats_out", "viewer_trace", "sim_power", "power_output_file",
            "read_request_size", "write_request_size", "read_reply_size", "write_reply_size", "read_request_begin_vc",
            "read_request_end_vc", "write_request_begin_vc", "write_request_end_vc", "read_reply_begin_vc",
            "read_reply_end_vc", "write_reply_begin_vc", "write_reply_end_vc", "sent_packets_out");
        // the batch keys are mapped, and read only with sim_type = batch
        assertThat(BookSimConfig.toSpecTree("x.cfg", "x", MESH + "batch_size = 7; batch_count = 3;"
            + " max_outstanding_requests = 2;", Purpose.SIMULATE)).isEqualTo(without);
        // none of them is also mapped or fixed
        for (String key : BookSimIgnoredKeys.REASONS.keySet()) {
            assertThat(BookSimConfig.MAPPED).doesNotContain(key);
        }
    }

    @Test
    void syntaxErrorsNameTheLine() {
        assertThat(error("topology = mesh;\nk = 8\nn = 2;", Purpose.SIMULATE).getMessage())
            .isEqualTo("x.cfg: line 2: expected KEY = VALUE; (BookSim's syntax), found \"k = 8 n\"");
        assertThat(error("topology = mesh;\n\nk = 8 ;\n  # a comment\n", Purpose.SIMULATE).getMessage())
            .isEqualTo("x.cfg: line 4: expected KEY = VALUE; (BookSim's syntax), found \"# a comment\"");
        assertThat(error("k = 8;\ntopology", Purpose.SIMULATE).getMessage())
            .isEqualTo("x.cfg: line 2: expected KEY = VALUE; (BookSim's syntax), found \"topology\" at the end of"
                + " the file");
    }

    @Test
    void everyKeyFlowproofDoesNotKnowIsNamed() {
        qt().withExamples(200).forAll(Generate.range(0, Integer.MAX_VALUE)).checkAssert(seed -> {
            java.util.Random r = new java.util.Random(seed);
            StringBuilder key = new StringBuilder();
            int len = 1 + r.nextInt(20);
            for (int i = 0; i < len; i++) {
                key.append("abcdefghijklmnopqrstuvwxyz_".charAt(r.nextInt(27)));
            }
            String k = key.toString();
            if (BookSimConfig.supportedKeys().contains(k)) {
                return;
            }
            assertThat(error(MESH + k + " = 1;", Purpose.SIMULATE).getMessage())
                .isEqualTo("x.cfg: key " + k + ": expected a key flowproof maps (docs/booksim.md lists them), found a"
                    + " key it does not model");
        });
    }

    @Test
    void lastAssignmentWinsAsInBookSim() throws Exception {
        Spec s = SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x",
            MESH + "k = 4;", Purpose.SIMULATE));
        assertThat(s.topology().nodes()).isEqualTo(16);
    }

    /**
     * An even torus is checked over every route BookSim's dim_order_torus can take: it draws the
     * direction at distance k/2 as the packet enters each dimension (routefunc.cpp,
     * {@code RandomInt(1)} in dor_next_torus), so the routing offers a header for every
     * combination of directions in the tied dimensions (four from (0,0) to (4,4) on the 8x8
     * torus, each its own route), and check proves the VC halves deadlock-free. A 4-ring with
     * the halves is proved too; the same ring on one VC deadlocks.
     */
    @Test
    void anEvenTorusIsCheckedOverEveryTiedDirection() throws Exception {
        String torus = MESH.replace("topology = mesh;", "topology = torus;");
        Spec s = SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x", torus, Purpose.VERIFY));
        int[] headers = new int[s.routing().maxInjectHeaders()];
        assertThat(s.routing().injectHeaders(0, 4 + 8 * 4, headers)).isEqualTo(4);
        assertThat(s.routing().injectHeaders(0, 4 + 8 * 3, headers)).isEqualTo(2);
        assertThat(s.routing().injectHeaders(0, 3 + 8 * 3, headers)).isEqualTo(1);
        var d = Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(d.exitCode()).as(d.text()).isZero();
        assertThat(d.text()).contains("proved deadlock-free");
        String ring = ROUTER + """
            topology = torus; k = 4; n = 1; routing_function = dim_order; num_vcs = 2;
            vc_buf_size = 2; packet_size = 2;
            """;
        Spec r = SpecReader.fromTree("r.cfg", "", BookSimConfig.toSpecTree("r.cfg", "r", ring, Purpose.VERIFY));
        var rd = Flowproof.check(r, flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(rd.exitCode()).as(rd.text()).isZero();
        Spec open = SpecReader.fromTree("open.yaml", "", Yaml.read("""
            name: open
            topology: {kind: ring, radix: [4], bidirectional: true}
            routing: {kind: dor, tie: random}
            vcs: 1
            capacity: 1
            rule: vct
            """));
        assertThat(Flowproof.check(open, flowproof.check.Options.defaults().withSaveTo(null)).exitCode()).isEqualTo(1);
    }

    @Test
    void booksimsTorusHalvesAreDeadlockFreeWhereOneVcIsNot() throws Exception {
        // a bidirectional 5-ring (odd: no tie), two-flit packets in two-flit VCs
        String ring = ROUTER + """
            topology = torus; k = 5; n = 1; routing_function = dim_order; num_vcs = 2;
            vc_buf_size = 2; packet_size = 2;
            """;
        Spec s = SpecReader.fromTree("r.cfg", "", BookSimConfig.toSpecTree("r.cfg", "r", ring, Purpose.VERIFY));
        assertThat(s.wormhole()).isNotNull();
        var d = Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(d.exitCode()).as(d.text()).isZero();
        // the same ring on one VC, one packet per queue, deadlocks: the halves are what saves it
        Spec open = SpecReader.fromTree("open.yaml", "", Yaml.read("""
            name: open
            topology: {kind: ring, radix: [5], bidirectional: true}
            routing: dor
            vcs: 1
            capacity: 1
            rule: vct
            """));
        assertThat(Flowproof.check(open, flowproof.check.Options.defaults().withSaveTo(null)).exitCode()).isEqualTo(1);
    }

    @Test
    void aWormholeMeshIsCheckedAsWormhole() throws Exception {
        Spec s = SpecReader.fromTree("x.cfg", "", BookSimConfig.toSpecTree("x.cfg", "x", MESH, Purpose.VERIFY));
        assertThat(s.wormhole()).isNotNull();
        assertThat(Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null)).exitCode()).isZero();
    }

    /**
     * Every route of an 8x8 and a 5x5 torus takes, in each dimension, the VC half BookSim's
     * dor_next_torus picks on entering it: the upper when {@code (dir == + && cur > dest) ||
     * (dir == - && dest < cur)}, written here from routefunc.cpp independently of the
     * vc-classes steps the reader generates.
     */
    @Test
    void torusRoutesTakeBookSimsVcHalves() throws Exception {
        for (int k : new int[] {5, 8}) {
            String torus = MESH.replace("topology = mesh;", "topology = torus;").replace("k = 8;", "k = " + k + ";");
            Spec s = SpecReader.fromTree("t.cfg", "", BookSimConfig.toSpecTree("t.cfg", "t", torus, Purpose.SIMULATE));
            SimConfig cfg = Flowproof.simulation(s);
            Torus t = (Torus) s.topology();
            var routes = new flowproof.routing.QueueRoutes(cfg.network(), cfg.routing(), cfg.rule());
            int hops = 0;
            int minusTies = 0;
            for (int src = 0; src < t.nodes(); src++) {
                for (int dst = 0; dst < t.nodes(); dst++) {
                    if (src == dst) {
                        continue;
                    }
                    // every direction of a tie at distance k/2 (the random tie: one header each)
                    for (int header : routes.injectHeaders(src, dst)) {
                        var next = routes.next(flowproof.rule.FlowControlRule.INJECT, src, header);
                        int expected = -1;
                        int lastDim = -1;
                        while (!next.exits()) {
                            assertThat(next.size()).isEqualTo(1);
                            int q = next.queues()[0];
                            int ch = cfg.network().channelOf(q);
                            int d = t.dimension(ch);
                            int at = t.source(ch);
                            if (d != lastDim) {
                                int cur = t.coordinate(at, d);
                                int dest = t.coordinate(dst, d);
                                boolean plus = t.direction(ch) > 0;
                                expected = (plus && cur > dest) || (!plus && dest < cur) ? 1 : 0;
                                lastDim = d;
                            }
                            assertThat(cfg.network().vcOf(q)).as("k %d, %d -> %d on %s", k, src, dst,
                                t.channelName(ch)).isEqualTo(expected);
                            hops++;
                            if (t.direction(ch) < 0 && (k % 2 == 0)
                                && Math.floorMod(t.coordinate(src, d) - t.coordinate(dst, d), k) == k / 2) {
                                minusTies++;
                            }
                            next = routes.next(q, -1, next.headers()[0]);
                        }
                    }
                }
            }
            assertThat(hops).isPositive();
            // on the even torus some routes take - at distance k/2 (BookSim's random tie), the odd one has no tie
            assertThat(minusTies > 0).isEqualTo(k % 2 == 0);
        }
    }

    /**
     * BookSim's patterns (traffic.cpp, written out here) against the destinations flowproof's
     * mapped pattern gives, fixed points included: they send to themselves in both (the
     * mapping writes {@code self: true}).
     */
    @Test
    void mappedPatternsSendWhereBookSimsDo() throws Exception {
        for (String topology : new String[] {"torus", "mesh"}) {
            for (String pattern : new String[] {"bitcomp", "transpose", "bitrev", "shuffle", "tornado", "neighbor"}) {
                String text = MESH.replace("topology = mesh;", "topology = " + topology + ";")
                    + "traffic = " + pattern + ";";
                Spec s = SpecReader.fromTree("p.cfg", "", BookSimConfig.toSpecTree("p.cfg", "p", text, Purpose.SIMULATE));
                var workload = Flowproof.simulation(s).workload();
                int nodes = 64;
                for (int src = 0; src < nodes; src++) {
                    int dest = switch (pattern) {
                        case "bitcomp" -> ~src & (nodes - 1);
                        case "transpose" -> ((src >> 3) & 7) | ((src << 3) & 56);
                        case "bitrev" -> Integer.reverse(src) >>> 26;
                        case "shuffle" -> ((src << 1) & (nodes - 1)) | ((src << 1) & nodes) / nodes;
                        case "tornado" -> {
                            int r = 0;
                            for (int off = 1; off < nodes; off *= 8) {
                                r += off * (((src / off) % 8 + (9 / 2 - 1)) % 8);
                            }
                            yield r;
                        }
                        case "neighbor" -> {
                            int r = 0;
                            for (int off = 1; off < nodes; off *= 8) {
                                r += off * (((src / off) % 8 + 1) % 8);
                            }
                            yield r;
                        }
                        default -> throw new AssertionError(pattern);
                    };
                    double[] w = workload.destinationWeights(src, 1);
                    for (int t = 0; t < nodes; t++) {
                        assertThat(w[t]).as("%s on a %s: %d -> %d", pattern, topology, src, t)
                            .isEqualTo(t == dest ? 1.0 : 0.0);
                    }
                }
            }
        }
    }

    /**
     * BookSim's hotspot (traffic.cpp, HotSpotTrafficPattern), its parameters split as BookSim
     * splits them (config_utils.cpp, tokenize_str): every packet of every terminal, the hot
     * spots' own included, goes to a hot spot drawn with weight its rate (the rates resized to
     * the hot spots with the last one). {@code hotspot({3,60})} is hot spot 3 with rate 60,
     * {@code hotspot({{5,60,9},{3,1}})} three hot spots. A hot spot BookSim draws with its own
     * random numbers, a repeated one or a rate below 1 are refused in one line.
     */
    @Test
    void hotSpotsAreReadAsBookSimReadsThem() throws Exception {
        for (String t : List.of("hotspot({5})", "hotspot(5)", "hotspot({5},{3})", "hotspot({5,60})")) {
            var workload = Flowproof.simulation(SpecReader.fromTree("p.cfg", "", BookSimConfig.toSpecTree("p.cfg", "p",
                MESH + "traffic = " + t + ";", Purpose.SIMULATE))).workload();
            for (int src = 0; src < 64; src++) {
                assertThat(workload.destinationWeights(src, 1)[5]).as("%s: %d -> 5", t, src).isEqualTo(1.0);
            }
        }
        var three = Flowproof.simulation(SpecReader.fromTree("p.cfg", "", BookSimConfig.toSpecTree("p.cfg", "p",
            MESH + "traffic = hotspot({{5,60,9},{3,1}});", Purpose.SIMULATE))).workload();
        for (int src : new int[] {0, 5, 9, 60}) {
            double[] w = three.destinationWeights(src, 1);
            assertThat(w[5]).as("%d -> 5", src).isCloseTo(3.0 / 5, within(1e-12));
            assertThat(w[60]).as("%d -> 60", src).isCloseTo(1.0 / 5, within(1e-12));
            assertThat(w[9]).as("%d -> 9 (the last rate repeated)", src).isCloseTo(1.0 / 5, within(1e-12));
        }
        assertThat(BookSimConfig.tokenize("{{3,60},{2,1}}")).containsExactly("{3,60}", "{2,1}");
        assertThat(BookSimConfig.tokenize("{3,60},{2,1}")).containsExactly("3", "60");
        assertThat(BookSimConfig.tokenize("7")).containsExactly("7");
        for (String t : List.of("hotspot", "hotspot({{3,3}})", "hotspot({-1})", "hotspot({64})", "hotspot({{7},{0}})",
            "hotspot({99999999999999999999})")) {
            assertThatThrownBy(() -> BookSimConfig.toSpecTree("p.cfg", "p", MESH + "traffic = " + t + ";", Purpose.SIMULATE))
                .as(t).isInstanceOf(SpecException.class).hasMessageStartingWith("p.cfg: key traffic: expected"
                    + " hotspot(h), hotspot({h}) or hotspot({{h1,h2,...},{r1,r2,...}}) (BookSim's syntax) with hot spots"
                    + " from 0 to 63");
        }
    }

    @Test
    void aMissingFileIsOneLine() {
        assertThatThrownBy(() -> BookSimConfig.read(dir.resolve("none.cfg"), Purpose.SIMULATE))
            .isInstanceOf(SpecException.class).hasMessageEndingWith("none.cfg: no such file");
    }
}
