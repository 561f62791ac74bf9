package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flowproof fabric} on OpenSM's dumps of a 4x4 torus of switches (one host each), kept in
 * src/test/resources/fabric: minhop's routes (a credit loop on VL 0, as ibdmchk reports) and
 * LASH's (two VLs, with the SL-to-VL tables and every pair's path record from saquery: no loop;
 * the same routes on one SL: loops). The dumps were written by OpenSM 3.3.23 on ibsim
 * (OpenSmFabricTest runs the real tools where they are installed).
 */
class FabricCommandTest {

    static final Path MINHOP = Path.of("src/test/resources/fabric/torus4x4-minhop");
    static final Path LASH = Path.of("src/test/resources/fabric/torus4x4-lash");

    @TempDir
    Path tmp;

    @Test
    void minhopOnATorusHasACreditLoopLinkByLink() throws Exception {
        CliRun r = CliRun.run("fabric", MINHOP, "--json", "--loops", "100");
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        JsonNode o = new ObjectMapper().readTree(r.out());
        assertThat(o.get("verdict").asText()).isEqualTo("credit-loops");
        assertThat(o.get("routes").asLong()).isEqualTo(240);
        assertThat(o.get("vls").toString()).isEqualTo("[0]");
        assertThat(o.get("parts")).hasSize(1);
        assertThat(o.get("uncoveredChannels").asInt()).isZero();
        assertThat(o.get("loops").size()).isGreaterThan(1);
        for (JsonNode loop : o.get("loops")) {
            JsonNode links = loop.get("loop");
            for (int i = 0; i < links.size(); i++) {
                JsonNode a = links.get(i);
                JsonNode b = links.get((i + 1) % links.size());
                // each link ends where the next begins, and some route makes the dependency
                assertThat(a.get("to").asText()).isEqualTo(b.get("from").asText());
                assertThat(a.get("routes").asLong()).isPositive();
                assertThat(a.get("examples")).isNotEmpty();
            }
        }
        CliRun text = CliRun.run("fabric", MINHOP);
        assertThat(text.out()).contains("credit loop 1: 4 links on VL 0",
            "S00 port 2 -> S10 port 3 VL 0, then S10 port 4 -> S11 port 5 VL 0: 1 route, e.g. H00 -> H11",
            "verdict: credit-loops");
    }

    @Test
    void lashIsFreeOfLoopsWithItsPathSlsAndNotOnOneSl() {
        CliRun r = CliRun.run("fabric", LASH);
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("on VLs 0, 1", "path SLs: given", "SL-to-VL tables: given",
            "verdict: no-credit-loops");
        CliRun oneSl = CliRun.run("fabric", "--topology", LASH.resolve("opensm-subnet.lst"), "--lfts",
            LASH.resolve("opensm-lfts.dump"), "--sl2vl", LASH.resolve("opensm-sl2vl.dump"));
        assertThat(oneSl.code()).isEqualTo(1);
        assertThat(oneSl.out()).contains("path SLs: none (every path on SL 0)", "verdict: credit-loops");
    }

    @Test
    void ibnetdiscoverOutputGivesTheSameFabric() throws Exception {
        CliRun lst = CliRun.run("fabric", LASH, "--json");
        CliRun ibnd = CliRun.run("fabric", "--topology", LASH.resolve("ibnetdiscover.txt"), "--lfts",
            LASH.resolve("opensm-lfts.dump"), "--sl2vl", LASH.resolve("opensm-sl2vl.dump"), "--path-sls",
            LASH.resolve("path-sls.txt"), "--json");
        assertThat(ibnd.code()).as(ibnd.err()).isZero();
        ObjectMapper m = new ObjectMapper();
        for (String field : List.of("verdict", "switches", "caPorts", "routes", "hops", "dependencies", "vls")) {
            assertThat(m.readTree(ibnd.out()).get(field)).isEqualTo(m.readTree(lst.out()).get(field));
        }
    }

    @Test
    void aPathSlFileInIbdmchksFormatIsRead() throws Exception {
        // ibdmchk's -c lines: 0xNODE_GUID DLID SL, made from the saquery records
        String records = Files.readString(LASH.resolve("path-sls.txt"));
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
            "dlid\\.+(\\d+)\\s+slid\\.+(\\d+).*?\\bsl\\.+(0x[0-9A-Fa-f]+)", java.util.regex.Pattern.DOTALL).matcher(records);
        CliRun lids = CliRun.run("fabric", LASH, "--json");
        assertThat(lids.code()).isZero();
        java.util.Map<Integer, String> guidOfLid = new java.util.HashMap<>();
        for (String line : Files.readAllLines(LASH.resolve("opensm-subnet.lst"))) {
            java.util.regex.Matcher ca = java.util.regex.Pattern.compile(
                "\\{ CA Ports:\\S+ SystemGUID:\\S+ NodeGUID:(\\S+) .*? LID:([0-9A-F]+) PN").matcher(line);
            if (ca.find()) {
                guidOfLid.put(Integer.parseInt(ca.group(2), 16), "0x" + ca.group(1));
            }
        }
        StringBuilder ibdm = new StringBuilder();
        int n = 0;
        while (m.find()) {
            ibdm.append(guidOfLid.get(Integer.parseInt(m.group(2)))).append(' ').append(m.group(1)).append(' ')
                .append(Integer.decode(m.group(3))).append('\n');
            n++;
        }
        assertThat(n).isEqualTo(240);
        Path sl = tmp.resolve("sl.txt");
        Files.writeString(sl, ibdm);
        CliRun r = CliRun.run("fabric", "--topology", LASH.resolve("opensm-subnet.lst"), "--lfts",
            LASH.resolve("opensm-lfts.dump"), "--sl2vl", LASH.resolve("opensm-sl2vl.dump"), "--path-sls", sl, "--json");
        assertThat(r.code()).as(r.err()).isZero();
        ObjectMapper om = new ObjectMapper();
        assertThat(om.readTree(r.out()).get("dependencies")).isEqualTo(om.readTree(lids.out()).get("dependencies"));
    }

    @Test
    void theMinhopTorusAsASpecDeadlocksFromTheEmptyNetwork() throws Exception {
        Path spec = tmp.resolve("torus.yaml");
        CliRun r = CliRun.run("fabric", MINHOP, "--loops", "1", "--spec", spec, "--check", "--counterexamples",
            tmp.resolve("cx"));
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(tmp.resolve("torus-network.yaml")).exists();
        assertThat(tmp.resolve("torus-routes.yaml")).exists();
        assertThat(r.out()).contains("spec: " + spec, "verdict        deadlock-configuration",
            "a stuck state reached from the empty network");
        assertThat(tmp.resolve("cx/torus.stuck-freedom.json")).exists();
        // the trace replays on the spec written
        CliRun replay = CliRun.run("replay", tmp.resolve("cx/torus.stuck-freedom.json"));
        assertThat(replay.code()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("reproduced: stuck-freedom violated after 8 moves");
        // the spec's CDG is the fabric's on VL 0: cyclic
        CliRun cdg = CliRun.run("cdg", spec);
        assertThat(cdg.out()).contains("273 dependencies, cyclic");
    }

    @Test
    void aSpecNamesTheDumps() throws Exception {
        CliRun r = CliRun.run("check", "specs/opensm-torus4x4-minhop.yaml", "--no-save");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out()).contains("graph opensm opensm-torus4x4-minhop (32 routers, 96 channels)",
            "a stuck state reached from the empty network in 8 moves");
        Path lash = tmp.resolve("lash.yaml");
        Files.writeString(lash, "name: lash\ntopology: {kind: opensm, dir: " + LASH.toAbsolutePath() + "}\n"
            + "routing: opensm\nvcs: 1\ncapacity: 1\nrule: vct\ntraffic: all-pairs\n");
        CliRun refused = CliRun.run("check", lash);
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err().strip()).isEqualTo(lash + ": topology.dir: expected routes on one VL (a spec's table "
            + "routing has no SL-to-VL stage) (flowproof fabric checks any fabric for credit loops), found VLs [0, 1] in "
            + LASH.toAbsolutePath());
        Path torus = tmp.resolve("t.yaml");
        Files.writeString(torus, "name: t\ntopology: {kind: torus, radix: [4, 4]}\nrouting: opensm\nvcs: 1\n"
            + "capacity: 1\nrule: vct\ntraffic: all-pairs\n");
        CliRun wrong = CliRun.run("check", torus);
        assertThat(wrong.code()).isEqualTo(2);
        assertThat(wrong.err()).contains("(opensm is the forwarding tables of topology: {kind: opensm, dir: DUMPS})");
    }

    @Test
    void aRouteThatIsNotDeliveredIsNamed() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("broken"));
        Files.copy(MINHOP.resolve("opensm-subnet.lst"), dir.resolve("opensm-subnet.lst"));
        // S00 forgets LID 8 (H02)
        String lfts = Files.readString(MINHOP.resolve("opensm-lfts.dump"));
        int at = lfts.indexOf("0x0008 ");
        Files.writeString(dir.resolve("opensm-lfts.dump"), lfts.substring(0, at) + lfts.substring(lfts.indexOf('\n', at) + 1));
        CliRun r = CliRun.run("fabric", dir, "--loops", "1");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("route not delivered: H00 -> H02: S00 has no forwarding entry for LID 8");
        CliRun spec = CliRun.run("fabric", dir, "--spec", tmp.resolve("b.yaml"));
        assertThat(spec.code()).isEqualTo(2);
        assertThat(spec.err().strip()).startsWith("--spec: expected every route delivered, found ");
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        Files.copy(MINHOP.resolve("opensm-subnet.lst"), bad.resolve("opensm-subnet.lst"));
        Files.writeString(bad.resolve("opensm-lfts.dump"), Files.readString(MINHOP.resolve("opensm-lfts.dump"))
            .replaceFirst("0x0003 004", "0x0003 forty"));
        Object[][] cases = {
            {new Object[] {"fabric", tmp.resolve("none")}, tmp.resolve("none") + ": expected a directory of OpenSM's dump files, found nothing"},
            {new Object[] {"fabric", empty}, empty + ": expected a dump directory with opensm-subnet.lst"},
            {new Object[] {"fabric", bad}, bad.resolve("opensm-lfts.dump") + ":4: expected a table row"},
            {new Object[] {"fabric", MINHOP, "--loops", "0"}, "--loops: expected 1 or more, found 0"},
            {new Object[] {"fabric", MINHOP, "--check"}, "--check: expected --spec FILE"},
            {new Object[] {"fabric", MINHOP, "--no-save"}, "--no-save: expected with --check"},
            {new Object[] {"fabric"}, "flowproof fabric: expected a dump directory DIR, or --topology FILE and --lfts FILE"},
            {new Object[] {"fabric", LASH, "--spec", tmp.resolve("l.yaml")}, "--spec: expected routes on one VL"},
        };
        for (Object[] c : cases) {
            CliRun r = CliRun.run((Object[]) c[0]);
            assertThat(r.code()).as("%s: %s", List.of((Object[]) c[0]), r.err()).isEqualTo(2);
            assertThat(r.err().strip()).doesNotContain("\n").startsWith((String) c[1]);
        }
    }
}
