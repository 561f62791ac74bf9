package flowproof.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The comparison of OpenSmFabricTest on dumps kept in src/test/resources/fabric, with ibdmchk's
 * output on them kept beside (ibdmchk 1.5.7), so that it runs where the tools are not installed:
 * the 4x4 torus under minhop (ibdmchk: a credit loop on VL 0) and under LASH read on one SL
 * (ibdmchk without -c: a loop).
 */
class IbdmchkFixtureTest {

    static final Path MINHOP = Path.of("src/test/resources/fabric/torus4x4-minhop");
    static final Path LASH = Path.of("src/test/resources/fabric/torus4x4-lash");

    @Test
    void ibdmchksLoopOnMinhopIsALoopOfFlowproofsGraph() throws Exception {
        Fabric f = OpenSmFiles.read(OpenSmFiles.Sources.of(MINHOP));
        CreditLoops c = CreditLoops.check(f, 3, 1000);
        List<long[]> theirs = OpenSmLab.ibdmchkLoop(Files.readString(MINHOP.resolve("ibdmchk.out")));
        assertThat(theirs).hasSize(6);
        OpenSmFabricTest.agree(f, c, theirs, "torus4x4 minhop");
        // and among flowproof's loops one runs around a single ring of the torus (all its switches in one row or column)
        assertThat(c.loops()).anySatisfy(l -> {
            List<String> names = l.loop().stream().map(d -> f.name(d.from().node())).toList();
            assertThat(names).hasSize(4);
            assertThat(names.stream().map(n -> n.charAt(1)).distinct().count() == 1
                || names.stream().map(n -> n.charAt(2)).distinct().count() == 1).as("%s", names).isTrue();
        });
    }

    @Test
    void lashOnOneSlHasTheLoopIbdmchkFinds() throws Exception {
        Fabric f = OpenSmFiles.read(new OpenSmFiles.Sources(null, LASH.resolve("opensm-subnet.lst"),
            LASH.resolve("opensm-lfts.dump"), LASH.resolve("opensm-sl2vl.dump"), null, null));
        CreditLoops c = CreditLoops.check(f, 3, 1000);
        OpenSmFabricTest.agree(f, c, OpenSmLab.ibdmchkLoop(Files.readString(LASH.resolve("ibdmchk-one-sl.out"))),
            "torus4x4 lash on SL 0");
        assertThat(c.loops()).isNotEmpty();
    }
}
