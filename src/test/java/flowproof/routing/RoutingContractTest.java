package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.topology.Torus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RoutingContract} over every routing function of every spec in specs/ (every built-in, on
 * the topologies it is used on, up to 64 routers), as JGraphT runs one test case over every
 * implementation; and a plugin whose {@code minimal()} is false is refused the claim.
 */
class RoutingContractTest {

    @TempDir
    Path dir;

    static Stream<Path> specs() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("specs"))) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void everyBuiltInRoutingKeepsTheContract(Path file) throws Exception {
        Spec s = SpecReader.read(file);
        if (s.topology().nodes() <= 64) {
            assertThat(RoutingContract.violations(s.routing(), s.topology(), s.pairs())).as(s.routing().name()).isEmpty();
        }
    }

    @Test
    void aRoutingThatLeavesFromAnotherRouterOrDeclaresMinimalFalselyBreaksIt() {
        Torus ring = Torus.torus(new int[] {4}, true);
        DimensionOrderRouting dor = new DimensionOrderRouting(ring);
        RoutingFunction wrongChannel = new Delegate(dor) {
            @Override
            public int candidates(int node, int inChannel, int header, int[] out) {
                int n = super.candidates(node, inChannel, header, out);
                out[0] = ring.channel((node + 1) % 4, 0, 1);
                return n;
            }
        };
        assertThat(RoutingContract.violations(wrongChannel, ring)).extracting(RoutingContract.Violation::check)
            .contains("candidates");
        assertThatThrownBy(() -> RoutingContract.check(wrongChannel, ring)).isInstanceOf(AssertionError.class)
            .hasMessageContaining("breaks the routing contract").hasMessageContaining("which does not leave 0");
        RoutingFunction detour = new Delegate(dor) {
            @Override
            public int candidates(int node, int inChannel, int header, int[] out) {
                // one step back when one step ahead would arrive, else one ahead: it can circle, and it
                // claims minimal()
                out[0] = ring.channel(node, 0, Math.floorMod(header - node, 4) == 1 ? -1 : 1);
                return 1;
            }
        };
        assertThat(RoutingContract.falseMinimal(detour, ring)).isNotNull();
        assertThat(CheckedRouting.of(detour, ring).minimal()).isFalse();
        assertThat(CheckedRouting.refusedClaims(CheckedRouting.of(detour, ring))).singleElement().asString()
            .contains("declares minimal(), but");
        // an honest function is left as it is
        assertThat(CheckedRouting.of(dor, ring)).isSameAs(dor);
        // routes too many to follow: the claim is not checked, so it is not relied on
        Torus big = Torus.torus(new int[] {16, 16}, true);
        RoutingFunction unchecked = new Delegate(new DimensionOrderRouting(big));
        assertThat(RoutingContract.falseMinimal(unchecked, big)).isNotNull().extracting(RoutingContract.Violation::detail)
            .asString().contains("too many to check");
        assertThat(CheckedRouting.of(unchecked, big).minimal()).isFalse();
        assertThat(RoutingContract.violations(dor, ring)).isEmpty();
    }

    @Test
    void aPluginThatDeclaresMinimalFalselyIsRefusedTheClaimInEveryEngine() throws IOException {
        Path f = Files.writeString(dir.resolve("ping-pong.yaml"), "name: ping-pong\ntopology: {kind: ring, radix: [4],"
            + " bidirectional: true}\ncapacity: 1\nrule: vct\nrouting: {class: example.plugins.PingPongRouting}\n");
        String refused = "example.plugins.PingPongRouting (ping-pong) declares minimal(), but a packet can circle: at 1"
            + " from 0-d0+->1 for 2 => at 0 from 1-d0-->0 for 2 => (back to the first); the engines treat it as"
            + " non-minimal";
        for (String cmd : List.of("check", "prove", "explore")) {
            StringWriter out = new StringWriter();
            int code = Main.run(new String[] {cmd, f.toString(), "--no-save"}, new PrintWriter(out, true),
                new PrintWriter(new StringWriter(), true));
            assertThat(code).as(cmd + ": " + out).isEqualTo(Main.VIOLATION);
            assertThat(out.toString()).as(cmd).contains("claim refused  " + refused);
        }
        StringWriter cdg = new StringWriter();
        Main.run(new String[] {"cdg", f.toString()}, new PrintWriter(cdg, true), new PrintWriter(new StringWriter(), true));
        assertThat(cdg.toString()).contains("claim refused: " + refused);
    }

    /** A routing function that forwards every method to another. */
    private static class Delegate implements RoutingFunction {
        final RoutingFunction r;

        Delegate(RoutingFunction r) {
            this.r = r;
        }

        @Override
        public int candidates(int node, int inChannel, int header, int[] out) {
            return r.candidates(node, inChannel, header, out);
        }

        @Override
        public int maxCandidates() {
            return r.maxCandidates();
        }

        @Override
        public int distance(int node, int destination) {
            return r.distance(node, destination);
        }

        @Override
        public boolean minimal() {
            return r.minimal();
        }

        @Override
        public String name() {
            return r.name();
        }

        @Override
        public int headers() {
            return r.headers();
        }
    }
}
