package flowproof.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Replayer;
import flowproof.explore.Verdict;
import flowproof.solve.ProofResult;
import flowproof.solve.Witness;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code prove} and {@code check} on wormhole specs (issue 40): the knot search on worms finds
 * the deadlock configuration with the fewest packets, places its worms from the empty network
 * in a trace the explorer replays, and proves the dateline torus; on rings small enough to
 * enumerate its answers agree with the explorer's.
 */
class WormholeKnotTest {

    private static Spec torus(Path dir, int k, int vcs, String rule, int capacity, int flits) throws Exception {
        Path f = dir.resolve("t" + k + rule + capacity + flits + ".yaml");
        Files.writeString(f, String.join("\n", "name: wh-torus" + k, "topology: {kind: torus, radix: [" + k + ", " + k
            + "]}", "routing: dor", "vcs: " + vcs, "flow: wormhole", "capacity: " + capacity, "packet-flits: " + flits,
            "rule: {kind: " + rule + "}", "traffic: all-pairs", ""));
        return SpecReader.read(f);
    }

    private static Evidence.Proof prove(Spec spec) {
        return CpSat.prove(spec, Budget.prove(ProveOptions.defaults().withSeconds(120)));
    }

    @Test
    void theFewestWormsAroundOneRingAreFoundAndPlacedFromTheEmptyNetwork(@TempDir Path dir) throws Exception {
        for (int k : new int[] {4, 6, 8}) {
            Spec spec = torus(dir, k, 1, "vct", 2, 4);
            Evidence.Proof p = prove(spec);
            ProofResult r = p.result();
            assertThat(r.verdict()).as("k=%d", k).isEqualTo(ProofResult.Verdict.DEADLOCK_CONFIGURATION);
            // 4 flits over 2-flit VCs: a stuck worm holds two full VCs, so k/2 worms close a ring of k
            assertThat(r.witness().packetCount()).as("k=%d", k).isEqualTo(k / 2);
            assertThat(r.minimal()).isTrue();
            for (Witness.Worm w : r.witness().worms()) {
                assertThat(w.queues()).hasSize(2);
                assertThat(w.flits()).containsExactly(2, 2);
            }
            assertThat(p.reachable()).isTrue();
            assertThat(Replayer.replay(spec.model(), p.reach().trace().moves(), Property.STUCK_FREEDOM).reproduced())
                .isTrue();
        }
    }

    @Test
    void wormsThatFitOneQueueNeedAWholeRingOfThem(@TempDir Path dir) throws Exception {
        // 2 flits in 2-flit VCs: each worm holds one VC, so k worms around a ring of k
        Spec spec = torus(dir, 4, 1, "vct", 2, 2);
        Evidence.Proof p = prove(spec);
        assertThat(p.result().witness().packetCount()).isEqualTo(4);
        assertThat(p.reachable()).isTrue();
        // 5 flits over 2-flit VCs: a stuck worm holds up to three VCs (1 + 2 + 2 flits)
        Evidence.Proof five = prove(torus(dir, 6, 1, "vct", 2, 5));
        assertThat(five.result().witness().packetCount()).isEqualTo(2);
        assertThat(five.reachable()).isTrue();
    }

    @Test
    void theDatelineTorusIsProvedWithNoConfigurationStuck(@TempDir Path dir) throws Exception {
        Spec spec = torus(dir, 8, 2, "dateline", 2, 4);
        Evidence.Proof p = prove(spec);
        assertThat(p.result().verdict()).isEqualTo(ProofResult.Verdict.PROVED);
        assertThat(p.verdict()).isEqualTo(Verdict.PROVED);
        assertThat(p.result().reason()).contains("no configuration of worms").contains("is stuck");
    }

    @Test
    void onRingsTheKnotSearchAgreesWithTheExplorer(@TempDir Path dir) throws Exception {
        // every (capacity, flits) pair on a 4-ring with one VC and no rule: both engines decide it
        for (int c = 1; c <= 2; c++) {
            for (int l = 1; l <= 4; l++) {
                Path f = dir.resolve("r" + c + l + ".yaml");
                Files.writeString(f, String.join("\n", "name: ring" + c + l, "topology: {kind: ring, radix: [4],"
                    + " bidirectional: false}", "routing: dor", "vcs: 1", "flow: wormhole", "capacity: " + c,
                    "packet-flits: " + l, "rule: {kind: vct}", "traffic: all-pairs", ""));
                Spec spec = SpecReader.read(f);
                ExplorationResult e = new Explorer(spec.model(), EnumSet.of(Property.STUCK_FREEDOM),
                    new Limits(5_000_000, 60, Long.MAX_VALUE), false).run();
                assertThat(e.complete()).isTrue();
                boolean stuck = e.properties().get(Property.STUCK_FREEDOM) == PropertyStatus.VIOLATED;
                Evidence.Proof p = prove(spec);
                assertThat(p.result().verdict()).as("C=%d L=%d", c, l).isEqualTo(stuck
                    ? ProofResult.Verdict.DEADLOCK_CONFIGURATION : ProofResult.Verdict.PROVED);
                if (stuck) {
                    assertThat(p.reachable()).as("C=%d L=%d", c, l).isTrue();
                    // the fewest packets: never more than the explorer's shortest deadlock holds (one head per worm)
                    flowproof.explore.Snapshot last = e.traces().get(Property.STUCK_FREEDOM).last();
                    int worms = 0;
                    for (int q = 0; q < last.packets().length; q++) {
                        if (last.packets()[q].length > 0 && last.flits()[q][1] < 0) {
                            worms++;
                        }
                    }
                    assertThat(p.result().minimal()).as("C=%d L=%d", c, l).isTrue();
                    assertThat(p.result().witness().packetCount()).as("C=%d L=%d", c, l).isBetween(1, worms);
                }
            }
        }
    }

    private static Spec booksim(String cfg) throws Exception {
        return SpecReader.fromTree("t.cfg", "", flowproof.spec.BookSimConfig.toSpecTree("t.cfg", "t", cfg,
            flowproof.spec.BookSimConfig.Purpose.VERIFY));
    }

    @Test
    void bookSimsMinimalAdaptiveTorusIsReadAndProvedByBothEngines() throws Exception {
        String cfg = Files.readString(Path.of("specs/sim/booksim/torus8x8-minadapt-p1.cfg"));
        Spec spec = booksim(cfg);
        // min_adapt_torus's adaptive hop at offset k/2 goes - only (its random tie is commented out)
        assertThat(spec.model().describe()).contains("minimal-adaptive(tie=minus)").contains("dateline on escape VCs 0-1")
            .contains("escape VCs never left").contains("3 VCs");
        Decision d = Flowproof.check(spec, Options.defaults().withMaxSeconds(60));
        assertThat(d.verdict()).isEqualTo(Verdict.PROVED);
        assertThat(d.method()).isEqualTo(Method.DUATO);
        assertThat(prove(spec).verdict()).isEqualTo(Verdict.PROVED);
        // fewer than BookSim's VCs 0, 1 (escape) and 3 (adaptive): refused, naming the key
        assertThatThrownBy(() -> booksim(cfg.replace("num_vcs = 4;", "num_vcs = 3;")))
            .hasMessageContaining("num_vcs").hasMessageContaining("at least 4 for min_adapt on a torus");
    }

    @Test
    void checkFindsTheEightByEightDeadlockWithinItsBudget() throws Exception {
        Spec spec = SpecReader.read(Path.of("specs/wh-torus8x8-dor-1vc-l4-c2.yaml"));
        Decision d = Flowproof.check(spec, Options.defaults().withMaxSeconds(60));
        assertThat(d.verdict()).isEqualTo(Verdict.COUNTEREXAMPLE);
        assertThat(d.method()).isEqualTo(Method.CP_SAT);
        assertThat(d.text()).contains("all 4 packets wait (the fewest packets possible)");
        var worms = d.jsonTree().at("/witness/worms");
        assertThat(worms.size()).isEqualTo(4);
        assertThat(worms.get(0).get("flits").toString()).isEqualTo("[2,2]");
    }
}
