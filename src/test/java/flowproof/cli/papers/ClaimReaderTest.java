package flowproof.cli.papers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The claim format of docs/reproduce.md: what the reader accepts, its one-line errors, selectors and statuses. */
class ClaimReaderTest {

    @TempDir
    Path dir;

    private static final String GOOD = """
        id: demo
        paper: "004"
        source: Fig. 1
        claim: the paper says 2x
        quick: true
        runs:
          a: ./flowproof simulate specs/sim/torus8x8-dateline.yaml --load 0.2
          b: compare specs/sim/torus8x8-dateline.yaml --schemes "none,alo" --loads 0.1:0.2:0.1
        rows:
          - {label: ratio, paper: 2.0, value: "a:accepted / b:schemes[0].runs[load=0.1].accepted", holds: within 10%}
          - {label: qualitative, paper: null, value: "a:latency.mean", holds: "> 1"}
        figure:
          runs: [b]
          paper:
            - {name: paper, panel: latency, points: [[0.1, 20], [0.2, 30]]}
        cause: measured
        evidence:
          - {label: shown, value: "mean(a:accepted, a:offered)"}
        """;

    private Path write(String folder, String name, String text) throws Exception {
        Path f = dir.resolve(folder).resolve(name + ".yaml");
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
        return f;
    }

    @Test
    void readsEveryField() throws Exception {
        Claim c = ClaimReader.read(write("004-cbs", "demo", GOOD));
        assertThat(c.id()).isEqualTo("demo");
        assertThat(c.paper()).isEqualTo("004");
        assertThat(c.folder()).isEqualTo("004-cbs");
        assertThat(c.quick()).isTrue();
        assertThat(c.runs()).containsEntry("a", "simulate specs/sim/torus8x8-dateline.yaml --load 0.2");
        assertThat(CommandLines.split(c.runs().get("b"))).containsExactly("compare", "specs/sim/torus8x8-dateline.yaml",
            "--schemes", "none,alo", "--loads", "0.1:0.2:0.1");
        assertThat(c.rows()).hasSize(2);
        assertThat(c.rows().get(0).value().selectors()).containsExactly("a:accepted",
            "b:schemes[0].runs[load=0.1].accepted");
        assertThat(c.rows().get(1).paper()).isNull();
        assertThat(c.figure().paper().get(0).latency()).isTrue();
        assertThat(c.cause()).isEqualTo("measured");
        assertThat(c.evidence().get(0).label()).isEqualTo("shown");
        assertThat(c.selectors()).endsWith("a:accepted", "a:offered");
    }

    private void rejects(String folder, String name, String text, String expected) throws Exception {
        Path f = write(folder, name, text);
        assertThatThrownBy(() -> ClaimReader.read(f)).isInstanceOf(ClaimException.class)
            .hasMessage(f + ": " + expected).satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void eachMistakeIsOneLineNamingFileFieldExpectedAndFound() throws Exception {
        rejects("004-cbs", "other", GOOD, "id: expected the file name without .yaml (other), lower-case letters, "
            + "digits, '-' and '.', found demo");
        rejects("003-cbcm", "demo", GOOD, "paper: expected the number of the claim's folder NNN-short (003-cbcm), found "
            + "004");
        rejects("004-cbs", "demo", GOOD.replace("within 10%", "about 2"), "rows[0].holds: expected " + Holds.SYNTAX
            + ", found about 2");
        rejects("004-cbs", "demo", GOOD.replace("holds: \"> 1\"", "holds: within 5%"), "rows[1].holds: expected a "
            + "relation such as '> 1.5' (the row has no paper number, so no tolerance around it), found within 5%");
        rejects("004-cbs", "demo", GOOD.replace("a:latency.mean", "c:latency.mean"), "rows[1].value: expected "
            + Value.SYNTAX + " over the runs [a, b], found c:latency.mean");
        rejects("004-cbs", "demo", GOOD.replace("paper: null, ", ""), "rows[1].paper: expected the paper's number, or "
            + "null when it gives none, found nothing");
        rejects("004-cbs", "demo", GOOD.replace("quick: true", "quick: yes please"), "quick: expected true or false, "
            + "found \"yes please\"");
        rejects("004-cbs", "demo", GOOD.replace("cause: measured", "status: reproduced"), "status: expected one of "
            + "[cause, claim, evidence, figure, id, paper, quick, rows, runs, source], found an unknown field");
        rejects("004-cbs", "demo", GOOD.replace("--load 0.2", "--load 0.2 --json"), "runs.a: expected a command line "
            + "without --json (reproduce adds it), found simulate specs/sim/torus8x8-dateline.yaml --load 0.2 --json");
        rejects("004-cbs", "demo", GOOD.replace("runs: [b]", "runs: [c]"), "figure.runs: expected names of this "
            + "claim's runs [a, b], found \"c\"");
        rejects("004-cbs", "demo", GOOD.replace("[0.2, 30]", "[0.2]"), "figure.paper[0].points[1]: expected a pair "
            + "[offered, value] of numbers, found [0.2]");
        rejects("004-cbs", "demo", "id: [", "file: expected YAML, found while parsing a flow node (line 1, column 6)");
    }

    @Test
    void twoFilesWithOneIdAreRefused() throws Exception {
        write("004-cbs", "demo", GOOD);
        Path second = write("004-more", "demo", GOOD);
        assertThatThrownBy(() -> ClaimReader.readAll(dir)).hasMessageStartingWith(second + ": id: expected an id no "
            + "other claim file has, found demo");
    }

    @Test
    void conditions() {
        assertThat(Holds.parse("within 10%").test(1.09, 1.0)).isTrue();
        assertThat(Holds.parse("within 10%").test(1.11, 1.0)).isFalse();
        assertThat(Holds.parse("> 1.5").test(1.5, null)).isFalse();
        assertThat(Holds.parse(">= 1.5").test(1.5, null)).isTrue();
        assertThat(Holds.parse("< 0").test(-1, null)).isTrue();
        assertThat(Holds.parse("<= 0").test(0.1, null)).isFalse();
        assertThat(Holds.parse("between 0.9 and 1.1").test(1.0, null)).isTrue();
        assertThat(Holds.parse("between 0.9 and 1.1").test(Double.NaN, null)).isFalse();
        assertThat(Holds.parse("between 2 and 1")).isNull();
        assertThat(Holds.parse("about 2")).isNull();
        assertThat(Holds.parse("within 12.5%")).hasToString("within 12.5%");
    }

    @Test
    void selectorsWalkTheJson() throws Exception {
        var json = new ObjectMapper().readTree("""
            {"schemes": [{"scheme": "cbs", "runs": [{"load": 0.1, "accepted": 0.09}, {"load": 0.5, "accepted": 0.3,
             "latency": {"mean": null}}]}], "drained": true}
            """);
        assertThat(Value.resolve("r:schemes[scheme=cbs].runs[load=0.5].accepted", json).asDouble()).isEqualTo(0.3);
        assertThat(Value.resolve("r:schemes[0].runs[1].latency.mean", json).isNull()).isTrue();
        assertThat(Value.resolve("r:schemes[scheme=none].runs[0]", json)).isNull();
        assertThat(Value.resolve("r:schemes[3]", json)).isNull();
        assertThat(Value.path("[0].x")).isNull();
        assertThat(Value.parse("r:drained", Set.of("r"))).isNotNull();
        Value ratio = Value.parse("r:a / r:b", Set.of("r"));
        Value diff = Value.parse("r:a - r:b", Set.of("r"));
        Map<String, Double> vs = new LinkedHashMap<>();
        vs.put("r:a", 3.0);
        vs.put("r:b", 2.0);
        assertThat(ratio.of(vs)).isEqualTo(1.5);
        assertThat(diff.of(vs)).isEqualTo(1.0);
        Value mean = Value.parse("mean(r:a, r:b) / r:b", Set.of("r"));
        assertThat(mean.selectors()).containsExactly("r:a", "r:b", "r:b");
        assertThat(mean.of(vs)).isEqualTo(1.25);
        vs.put("r:b", null);
        assertThat(ratio.of(vs)).isNaN();
        assertThat(mean.of(vs)).isNaN();
        assertThat(Value.resolve("r:schemes[0].runs[*].accepted", json).asDouble()).isCloseTo(0.195,
            org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Value.resolve("r:schemes[0].runs[*].latency.mean", json)).isNull();
        assertThat(Value.resolve("r:schemes[*].runs[1].latency.mean", json).isNull()).isTrue();
        var flags = new ObjectMapper().readTree("{\"runs\": [{\"drained\": true}, {\"drained\": false}]}");
        assertThat(Value.resolve("r:runs[*].drained", flags).asDouble()).isEqualTo(0.5);
    }

    @Test
    void statusIsComputedFromTheRows() throws Exception {
        Claim c = ClaimReader.read(write("004-cbs", "demo", GOOD));
        Map<String, Double> vs = new LinkedHashMap<>();
        vs.put("a:accepted", 0.2);
        vs.put("b:schemes[0].runs[load=0.1].accepted", 0.1);
        vs.put("a:latency.mean", 30.0);
        Measured.Entry all = new Measured.Entry(Map.of(), vs, List.of(), null);
        assertThat(Status.of(c, all)).isEqualTo(Status.REPRODUCED);
        vs.put("a:latency.mean", null);
        assertThat(Status.of(c, all)).isEqualTo(Status.PARTLY);
        vs.put("a:accepted", 0.1);
        assertThat(Status.of(c, all)).isEqualTo(Status.NOT_REPRODUCED);
        assertThat(Status.of(c, new Measured.Entry(Map.of(), vs, List.of(), "run a exited with 2"))).isEqualTo(
            Status.NOT_RUN);
        assertThat(Status.of(c, null)).isEqualTo(Status.NOT_RUN);
    }

    @Test
    void measuredValuesSurviveTheFile() throws Exception {
        Measured m = new Measured();
        Map<String, Double> vs = new LinkedHashMap<>();
        vs.put("a:x", 0.25);
        vs.put("a:y", null);
        m.put("demo", new Measured.Entry(Map.of("a", new Measured.Run("simulate s", 1L, "flowproof 0.1.0", "abc", 1.25,
            0)), vs, List.of(new Measured.Curve("a", "none", new double[] {0.1}, new double[] {0.1},
            new double[] {Double.NaN})), null));
        Path f = dir.resolve("m.json");
        Files.writeString(f, m.toJson());
        Measured back = Measured.read(f);
        assertThat(back.get("demo").values()).isEqualTo(vs);
        assertThat(back.get("demo").runs().get("a").seed()).isEqualTo(1L);
        assertThat(back.get("demo").curves().get(0).latency()[0]).isNaN();
        assertThat(back.toJson()).isEqualTo(m.toJson());
    }
}
