package flowproof.cli;

import static flowproof.cli.CliRun.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code flowproof compare} and the {@code --control} options of simulate and sweep, end to end. */
class CompareCliTest {

    @TempDir
    Path dir;



    private Path spec(String control) throws Exception {
        Path f = dir.resolve("cbs.yaml");
        Files.writeString(f, """
            name: cbs4
            topology: {kind: torus, radix: [4, 4], bidirectional: true}
            routing: dor
            vcs: 1
            rule: critical-bubble
            simulation:
              switching: vct
              buffer: 32
              packet-size: 8
              traffic: uniform
              load: 0.2
              cycles: 3000
              warmup: 1000
            """ + (control == null ? "" : "  control: " + control + "\n"));
        return f;
    }

    @Test
    void comparesSchemesSideBySide() throws Exception {
        Path png = dir.resolve("cmp.png");
        Path csv = dir.resolve("cmp.csv");
        CliRun r = run("compare", spec("{kind: cbs-global, bubbles: 3}"), "--schemes", "cbs,cbs-global,best-local(slots=3)",
            "--loads", "0.1:0.7:0.3", "--png", png, "--csv", csv);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("cbs-global(bubbles=3)").contains("summary").contains("0.700");
        assertThat(Files.size(png)).isPositive();
        assertThat(r.out()).contains("best-local(slots=3)");
        assertThat(Files.readAllLines(csv)).hasSize(1 + 3 * 3);
        CliRun j = run("compare", spec(null), "--schemes", "none,alo", "--loads", "0.1:0.2:0.1", "--json");
        assertThat(j.code()).as(j.err()).isZero();
        JsonNode o = new ObjectMapper().readTree(j.out());
        assertThat(o.get("schemes")).hasSize(2);
        assertThat(o.get("schemes").get(1).get("scheme").asText()).isEqualTo("alo");
        assertThat(o.get("schemes").get(1).get("runs").get(0).get("control").asText()).isEqualTo("alo");
    }

    @Test
    void badSchemeIsOneLine() throws Exception {
        CliRun r = run("compare", spec(null), "--schemes", "none,tuna", "--loads", "0.1:0.2:0.1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n").contains("cbs.yaml: --schemes: expected schemes among none, ")
            .endsWith("found tuna");
        CliRun d = run("compare", spec(null), "--schemes", "none,none", "--loads", "0.1:0.2:0.1");
        assertThat(d.code()).isEqualTo(2);
        assertThat(d.err()).contains("--schemes: expected distinct scheme names");
        CliRun s = run("simulate", spec(null), "--control", "tuna");
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.err().strip()).contains("cbs.yaml: --control: expected schemes among none, ");
        CliRun inline = run("compare", spec(null), "--schemes", "none,best-local(slots=9)", "--loads", "0.1:0.2:0.1");
        assertThat(inline.code()).isEqualTo(2);
        assertThat(inline.err().strip()).endsWith("cbs.yaml: --schemes best-local(slots=9) (simulation.control.slots): "
            + "expected a whole number in [2, 4], found 9");
        CliRun bad = run("simulate", spec("{kind: static-threshold, threshold: -2}"));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).isEqualTo(dir.resolve("cbs.yaml")
            + ": simulation.control.threshold: expected a whole number in [0, 64], found -2");
    }

    @Test
    void simulateShowsAndDrawsTheControlState() throws Exception {
        Path png = dir.resolve("series.png");
        CliRun r = run("simulate", spec(null), "--control", "static-threshold", "--control-series", png, "--load", "0.6");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("control   static-threshold");
        assertThat(Files.size(png)).isPositive();
        CliRun j = run("simulate", spec(null), "--control", "static-threshold", "--json");
        JsonNode o = new ObjectMapper().readTree(j.out());
        assertThat(o.get("controlSeries").get("t")).hasSize(30);
        assertThat(o.get("controlSeries").get("threshold").get(0).asDouble()).isEqualTo(5.0);
        CliRun sw = run("sweep", spec(null), "--control", "cbs", "--loads", "0.1:0.2:0.1");
        assertThat(sw.code()).as(sw.err()).isZero();
        assertThat(sw.out()).contains("control cbs");
    }
}
