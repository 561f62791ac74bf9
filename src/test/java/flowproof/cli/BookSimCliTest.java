package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code simulate}, {@code check} and {@code prove} with {@code --booksim FILE.cfg}: exit codes and one-line errors. */
class BookSimCliTest {

    static final String MESH = """
        topology = mesh; k = 4; n = 2;
        routing_function = dim_order;
        num_vcs = 2; vc_buf_size = 4; packet_size = 2;
        wait_for_tail_credit = 1;
        vc_allocator = separable_input_first;
        sw_allocator = separable_input_first;
        injection_rate = 0.1; injection_rate_uses_flits = 1;
        warmup_periods = 1; sample_period = 500; max_samples = 2;
        """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void simulateRunsAConfigAndReportsItsSpec() throws Exception {
        Path cfg = write("mesh.cfg", MESH);
        CliRun r = CliRun.run("simulate", "--booksim", cfg, "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertThat(o.get("spec").asText()).isEqualTo("booksim-mesh");
        assertThat(o.get("warmup").asLong()).isEqualTo(500);
        assertThat(o.get("offered").asDouble()).isBetween(0.05, 0.15);
        assertThat(o.get("drained").asBoolean()).isTrue();
    }

    @Test
    void anUnsupportedKeyIsExitTwoAndOneLine() throws Exception {
        Path cfg = write("bad.cfg", MESH + "traffic = randperm;\n");
        for (String command : new String[] {"simulate", "check", "prove"}) {
            CliRun r = CliRun.run(command, "--booksim", cfg);
            assertThat(r.code()).as(command).isEqualTo(2);
            assertThat(r.err()).as(command).isEqualTo(cfg + ": key traffic: expected uniform, bitcomp, transpose,"
                + " bitrev, shuffle, tornado, neighbor or hotspot (the patterns flowproof maps; docs/booksim.md), found randperm\n");
        }
    }

    @Test
    void checkProvesAMeshAndAnEvenTorus() throws Exception {
        CliRun mesh = CliRun.run("check", "--booksim", write("mesh.cfg", MESH), "--json");
        assertThat(mesh.code()).as(mesh.err()).isZero();
        assertThat(mesh.out()).contains("\"cdg\"");
        Path torus = write("torus.cfg", MESH.replace("topology = mesh;", "topology = torus;"));
        // every direction BookSim's dim_order_torus may take at distance k/2, each dimension on its own
        CliRun t = CliRun.run("check", "--booksim", torus);
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out()).contains("dor(tie=random) with 2 VC classes").contains("proved deadlock-free");
        assertThat(CliRun.run("simulate", "--booksim", torus).code()).isZero();
    }

    /** check --booksim on BookSim's dragonfly with min: proved; ugal: exit 2, one line naming the key. */
    @Test
    void checkProvesTheDragonflyAndRefusesUgal() throws Exception {
        Path shipped = Path.of("specs/sim/booksim/dragonfly-k2.cfg");
        CliRun ok = CliRun.run("check", "--booksim", shipped);
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("proved deadlock-free");
        Path ugal = write("ugal.cfg", Files.readString(shipped) + "routing_function = ugal; num_vcs = 3;\n");
        for (String command : new String[] {"simulate", "check"}) {
            CliRun r = CliRun.run(command, "--booksim", ugal);
            assertThat(r.code()).as(command).isEqualTo(2);
            assertThat(r.err()).as(command).startsWith(ugal + ": key routing_function: expected min (ugal_dragonflynew"
                + " is not flowproof's ugal").hasLineCount(1);
        }
    }

    @Test
    void proveDecidesBookSimsWormholeByTheKnotSearchOnWorms() throws Exception {
        CliRun r = CliRun.run("prove", "--booksim", write("mesh.cfg", MESH), "--no-save");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("no configuration of worms");
    }

    @Test
    void aSpecAndAConfigTogetherOrNeitherIsBadInput() throws Exception {
        Path cfg = write("mesh.cfg", MESH);
        CliRun both = CliRun.run("simulate", "specs/sim/torus8x8-dateline.yaml", "--booksim", cfg);
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).isEqualTo("flowproof: expected a SPEC file or --booksim FILE.cfg (exactly one), found"
            + " both\n");
        CliRun neither = CliRun.run("check");
        assertThat(neither.code()).isEqualTo(2);
        assertThat(neither.err()).contains("found neither").hasLineCount(1);
        CliRun missing = CliRun.run("simulate", "--booksim", dir.resolve("none.cfg"));
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).isEqualTo(dir.resolve("none.cfg") + ": no such file\n");
    }
    /**
     * from-booksim prints the spec a configuration maps to: written to a file and read back it
     * simulates exactly as --booksim does (the same packets, latency and throughput), and check
     * reads it with check --booksim's packet model; every shipped configuration.
     */
    @Test
    void fromBookSimPrintsASpecThatSimulatesAsTheConfigDoes() throws Exception {
        java.util.List<Path> cfgs;
        try (var files = Files.list(Path.of("specs/sim/booksim"))) {
            cfgs = files.filter(p -> p.toString().endsWith(".cfg")).sorted().toList();
        }
        assertThat(cfgs).hasSizeGreaterThanOrEqualTo(8);
        for (Path cfg : cfgs) {
            CliRun printed = CliRun.run("from-booksim", cfg);
            assertThat(printed.code()).as(cfg + ": " + printed.err()).isZero();
            Path yaml = write(cfg.getFileName().toString().replace(".cfg", ".yaml"), printed.out());
            CliRun fromYaml = CliRun.run("simulate", yaml, "--load", "0.2", "--cycles", "2000", "--warmup", "500",
                "--json");
            CliRun fromCfg = CliRun.run("simulate", "--booksim", cfg, "--load", "0.2", "--cycles", "2000", "--warmup",
                "500", "--json");
            assertThat(fromYaml.code()).as(cfg + ": " + fromYaml.err()).isEqualTo(fromCfg.code());
            JsonNode a = new ObjectMapper().readTree(fromYaml.out());
            JsonNode b = new ObjectMapper().readTree(fromCfg.out());
            for (String k : new String[] {"packetsCreated", "packetsDelivered", "accepted", "latency", "network"}) {
                assertThat(a.get(k)).as(cfg + " " + k).isEqualTo(b.get(k));
            }
        }
        // the anynet's explorer model: wormhole packets of 1 flit in queues of 8, as check --booksim reads it
        CliRun any = CliRun.run("from-booksim", Path.of("specs/sim/booksim/anynet-irregular8.cfg"));
        assertThat(any.out()).contains("flow: wormhole\ncapacity: 8\npacket-flits: 1\n").contains("kind: table");
        Path spec = write("any.yaml", any.out());
        CliRun checked = CliRun.run("check", spec, "--no-save");
        CliRun checkedCfg = CliRun.run("check", "--booksim", Path.of("specs/sim/booksim/anynet-irregular8.cfg"),
            "--no-save");
        assertThat(checked.code()).isEqualTo(checkedCfg.code()).isZero();
        assertThat(checked.out()).contains("proved deadlock-free");
    }

    @Test
    void fromBookSimSaysWhereCheckReadsItOtherwise() throws Exception {
        Path cfg = write("ma.cfg", MESH.replace("dim_order", "min_adapt"));
        CliRun both = CliRun.run("from-booksim", cfg);
        assertThat(both.code()).isZero();
        assertThat(both.out()).contains("choose: when-blocked");
        assertThat(both.err()).isEqualTo("from-booksim: escape is simulate's {\"choose\":\"when-blocked\","
            + "\"leave\":false}; check --booksim reads {\"choose\":\"any\",\"leave\":false} (every choice BookSim's"
            + " allocator could make): --for check prints that spec\n");
        assertThat(CliRun.run("from-booksim", cfg, "--for", "check").out()).contains("choose: any");
        CliRun bad = CliRun.run("from-booksim", write("bad.cfg", MESH + "traffic = randperm;\n"));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.out()).isEmpty();
        assertThat(bad.err()).startsWith(dir.resolve("bad.cfg") + ": key traffic: expected").doesNotContain("\n\n");
        CliRun use = CliRun.run("from-booksim", cfg, "--for", "prove");
        assertThat(use.code()).isEqualTo(2);
        assertThat(use.err()).isEqualTo("--for: expected both, simulate or check, found prove\n");
        assertThat(CliRun.run("from-booksim", dir.resolve("none.cfg")).err()).isEqualTo(dir.resolve("none.cfg")
            + ": no such file\n");
    }
}
