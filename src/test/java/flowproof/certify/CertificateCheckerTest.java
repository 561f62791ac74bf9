package flowproof.certify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Certificates (issue 44): every spec in specs/ that check proves by an acyclic full dependency graph
 * gets a certificate the independent checker accepts; corrupted certificates (a reversed or swapped
 * numbering, a dropped queue, a spec whose routing closes a cycle) are rejected, and {@code certify}
 * exits 70 on them, never 0.
 */
class CertificateCheckerTest {

    @TempDir
    Path dir;

    private static int run(StringWriter out, String... args) {
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
    }

    private JsonNode certificate(String spec) throws IOException {
        Path c = dir.resolve(Path.of(spec).getFileName() + ".cert.json");
        StringWriter out = new StringWriter();
        int code = run(out, "check", spec, "--certificate", c.toString(), "--counterexamples", dir.toString());
        assertThat(code).as(spec).isZero();
        return new ObjectMapper().readTree(Files.readString(c));
    }

    @Test
    void everyProofByAnAcyclicGraphInSpecsHasACertificateTheCheckerAccepts() throws IOException {
        List<String> certified = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("specs"))) {
            for (Path p : s.filter(x -> x.toString().endsWith(".yaml")).sorted().toList()) {
                if (!Files.readString(p).contains("\nexpect: proved")) {
                    continue;
                }
                Path c = dir.resolve(p.getFileName() + ".cert.json");
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int code = Main.run(new String[] {"check", p.toString(), "--certificate", c.toString(),
                    "--counterexamples", dir.toString()}, new PrintWriter(out, true), new PrintWriter(err, true));
                if (!Files.exists(c)) {
                    // proved otherwise (cp-sat, Duato) or not covered: said in one line, never a certificate
                    assertThat(err.toString()).as(p.toString()).startsWith("--certificate: no certificate yet");
                    continue;
                }
                assertThat(code).as(p.toString()).isZero();
                CertificateChecker.Result r = CertificateChecker.check(new ObjectMapper().readTree(Files.readString(c)));
                assertThat(r.valid()).as(p + ": " + r.message()).isTrue();
                assertThat(r.dependencies()).isPositive();
                certified.add(p.getFileName().toString());
            }
        }
        assertThat(certified).hasSizeGreaterThanOrEqualTo(30).contains("mesh4x4-west-first-nonminimal.yaml");
    }

    @Test
    void corruptedCertificatesAreRejected() throws IOException {
        JsonNode good = certificate("specs/mesh4x4-west-first.yaml");
        assertThat(CertificateChecker.check(good).valid()).isTrue();

        // the numbering reversed: every dependency now decreases it
        ObjectNode reversed = good.deepCopy();
        ObjectNode num = (ObjectNode) reversed.get("numbering");
        int n = num.size();
        for (Iterator<Map.Entry<String, JsonNode>> it = num.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            e.setValue(num.numberNode(n - e.getValue().asInt()));
        }
        CertificateChecker.Result r = CertificateChecker.check(reversed);
        assertThat(r.valid()).isFalse();
        assertThat(r.covered()).isTrue();
        assertThat(r.message()).contains("does not increase the numbering");

        // two queues with a dependency between them (straight on west, from (3,0) through (2,0)) swapped
        ObjectNode swapped = good.deepCopy();
        ObjectNode sn = (ObjectNode) swapped.get("numbering");
        String first = "(3,0)-d0-->(2,0) vc0";
        String second = "(2,0)-d0-->(1,0) vc0";
        assertThat(sn.get(first).asLong()).isLessThan(sn.get(second).asLong());
        JsonNode a = sn.get(first);
        sn.set(first, sn.get(second));
        sn.set(second, a);
        assertThat(CertificateChecker.check(swapped).valid()).as(first + " <-> " + second).isFalse();

        // a queue that holds packets dropped from the numbering
        ObjectNode dropped = good.deepCopy();
        ((ObjectNode) dropped.get("numbering")).remove(first);
        assertThat(CertificateChecker.check(dropped).message()).contains("has no number");

        // the same numbering for a routing that closes a cycle (every turn allowed)
        ObjectNode otherSpec = good.deepCopy();
        ((ObjectNode) otherSpec.get("spec")).putObject("routing").put("kind", "turns").putArray("forbid");
        assertThat(CertificateChecker.check(otherSpec).valid()).isFalse();

        // certify: 0 for the good one, 70 for each corrupted one, 3 for a kind it does not cover, 2 for junk
        Path g = dir.resolve("good.json");
        Files.writeString(g, good.toString());
        assertThat(run(new StringWriter(), "certify", g.toString())).isZero();
        for (JsonNode bad : List.of(reversed, swapped, dropped, otherSpec)) {
            Path b = dir.resolve("bad.json");
            Files.writeString(b, bad.toString());
            assertThat(run(new StringWriter(), "certify", b.toString())).isEqualTo(70);
        }
        ObjectNode unknown = good.deepCopy();
        unknown.put("kind", "cp-sat-inductive");
        Path u = dir.resolve("unknown.json");
        Files.writeString(u, unknown.toString());
        assertThat(run(new StringWriter(), "certify", u.toString())).isEqualTo(3);
        Path junk = dir.resolve("junk.json");
        Files.writeString(junk, "{not json");
        assertThat(run(new StringWriter(), "certify", junk.toString())).isEqualTo(2);
    }

    @Test
    void proofsByOtherMethodsSayTheyHaveNoCertificateYet() {
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"check", "specs/duato-torus3x3-dateline-escape.yaml", "--certificate",
            dir.resolve("c.json").toString(), "--counterexamples", dir.toString()}, new PrintWriter(new StringWriter(), true),
            new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").startsWith("--certificate: no certificate yet for a proof by"
            + " method duato");
        assertThat(dir.resolve("c.json")).doesNotExist();
    }

    @Test
    void verifyReChecksEveryProofAndNamesTheOnesItCannotCertifyYet() throws IOException {
        Path specs = dir.resolve("specs");
        Files.createDirectories(specs);
        for (String f : List.of("mesh4x4-west-first.yaml", "r2-ring4-c1-dateline.yaml", "duato-torus3x3-dateline-escape.yaml",
            "r1-ring4-c1-vct.yaml")) {
            Files.copy(Path.of("specs", f), specs.resolve(f));
        }
        StringWriter out = new StringWriter();
        int code = Main.run(new String[] {"verify", specs.toString(), "--certificates", "--counterexamples",
            dir.resolve("cx").toString()}, new PrintWriter(out, true), new PrintWriter(new StringWriter(), true));
        assertThat(code).as(out.toString()).isZero();
        assertThat(out.toString()).contains("certificates: 2 valid, 0 failed, 1 proofs the checker does not cover yet"
            + " (duato-torus3x3-dateline-escape)");
    }
}
