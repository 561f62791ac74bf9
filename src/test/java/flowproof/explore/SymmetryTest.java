package flowproof.explore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.RoutingFunction;
import flowproof.rule.RuleKind;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.topology.Torus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;

/** Symmetry reduction: declared groups, exact orbit counts, same verdicts and concrete traces. */
class SymmetryTest {

    /** States the unreduced search may store: specs with a symmetry group get more room (T1 has 10^6 states). */
    private static final long UNREDUCED_LIMIT = 1_200_000;
    private static final long UNREDUCED_LIMIT_WITHOUT_GROUP = 200_000;

    /**
     * On every spec of specs/ whose unreduced search finishes within the limit, the reduced
     * search gives the same verdict, statuses, trace lengths (and traces that replay), and
     * the orbits it stores, each counted with its size |G|/|stabiliser|, add up to exactly
     * the unreduced state count (and transition, stuck and undrainable counts).
     */
    // -Pslow: a cross-check over every spec or a long run (the default build stays under 15 minutes)
    @Tag("slow")
    @Test
    void reducedAndUnreducedSearchesAgreeOnEverySpecWhereBothFinish() throws Exception {
        List<Path> specs;
        try (Stream<Path> s = Files.list(Path.of("specs"))) {
            specs = s.filter(p -> p.toString().endsWith(".yaml")).sorted().collect(Collectors.toList());
        }
        int compared = 0;
        int reduced = 0;
        for (Path p : specs) {
            Spec spec = SpecReader.read(p);
            boolean group = symmetryOf(spec.model()).order() > 1;
            Limits limits = new Limits(group ? UNREDUCED_LIMIT : UNREDUCED_LIMIT_WITHOUT_GROUP, 120, Long.MAX_VALUE);
            // the direct searches (the injection-queue product is compared in InjectionQueueProductTest)
            ExplorationResult plain = new Explorer(spec.model(), spec.effectiveProperties(), limits, false)
                .injectionProduct(false).run();
            if (!plain.complete() && plain.verdict() != Verdict.COUNTEREXAMPLE) {
                continue;
            }
            ExplorationResult sym = new Explorer(spec.model(), spec.effectiveProperties(), limits, false)
                .injectionProduct(false).threads(2).symmetry(true).run();
            assertThat(sym.complete()).as(p.toString()).isEqualTo(plain.complete());
            if (!plain.complete()) {
                continue;
            }
            ParallelSearchTest.assertSameSearch(plain, sym, p.toString());
            assertThat(sym.symmetry()).as(p.toString()).isNotNull();
            if (sym.symmetryOrder() > 1 && sym.states() > 1) {
                assertThat(sym.orbits()).as(p + ": orbits").isLessThan(sym.states());
                assertThat(sym.orbits() * sym.symmetryOrder()).as(p + ": at most |G| states per orbit")
                    .isGreaterThanOrEqualTo(sym.states());
                reduced++;
            } else {
                assertThat(sym.orbits()).isEqualTo(sym.states());
            }
            compared++;
        }
        assertThat(compared).isGreaterThanOrEqualTo(25);
        assertThat(reduced).isGreaterThanOrEqualTo(10);
    }

    private static Symmetry symmetryOf(Model m) {
        return Symmetry.of(m, new StateLayout(m.network(), m.rule().marksPerRing() > 0, m.routing().headers()));
    }

    @Test
    void groupsAreDeclaredNotAssumed() throws Exception {
        assertThat(symmetryOf(Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0)).order())
            .isEqualTo(6);
        assertThat(symmetryOf(Models.torus(new int[] {3, 3}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0)).order())
            .isEqualTo(9);
        Symmetry dateline = symmetryOf(Models.ring(4, 2, 1, RuleKind.DATELINE));
        assertThat(dateline.order()).isEqualTo(1);
        assertThat(dateline.note()).contains("dateline");
        Symmetry cbs = symmetryOf(Models.ring(4, 1, 1, RuleKind.CRITICAL_BUBBLE));
        assertThat(cbs.order()).isEqualTo(1);
        assertThat(symmetryOf(SpecReader.read(Path.of("specs/torus3x3-c1-critical-bubble-3flows.yaml")).model()).order())
            .isEqualTo(1);
        assertThat(symmetryOf(SpecReader.read(Path.of("specs/mesh4x4-dor-vct.yaml")).model()).order()).isEqualTo(4);
    }

    @Test
    void trafficRestrictedToSomeNodesKeepsOnlyTheTranslationsThatPreserveIt() {
        Model all = Models.ring(4, 1, 1, RuleKind.VCT);
        // neighbour traffic i -> i+1 on a ring is kept by every rotation; 0 -> 2 alone by none but the identity
        List<int[]> neighbours = List.of(new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3}, new int[] {3, 0});
        assertThat(symmetryOf(new Model(all.network(), all.routing(), all.rule(), neighbours)).order()).isEqualTo(4);
        List<int[]> halves = List.of(new int[] {0, 2}, new int[] {2, 0});
        Symmetry h = symmetryOf(new Model(all.network(), all.routing(), all.rule(), halves));
        assertThat(h.order()).isEqualTo(2);
        assertThat(h.note()).contains("of 4");
    }

    /** Canonical forms are images of the state, the same for every state of an orbit; orbit sizes divide |G|. */
    @Test
    void canonicalFormIsAnOrbitInvariantAndOrbitSizesCountDistinctImages() {
        canonicalFormIsAnOrbitInvariant(Models.torus(new int[] {3, 3}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0), 9);
        // translations x reflections: 9 x 4
        canonicalFormIsAnOrbitInvariant(Models.torus(new int[] {3, 3}, true, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0), 36);
    }

    private static void canonicalFormIsAnOrbitInvariant(Model m, int order) {
        StateLayout layout = new StateLayout(m.network(), false, m.routing().headers());
        Symmetry sym = Symmetry.of(m, layout);
        assertThat(sym.order()).isEqualTo(order);
        int queues = m.network().queues();
        qt().withExamples(300).forAll(Generate.intArrays(Generate.constant(queues), Generate.range(-1, 8)))
            .checkAssert(contents -> {
                int[][] packets = new int[queues][];
                for (int q = 0; q < queues; q++) {
                    packets[q] = contents[q] < 0 ? new int[0] : new int[] {contents[q]};
                }
                long[] s = layout.encode(packets, null);
                long[] canon = new long[layout.words];
                long[] scratch = new long[layout.words];
                int fixed = sym.canonicalize(s, 0, canon, 0, scratch);
                Set<List<Long>> images = new HashSet<>();
                long[] img = new long[layout.words];
                long[] c2 = new long[layout.words];
                for (int g = 0; g < sym.order(); g++) {
                    sym.apply(g, s, 0, img, 0);
                    images.add(Arrays.stream(img).boxed().toList());
                    sym.canonicalize(img, 0, c2, 0, scratch);
                    assertThat(c2).isEqualTo(canon);
                }
                assertThat(images).contains(Arrays.stream(canon).boxed().toList());
                assertThat(sym.orbitSize(s, 0, scratch)).isEqualTo(images.size()).isEqualTo(sym.order() / fixed);
                assertThat(layout.decode(img, 0).packets()).isNotNull();
                assertThat(sym.mapping(s, canon)).isGreaterThanOrEqualTo(0);
            });
    }

    /**
     * On a bidirectional torus with odd radix DOR has no distance ties, so the reflection of
     * each dimension joins the translations; reduced and unreduced searches agree exactly on
     * the bidirectional ring specs (a pass and a counterexample, traces replayed) and on the
     * 3x3 torus whose traffic keeps only the reflection of dimension 1.
     */
    @Test
    void reflectionsJoinTheTranslationsOnBidirectionalToriWithOddRadix() throws Exception {
        Symmetry t33 = symmetryOf(Models.torus(new int[] {3, 3}, true, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0));
        assertThat(t33.order()).isEqualTo(36);
        assertThat(t33.note()).isEqualTo("translations x reflections in d0, d1: order 36");
        assertThat(symmetryOf(Models.torus(new int[] {5}, true, 1, 1, RuleKind.VCT, 0)).order()).isEqualTo(10);
        assertThat(symmetryOf(Models.torus(new int[] {5}, true, 1, 2, RuleKind.LOCALIZED_BUBBLE, 0)).order()).isEqualTo(10);
        Symmetry neighbor = symmetryOf(SpecReader.read(Path.of("specs/torus3x3-bidir-neighbor-theoretical-bubble.yaml")).model());
        assertThat(neighbor.order()).isEqualTo(18);
        assertThat(neighbor.note()).contains("of 36").contains("traffic");
        for (String name : List.of("ring3-bidir-c1-theoretical-bubble", "ring3-bidir-c1-vct", "ring5-bidir-c1-theoretical-bubble",
            "ring5-bidir-c1-vct", "torus3x3-bidir-neighbor-theoretical-bubble")) {
            Spec spec = SpecReader.read(Path.of("specs/" + name + ".yaml"));
            ExplorationResult plain = new Explorer(spec.model(), spec.effectiveProperties(), Limits.defaults(), false).run();
            ExplorationResult sym = new Explorer(spec.model(), spec.effectiveProperties(), Limits.defaults(), false)
                .threads(2).symmetry(true).run();
            assertThat(plain.complete()).as(name).isTrue();
            assertThat(sym.symmetry()).as(name).contains("reflections");
            assertThat(sym.symmetryOrder()).as(name).isEqualTo(name.startsWith("ring3") ? 6 : name.startsWith("ring5") ? 10 : 18);
            ParallelSearchTest.assertSameSearch(plain, sym, name);
            assertThat(sym.orbits()).as(name).isLessThan(sym.states());
        }
    }

    /**
     * A mesh has no translations, but the reflection {@code x -> k-1-x} of each dimension,
     * which DOR respects at every radix: the group is the reflections alone, and reduced and
     * unreduced searches agree exactly (1,296 states on the 2x2 mesh, 14,400 on the 5-line).
     */
    @Test
    void meshesAreReducedByTheirReflections(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        for (String radix : List.of("[2, 2]", "[4]", "[5]")) {
            Path file = dir.resolve("mesh.yaml");
            Files.writeString(file, "name: mesh\ntopology: {kind: mesh, radix: " + radix + "}\nrouting: dor\nvcs: 1\n"
                + "capacity: 1\nrule: vct\ntraffic: all-pairs\n");
            Spec spec = SpecReader.read(file);
            Symmetry group = symmetryOf(spec.model());
            int order = radix.contains(",") ? 4 : 2;
            assertThat(group.order()).as(radix).isEqualTo(order);
            assertThat(group.note()).as(radix).startsWith("reflections in d0");
            ExplorationResult plain = new Explorer(spec.model(), spec.effectiveProperties(), Limits.defaults(), false).run();
            ExplorationResult sym = new Explorer(spec.model(), spec.effectiveProperties(), Limits.defaults(), false)
                .threads(2).symmetry(true).run();
            assertThat(plain.complete()).as(radix).isTrue();
            ParallelSearchTest.assertSameSearch(plain, sym, radix);
            assertThat(sym.symmetryOrder()).as(radix).isEqualTo(order);
            assertThat(sym.orbits()).as(radix).isLessThan(sym.states());
        }
        assertThat(SpecReader.read(Path.of("specs/mesh2x2-west-first.yaml")).model().routing().reflectionInvariant(0))
            .as("a turn model declares no reflection").isFalse();
    }

    /** Even radix: DOR sends the k/2 tie to +, which a reflection would turn into -, so no reflection is declared. */
    @Test
    void evenRadixWithDimensionOrderRoutingGetsNoReflection() {
        Symmetry ring4 = symmetryOf(Models.torus(new int[] {4}, true, 1, 1, RuleKind.VCT, 0));
        assertThat(ring4.order()).isEqualTo(4);
        assertThat(ring4.note()).contains("no reflections").contains("dor declares none in d0");
        // 3x2: dimension 0 (odd) is reflected, dimension 1 (even) is not
        Symmetry t32 = symmetryOf(Models.torus(new int[] {3, 2}, true, 1, 1, RuleKind.VCT, 0));
        assertThat(t32.order()).isEqualTo(12);
        assertThat(t32.note()).isEqualTo("translations x reflections in d0: order 12");
        // unidirectional tori have no reflection (it would reverse the channels); dateline and CBS declare none
        assertThat(symmetryOf(Models.torus(new int[] {3, 3}, false, 1, 1, RuleKind.VCT, 0)).order()).isEqualTo(9);
        assertThat(symmetryOf(Models.torus(new int[] {5}, true, 1, 1, RuleKind.CRITICAL_BUBBLE, 1)).order()).isEqualTo(1);
    }

    /**
     * A dateline reads where a channel is, so no translation but the identity keeps it; on a
     * bidirectional torus of odd radix the reflections {@code x -> k-1-x} map the wrap-around
     * channel going up onto the one going down, and the rule respects them
     * ({@link flowproof.rule.Dateline#respects}): order 2 per dimension, found among the
     * translations x reflections and checked like any other. Reduced and unreduced searches
     * agree exactly on the bidirectional 5-ring (236,196 states) and 3-ring.
     */
    @Test
    void datelineToriKeepTheReflectionsThatMapTheirDatelinesOntoThemselves() {
        Symmetry t33 = symmetryOf(Models.torus(new int[] {3, 3}, true, 2, 1, RuleKind.DATELINE, 0));
        assertThat(t33.order()).isEqualTo(4);
        assertThat(t33.note()).isEqualTo("translations x reflections in d0, d1: order 4 (of 36; the others move the"
            + " rule dateline's special channels)");
        // unidirectional: no reflections, and every translation moves the datelines
        Symmetry uni = symmetryOf(Models.torus(new int[] {3, 3}, false, 2, 1, RuleKind.DATELINE, 0));
        assertThat(uni.order()).isEqualTo(1);
        assertThat(uni.note()).isEqualTo("off: rule dateline declares no translation symmetry");
        // even radix: DOR declares no reflection
        assertThat(symmetryOf(Models.torus(new int[] {4, 4}, true, 2, 1, RuleKind.DATELINE, 0)).order()).isEqualTo(1);
        for (int[] radix : List.of(new int[] {5}, new int[] {3})) {
            Model m = Models.torus(radix, true, 2, 1, RuleKind.DATELINE, 0);
            var props = Explorer.defaultProperties(m.rule());
            ExplorationResult plain = new Explorer(m, props, Limits.defaults(), false).run();
            ExplorationResult sym = new Explorer(m, props, Limits.defaults(), false).threads(2).symmetry(true).run();
            String name = Arrays.toString(radix);
            assertThat(plain.complete()).as(name).isTrue();
            assertThat(sym.symmetryOrder()).as(name).isEqualTo(2);
            ParallelSearchTest.assertSameSearch(plain, sym, name);
            assertThat(sym.orbits()).as(name).isLessThan(sym.states());
        }
    }

    /** A routing function that claims reflection invariance it lacks (DOR's + tie at even radix) is caught. */
    @Test
    void aFalseReflectionClaimThrows() {
        Model m = Models.torus(new int[] {4}, true, 1, 1, RuleKind.VCT, 0);
        RoutingFunction dor = new DimensionOrderRouting((Torus) m.network().topology());
        RoutingFunction lying = new RoutingFunction() {
            @Override
            public int candidates(int node, int inChannel, int header, int[] out) {
                return dor.candidates(node, inChannel, header, out);
            }

            @Override
            public int maxCandidates() {
                return dor.maxCandidates();
            }

            @Override
            public int distance(int node, int destination) {
                return dor.distance(node, destination);
            }

            @Override
            public boolean minimal() {
                return true;
            }

            @Override
            public String name() {
                return "dor-claiming-reflections";
            }

            @Override
            public int headers() {
                return dor.headers();
            }

            @Override
            public boolean translationInvariant() {
                return true;
            }

            @Override
            public boolean reflectionInvariant(int dimension) {
                return true;
            }
        };
        Model bad = new Model(m.network(), lying, m.rule(), m.traffic());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> symmetryOf(bad))
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("reflect d0");
    }

    @Test
    void compactCodecRoundTripsAndFitsOneWordOnTheThreeByThreeTorus() {
        Model m = Models.torus(new int[] {3, 3}, false, 1, 1, RuleKind.THEORETICAL_BUBBLE, 0);
        StateLayout layout = new StateLayout(m.network(), false, m.routing().headers());
        CompactCodec codec = CompactCodec.of(layout, m.routing().headers());
        assertThat(layout.words).isEqualTo(2);
        assertThat(codec.words).isEqualTo(1);
        Model cbs = Models.ring(5, 1, 2, RuleKind.CRITICAL_BUBBLE);
        StateLayout cl = new StateLayout(cbs.network(), true, cbs.routing().headers());
        CompactCodec cc = CompactCodec.of(cl, cbs.routing().headers());
        int queues = cbs.network().queues();
        qt().withExamples(300).forAll(Generate.intArrays(Generate.constant(queues * 3), Generate.range(0, 5)))
            .checkAssert(v -> {
                int[][] packets = new int[queues][];
                int[] marks = new int[queues];
                for (int q = 0; q < queues; q++) {
                    int occ = v[3 * q] % 3;
                    int a = v[3 * q + 1] % 5;
                    int b = v[3 * q + 2] % 5;
                    packets[q] = occ == 0 ? new int[0] : occ == 1 ? new int[] {a} : new int[] {a, b};
                    marks[q] = v[3 * q + 2] % 3;
                }
                long[] s = cl.encode(packets, marks);
                long[] code = new long[cc.words];
                cc.encode(s, 0, code, 0);
                for (long word : code) {
                    assertThat(word).isBetween(0L, CompactCodec.WORD_LIMIT - 1);
                }
                long[] back = new long[cl.words];
                cc.decode(code, 0, back, 0);
                assertThat(back).isEqualTo(s);
            });
    }
}
