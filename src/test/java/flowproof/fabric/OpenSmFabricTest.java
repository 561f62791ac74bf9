package flowproof.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * flowproof's credit loops against ibdmchk's on OpenSM's own output (issue 45): four fabrics
 * (a 4x4 torus, a ring, a two-level fat tree and a dragonfly-like fabric) simulated by ibsim,
 * routed by each of OpenSM's engines minhop, updn, dfsssp and lash, with every CA pair's path
 * SL from saquery; ibdmchk checks the same dumps. Both must agree on whether there is a loop,
 * and ibdmchk's loop must be a loop of flowproof's graph, dependency by dependency, in one of
 * its cyclic parts. Skipped, with a line, where the packages are not installed.
 */
class OpenSmFabricTest {

    @TempDir
    static Path work;

    @BeforeAll
    static void tools() {
        String missing = OpenSmLab.missing();
        if (missing != null) {
            System.out.println("OpenSmFabricTest skipped: " + missing);
        }
        assumeTrue(missing == null, missing);
    }

    static OpenSmLab.Net torus(int k) {
        OpenSmLab.Net n = new OpenSmLab.Net();
        for (int x = 0; x < k; x++) {
            for (int y = 0; y < k; y++) {
                n.sw("S" + x + y, 8);
            }
        }
        for (int x = 0; x < k; x++) {
            for (int y = 0; y < k; y++) {
                n.ca("H" + x + y).link("S" + x + y, 1, "H" + x + y, 1);
                n.link("S" + x + y, 2, "S" + (x + 1) % k + y, 3);
                n.link("S" + x + y, 4, "S" + x + (y + 1) % k, 5);
            }
        }
        return n;
    }

    static OpenSmLab.Net ring(int k) {
        OpenSmLab.Net n = new OpenSmLab.Net();
        for (int i = 0; i < k; i++) {
            n.sw("S" + i, 4);
        }
        for (int i = 0; i < k; i++) {
            n.ca("H" + i).link("S" + i, 1, "H" + i, 1);
            n.link("S" + i, 2, "S" + (i + 1) % k, 3);
        }
        return n;
    }

    /** Two levels: {@code leaves} leaf switches of {@code hosts} hosts each, every leaf linked once to each spine. */
    static OpenSmLab.Net fatTree(int leaves, int hosts, int spines) {
        OpenSmLab.Net n = new OpenSmLab.Net();
        for (int s = 0; s < spines; s++) {
            n.sw("P" + s, leaves);
        }
        for (int l = 0; l < leaves; l++) {
            n.sw("L" + l, hosts + spines);
        }
        for (int l = 0; l < leaves; l++) {
            for (int h = 0; h < hosts; h++) {
                n.ca("H" + l + "_" + h).link("L" + l, h + 1, "H" + l + "_" + h, 1);
            }
            for (int s = 0; s < spines; s++) {
                n.link("L" + l, hosts + s + 1, "P" + s, l + 1);
            }
        }
        return n;
    }

    /**
     * Groups of {@code a} switches, all-to-all inside a group, {@code a + 1} groups, switch s of
     * group g linked to group g + s + 1 (one global link between each two groups); one host a switch.
     */
    static OpenSmLab.Net dragonfly(int a) {
        int groups = a + 1;
        OpenSmLab.Net n = new OpenSmLab.Net();
        for (int g = 0; g < groups; g++) {
            for (int s = 0; s < a; s++) {
                n.sw("G" + g + "S" + s, a + 2);
            }
        }
        for (int g = 0; g < groups; g++) {
            for (int s = 0; s < a; s++) {
                String me = "G" + g + "S" + s;
                n.ca("H" + g + s).link(me, 1, "H" + g + s, 1);
                for (int t = s + 1; t < a; t++) {
                    // local ports 2..a: port 2 + index of the peer among the others
                    n.link(me, 2 + (t - 1), "G" + g + "S" + t, 2 + s);
                }
                int h = (g + s + 1) % groups;
                if (g < h) {
                    int t = Math.floorMod(g - h - 1, groups);
                    n.link(me, a + 1, "G" + h + "S" + t, a + 1);
                }
            }
        }
        return n;
    }

    /** The default build's share (about 30 s): the torus and the ring under every engine, two engines on the others. */
    static Stream<Arguments> runs() {
        return all().filter(a -> !slow(a));
    }

    /** The rest, with -Pslow: the fat tree under dfsssp and lash, the dragonfly under updn and dfsssp. */
    static Stream<Arguments> slowRuns() {
        return all().filter(OpenSmFabricTest::slow);
    }

    private static boolean slow(Arguments a) {
        String f = (String) a.get()[0];
        String e = (String) a.get()[2];
        return f.equals("fattree4x4") && (e.equals("dfsssp") || e.equals("lash"))
            || f.equals("dragonfly3") && (e.equals("updn") || e.equals("dfsssp"));
    }

    static Stream<Arguments> all() {
        List<Arguments> out = new ArrayList<>();
        Object[][] fabrics = {
            {"torus4x4", torus(4), List.of("S00")},
            {"ring6", ring(6), List.of("S0")},
            {"fattree4x4", fatTree(4, 4, 2), List.of("P0", "P1")},
            {"dragonfly3", dragonfly(3), List.of("G0S0")},
        };
        for (Object[] f : fabrics) {
            for (String engine : new String[] {"minhop", "updn", "dfsssp", "lash"}) {
                out.add(Arguments.of(f[0], f[1], engine, f[2]));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("runs")
    void flowproofFindsTheLoopsIbdmchkFinds(String name, OpenSmLab.Net net, String engine, List<String> roots)
            throws Exception {
        compare(name, net, engine, roots);
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0} {2}")
    @MethodSource("slowRuns")
    void theSameOnTheOtherRuns(String name, OpenSmLab.Net net, String engine, List<String> roots) throws Exception {
        compare(name, net, engine, roots);
    }

    private void compare(String name, OpenSmLab.Net net, String engine, List<String> roots) throws Exception {
        OpenSmLab.Run run = OpenSmLab.run(work.resolve(name), net, engine, engine.equals("updn") ? roots : List.of());
        Fabric f = OpenSmFiles.read(OpenSmFiles.Sources.of(run.dir()));
        assertThat(f.pathSlsGiven()).isTrue();
        CreditLoops c = CreditLoops.check(f, 3, 1000);
        assertThat(c.brokenCount()).as("routes not delivered: %s", c.broken()).isZero();
        assertThat(c.routes()).isEqualTo((long) f.endpoints() * (f.endpoints() - 1));
        // ibdmchk was run without an SL-to-VL file (identity): OpenSM's tables map every SL used onto itself
        for (int v = 0; v < f.nodes(); v++) {
            for (int in = 0; in <= f.ports(v); in++) {
                for (int o = 0; o <= f.ports(v); o++) {
                    for (int sl : c.vls()) {
                        assertThat(f.vl(v, in, o, sl)).isEqualTo(sl);
                    }
                }
            }
        }
        List<long[]> theirs = OpenSmLab.ibdmchkLoop(run.ibdmchk());
        agree(f, c, theirs, name + " " + engine);
        if (name.equals("torus4x4") && engine.equals("minhop")) {
            assertThat(c.loops()).isNotEmpty();
            assertThat(c.vls()).containsExactly(0);
        }
        if (engine.equals("updn")) {
            assertThat(c.loops()).isEmpty();
        }
        if (engine.equals("dfsssp") || engine.equals("lash")) {
            // the engines that use SLs to break cycles leave none once the paths' SLs are read
            assertThat(c.loops()).isEmpty();
        }
        // the same dumps without the path SLs, as ibdmchk reads them without -c
        Fabric oneSl = OpenSmFiles.read(new OpenSmFiles.Sources(null, run.dir().resolve("opensm-subnet.lst"),
            run.dir().resolve("opensm-lfts.dump"), run.dir().resolve("opensm-sl2vl.dump"), null, null));
        assertThat(oneSl.pathSlsGiven()).isFalse();
        CreditLoops c1 = CreditLoops.check(oneSl, 3, 1000);
        String chk1 = exec(run.dir());
        agree(oneSl, c1, OpenSmLab.ibdmchkLoop(chk1), name + " " + engine + " on SL 0");
        System.out.printf("%s %s: %d routes, %d loops listed (%d cyclic parts); on SL 0 only: %d parts; %d ms%n", name,
            engine, c.routes(), c.loops().size(), c.parts().size(), c1.parts().size(), run.millis());
    }

    private static String exec(Path dir) throws Exception {
        Process p = new ProcessBuilder("/usr/bin/ibdmchk", "-s", dir.resolve("opensm-subnet.lst").toString(), "-f",
            dir.resolve("opensm.fdbs").toString(), "-m", dir.resolve("opensm.mcfdbs").toString())
            .directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
        return out;
    }

    /** Both find a loop or neither does; ibdmchk's loop is one of flowproof's graph, in one cyclic part. */
    static void agree(Fabric f, CreditLoops c, List<long[]> theirs, String what) {
        if (theirs == null) {
            assertThat(c.loops()).as("%s: ibdmchk found no credit loop", what).isEmpty();
            return;
        }
        assertThat(c.loops()).as("%s: ibdmchk found a credit loop", what).isNotEmpty();
        List<CreditLoops.Channel> loop = new ArrayList<>();
        for (long[] t : theirs) {
            int node = -1;
            for (int v = 0; v < f.nodes(); v++) {
                if (f.guid(v) == t[0]) {
                    node = v;
                }
            }
            assertThat(node).as("%s: ibdmchk's node %x", what, t[0]).isNotNegative();
            loop.add(new CreditLoops.Channel(node, (int) t[1], (int) t[2]));
        }
        int part = c.partOf(loop.get(0));
        assertThat(part).as("%s: ibdmchk's first channel is on a cycle of flowproof's", what).isNotNegative();
        for (int i = 0; i < loop.size(); i++) {
            CreditLoops.Channel a = loop.get(i);
            CreditLoops.Channel b = loop.get((i + 1) % loop.size());
            assertThat(c.depends(a, b)).as("%s: %s then %s", what, c.link(a), c.link(b)).isTrue();
            assertThat(c.partOf(b)).isEqualTo(part);
        }
    }
}
