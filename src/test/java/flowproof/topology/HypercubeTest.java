package flowproof.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Verdict;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hypercube, a built-in added as a class with its factory and nothing else: the contract
 * every topology keeps, its spec form, and decisions on it by the routings of any network.
 */
class HypercubeTest {

    @TempDir
    Path dir;

    private Spec read(String yaml) throws IOException, SpecException {
        return SpecReader.read(Files.writeString(dir.resolve("spec.yaml"), yaml));
    }

    @Test
    void keepsTheTopologyContractAndNamesRoutersByTheirBits() {
        for (int n = 1; n <= 6; n++) {
            Hypercube h = new Hypercube(n);
            TopologyContract.check(h);
            assertThat(h.nodes()).isEqualTo(1 << n);
            assertThat(h.channels()).isEqualTo(n << n);
            for (int c = 0; c < h.channels(); c++) {
                // one bit differs, in the channel's dimension, and the reverse channel exists
                assertThat(Integer.bitCount(h.source(c) ^ h.target(c))).isEqualTo(1);
                assertThat(h.source(c) ^ h.target(c)).isEqualTo(1 << h.dimension(c));
                assertThat(h.channel(h.target(c), h.dimension(c), -h.direction(c))).isGreaterThanOrEqualTo(0);
            }
        }
        assertThat(new Hypercube(3).nodeName(6)).isEqualTo("110");
    }

    @Test
    void aSpecNamesItByKindAndGetsShortestPaths() throws Exception {
        Spec s = read("name: cube2\ntopology: {kind: hypercube, dimensions: 2}\ncapacity: 1\nrule: vct\n");
        assertThat(s.topology()).isInstanceOf(Hypercube.class);
        assertThat(s.routing().name()).isEqualTo("shortest-path");
        // a 2-cube is a bidirectional 4-ring: four packets two hops from home each wait for the next one's queue
        assertThat(new Explorer(s.model(), s.effectiveProperties(), Limits.defaults(), false).run().verdict())
            .isEqualTo(Verdict.COUNTEREXAMPLE);
        Spec oneHop = read("name: cube3-neighbours\ntopology: {kind: hypercube, dimensions: 3}\ncapacity: 1\nrule: vct\n"
            + "traffic: {pairs: [[\"000\", \"001\"], [\"001\", \"011\"], [\"011\", \"111\"]]}\n");
        assertThat(new Explorer(oneHop.model(), oneHop.effectiveProperties(), Limits.defaults(), false).run().verdict())
            .isEqualTo(Verdict.DEADLOCK_FREE);
    }

    @Test
    void mistakesAreOneLineNamingTheField() {
        assertThatThrownBy(() -> read("name: c\ntopology: {kind: hypercube, dimensions: 15}\ncapacity: 1\nrule: vct\n"))
            .isInstanceOf(SpecException.class).hasMessageEndingWith("topology.dimensions: expected 1 to 14 dimensions"
                + " (at most 16384 routers), found 15");
        assertThatThrownBy(() -> read("name: c\ntopology: {kind: hypercube}\ncapacity: 1\nrule: vct\n"))
            .hasMessageEndingWith("topology.dimensions: expected a positive integer, found nothing (the field is missing)");
        assertThatThrownBy(() -> read("name: c\ntopology: {kind: hypercube, dimensions: 2, radix: 2}\ncapacity: 1\n"
            + "rule: vct\n")).hasMessageEndingWith("topology.radix: expected one of the fields kind, dimensions, found an"
                + " unknown field");
        assertThatThrownBy(() -> read("name: c\ntopology: {kind: hypercube, dimensions: 2}\ncapacity: 1\n"
            + "rule: localized-bubble\n")).hasMessageEndingWith("rule: expected a rule that needs no rings on a hypercube"
                + " (vct, vc-per-hop), found localized-bubble");
    }
}
