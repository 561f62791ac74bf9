package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.check.Flowproof;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.BookSimConfig.Purpose;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * BookSim 2.0's own example configurations (src/test/resources/booksim-examples, copied
 * unchanged from BookSim's src/examples): the ones flowproof reproduces are read with their
 * meaning and simulated; every other one is refused in one line naming the key it cannot
 * reproduce (docs/booksim.md, "BookSim's own examples").
 */
class BookSimExamplesTest {

    private static final Path DIR = Path.of("src/test/resources/booksim-examples");

    /** Each refused example and the one line it is refused with (after "FILE: "). */
    private static final Map<String, String> REFUSED = Map.of(
        "dragonflyconfig", "key internal_speedup: expected 1.0 (what flowproof's router does), found 2.0",
        "singleconfig", "key n: expected at least 2 stages (with 1 a fly is one crossbar: no channel between switches to"
            + " check or simulate), found 1");

    private static List<Path> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".md")).sorted().toList();
        }
    }

    private static JsonNode tree(Path p) throws Exception {
        return BookSimConfig.toSpecTree(p.toString(), "x", Files.readString(p), Purpose.SIMULATE);
    }

    @Test
    void theAcceptedExamplesAreTheCopiedOnes() throws Exception {
        assertThat(files(DIR)).extracting(p -> p.getFileName().toString()).containsExactly("cmeshconfig", "fattree_config",
            "flatflyconfig", "mesh88_lat", "torus88");
        assertThat(files(DIR.resolve("refused"))).extracting(p -> p.getFileName().toString())
            .containsExactlyInAnyOrderElementsOf(REFUSED.keySet());
    }

    /** torus88: every key it sets, and BookSim's defaults for the rest (islip allocators among them). */
    @Test
    void torus88MapsWithBookSimsDefaults() throws Exception {
        JsonNode t = tree(DIR.resolve("torus88"));
        assertThat(t.get("topology").toString()).isEqualTo("{\"kind\":\"torus\",\"radix\":[8,8],\"bidirectional\":true}");
        assertThat(t.get("routing").get("kind").asText()).isEqualTo("dor");
        assertThat(t.get("routing").get("tie").asText()).isEqualTo("random");
        assertThat(t.get("vcs").asInt()).isEqualTo(2);
        assertThat(t.get("vc-classes").get("classes").asInt()).isEqualTo(2);
        JsonNode sim = t.get("simulation");
        assertThat(sim.get("buffer").asInt()).isEqualTo(8); // vc_buf_size's default
        assertThat(sim.get("packet-size").asInt()).isEqualTo(1);
        assertThat(sim.get("load").asDouble()).isEqualTo(0.15);
        assertThat(sim.get("vc-release").asText()).isEqualTo("tail"); // wait_for_tail_credit = 0
        assertThat(sim.get("vc-allocator").asText()).isEqualTo("islip");
        assertThat(sim.get("switch-allocator").asText()).isEqualTo("islip");
        assertThat(sim.get("allocator-iterations").asInt()).isEqualTo(1);
        assertThat(sim.get("link-latency").asInt()).isEqualTo(2); // use_noc_latency's default on a torus
        assertThat(sim.get("cycles").asLong()).isEqualTo(10_000);
        assertThat(sim.get("warmup").asLong()).isEqualTo(3_000);
    }

    /** mesh88_lat: two switch inputs per input port (input_speedup = 2), 8 VCs, islip, 20-flit packets, transpose. */
    @Test
    void mesh88LatMapsItsInputSpeedup() throws Exception {
        JsonNode t = tree(DIR.resolve("mesh88_lat"));
        assertThat(t.get("topology").toString()).isEqualTo("{\"kind\":\"mesh\",\"radix\":[8,8]}");
        assertThat(t.get("vcs").asInt()).isEqualTo(8);
        JsonNode sim = t.get("simulation");
        assertThat(sim.get("input-speedup").asInt()).isEqualTo(2);
        assertThat(sim.get("vc-release").asText()).isEqualTo("drained"); // wait_for_tail_credit = 1
        assertThat(sim.get("switch-allocator").asText()).isEqualTo("islip");
        assertThat(sim.get("packet-size").asInt()).isEqualTo(20);
        assertThat(sim.get("traffic").get("pattern").asText()).isEqualTo("transpose");
        assertThat(sim.get("traffic").get("self").asBoolean()).isTrue(); // the diagonal sends to itself, as BookSim's
        assertThat(sim.get("load").asDouble()).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-12));
    }

    /**
     * flatflyconfig: a 4x4 flattened butterfly of 4 terminals per router, channels as long as
     * the layout makes them (use_noc_latency's default), islip allocators; its read/write
     * request keys are inert (use_read_write = 0).
     */
    @Test
    void flatflyconfigMapsWithItsLayoutLengths() throws Exception {
        JsonNode t = tree(DIR.resolve("flatflyconfig"));
        assertThat(t.get("topology").toString()).isEqualTo("{\"kind\":\"flattened-butterfly\",\"radix\":4,"
            + "\"dimensions\":2,\"concentration\":4,\"channel-length\":[2,2]}");
        assertThat(t.get("routing").asText()).isEqualTo("minimal");
        assertThat(t.get("vcs").asInt()).isEqualTo(8);
        JsonNode sim = t.get("simulation");
        assertThat(sim.get("buffer").asInt()).isEqualTo(4);
        assertThat(sim.get("vc-release").asText()).isEqualTo("tail");
        assertThat(sim.get("vc-allocator").asText()).isEqualTo("islip");
        assertThat(sim.get("switch-allocator").asText()).isEqualTo("islip");
        assertThat(sim.get("allocator-iterations").asInt()).isEqualTo(1);
        assertThat(sim.get("stages").toString()).isEqualTo("{\"routing\":0,\"vc-allocation\":1,"
            + "\"switch-allocation\":1,\"traversal\":1}");
        assertThat(sim.get("link-latency").asInt()).isEqualTo(1);
        assertThat(sim.get("credit-latency").asInt()).isEqualTo(4); // the channel, the cycle it is read, credit_delay 2
        assertThat(sim.get("load").asDouble()).isEqualTo(0.1);
        assertThat(sim.get("traffic").get("pattern").asText()).isEqualTo("uniform");
    }

    /**
     * cmeshconfig: 4x4 routers of 4 terminals (BookSim's cmesh without its express channels,
     * which dor_no_express never takes), mesh channels 2 cycles (use_noc_latency's default),
     * bit-complement traffic, BookSim's defaults for the rest (16 VCs, islip); its batch_size is
     * inert (sim_type is latency).
     */
    @Test
    void cmeshconfigIsAConcentratedMesh() throws Exception {
        JsonNode t = tree(DIR.resolve("cmeshconfig"));
        assertThat(t.get("topology").toString()).isEqualTo("{\"kind\":\"mesh\",\"radix\":[4,4],\"concentration\":4}");
        assertThat(t.get("routing").asText()).isEqualTo("dor");
        assertThat(t.get("vcs").asInt()).isEqualTo(16);
        JsonNode sim = t.get("simulation");
        assertThat(sim.get("link-latency").asInt()).isEqualTo(2);
        assertThat(sim.get("vc-release").asText()).isEqualTo("tail");
        assertThat(sim.get("switch-allocator").asText()).isEqualTo("islip");
        assertThat(sim.get("traffic").get("pattern").asText()).isEqualTo("bit-complement");
        assertThat(sim.get("load").asDouble()).isEqualTo(0.1);
    }

    /**
     * fattree_config: a 4-ary 3-tree (64 terminals), nca over 4 VCs of 16 flits, switch hold
     * (hold_switch_for_packet = 1), credit_delay 2, no routing stage; check proves it
     * deadlock-free.
     */
    @Test
    void fattreeConfigIsAFourAryThreeTree() throws Exception {
        JsonNode t = tree(DIR.resolve("fattree_config"));
        assertThat(t.get("topology").toString()).isEqualTo("{\"kind\":\"fat-tree\",\"radix\":4,\"stages\":3}");
        assertThat(t.get("routing").asText()).isEqualTo("nca");
        assertThat(t.get("vcs").asInt()).isEqualTo(4);
        JsonNode sim = t.get("simulation");
        assertThat(sim.get("buffer").asInt()).isEqualTo(16);
        assertThat(sim.get("switch-hold").asText()).isEqualTo("packet");
        assertThat(sim.get("load").asDouble()).isEqualTo(0.6);
        var d = Flowproof.check(BookSimConfig.read(DIR.resolve("fattree_config"), Purpose.VERIFY),
            flowproof.check.Options.defaults().withSaveTo(null));
        assertThat(d.text()).contains("proved deadlock-free");
    }

    /**
     * Each accepted example reads as a spec and simulates a few thousand cycles. Needs the
     * simulator's islip allocators (spec fields vc-allocator, switch-allocator,
     * allocator-iterations): BookSim's default allocator is islip.
     */
    @Test
    void theAcceptedExamplesSimulate() throws Exception {
        for (Path p : files(DIR)) {
            Spec s = BookSimConfig.read(p, Purpose.SIMULATE);
            SimConfig cfg = Flowproof.simulation(s);
            SimResult r = Flowproof.simulate(cfg.withRun(4_000, 1_000, 1));
            assertThat(r.deadlock()).as(p.toString()).isNull();
            assertThat(r.packetsDelivered()).as(p.toString()).isPositive();
            // each offers a load below its saturation (BookSim's 0.26 on the torus, 0.49 on the flattened
            // butterfly, specs/sim/booksim/README.md; bit-complement's channel-load bound 0.125 on the cmesh): what
            // is offered is accepted
            double load = s.simulation().get("load").asDouble();
            assertThat(r.accepted()).as(p.toString()).isCloseTo(load, org.assertj.core.data.Offset.offset(0.02));
        }
    }

    /**
     * check --booksim flatflyconfig and cmeshconfig: the channel dependency graphs of ran_min on
     * 8 VCs and of the concentrated mesh's XY routing on 16 are acyclic.
     */
    @Test
    void flatflyconfigAndCmeshconfigAreProvedDeadlockFree() throws Exception {
        for (String name : List.of("flatflyconfig", "cmeshconfig")) {
            Spec s = BookSimConfig.read(DIR.resolve(name), Purpose.VERIFY);
            var d = Flowproof.check(s, flowproof.check.Options.defaults().withSaveTo(null));
            assertThat(d.exitCode()).as(d.text()).isZero();
            assertThat(d.text()).as(name).contains("proved deadlock-free");
        }
    }

    /**
     * BookSim's anynet example (anynet/anynet_config with its anynet_file, copied unchanged):
     * 3 routers of 3 nodes, min_anynet, one VC of 3 flits; read from any directory (the file
     * beside the configuration), simulated, and proved deadlock-free (no channel depends on
     * another: every route is one hop).
     */
    @Test
    void theAnynetExampleReadsItsNetworkFileBesideIt() throws Exception {
        Path cfg = DIR.resolve("anynet/anynet_config");
        JsonNode t = tree(cfg);
        assertThat(t.get("topology").get("anynet").asText())
            .isEqualTo(Files.readString(DIR.resolve("anynet/anynet_file")));
        assertThat(t.get("routing").get("routes")).hasSize(6);
        Spec s = BookSimConfig.read(cfg, Purpose.SIMULATE);
        assertThat(s.topology().endpoints().length * s.topology().concentration()).isEqualTo(9);
        SimResult r = Flowproof.simulate(Flowproof.simulation(s).withRun(4_000, 1_000, 1));
        assertThat(r.packetsDelivered()).isPositive();
        var d = Flowproof.check(BookSimConfig.read(cfg, Purpose.VERIFY), flowproof.check.Options.defaults()
            .withSaveTo(null));
        assertThat(d.text()).contains("proved deadlock-free");
    }

    @Test
    void theRefusedExamplesAreOneLineNamingTheKey() throws Exception {
        for (Path p : files(DIR.resolve("refused"))) {
            String name = p.getFileName().toString();
            for (Purpose purpose : Purpose.values()) {
                SpecException e = catchThrowableOfType(SpecException.class, () -> BookSimConfig.read(p, purpose));
                assertThat(e).as(name).isNotNull();
                assertThat(e.getMessage()).as(name).isEqualTo(p + ": " + REFUSED.get(name));
            }
        }
    }
}
