package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.cli.papers.Claim;
import flowproof.cli.papers.ClaimReader;
import flowproof.cli.papers.CommandLines;
import flowproof.cli.papers.Measured;
import flowproof.cli.papers.Renderer;
import flowproof.cli.papers.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The committed claims and their measured values (docs/reproduce.md), checked without running
 * anything: every claim file parses, every run is a valid command line on existing specs, every
 * selector has a value, every claim not reproduced names its cause, and docs/results.md and the
 * claims' tables are what {@code reproduce --render-only} renders from them.
 */
class PapersDocsTest {

    private static final Path CLAIMS = Path.of("specs", "papers");
    private static final Path OUT = Path.of("docs", "results", "papers");
    private static final String REGENERATE = "out of date: regenerate with ./flowproof reproduce --render-only "
        + "(or re-run the claim: ./flowproof reproduce ID)";

    private static List<Claim> claims;
    private static Measured measured;

    @BeforeAll
    static void read() throws Exception {
        claims = ClaimReader.readAll(CLAIMS);
        measured = Measured.read(OUT.resolve("measured.json"));
    }

    @Test
    void thereAreClaimsForEveryPaperFolder() {
        assertThat(claims).isNotEmpty();
        assertThat(claims).allSatisfy(c -> assertThat(c.folder()).matches(c.paper() + "-[a-z0-9-]+"));
    }

    @Test
    void everyRunIsAValidCommandLineOnExistingSpecs() {
        ReproduceCommand.CliCommands commands = new ReproduceCommand.CliCommands();
        SoftAssertions soft = new SoftAssertions();
        for (Claim c : claims) {
            for (Map.Entry<String, String> r : c.runs().entrySet()) {
                soft.assertThat(commands.invalid(CommandLines.split(r.getValue()))).as("%s: runs.%s", c.file(),
                    r.getKey()).isNull();
            }
        }
        soft.assertAll();
    }

    @Test
    void everyClaimIsMeasuredAndEverySelectorHasItsValue() {
        SoftAssertions soft = new SoftAssertions();
        for (Claim c : claims) {
            Measured.Entry m = measured.get(c.id());
            soft.assertThat(m).as("%s: not in %s (run ./flowproof reproduce %s)", c.file(), OUT.resolve("measured.json"),
                c.id()).isNotNull();
            if (m == null) {
                continue;
            }
            soft.assertThat(m.runs().keySet()).as("%s: runs measured", c.id()).isEqualTo(c.runs().keySet());
            for (Map.Entry<String, String> r : c.runs().entrySet()) {
                Measured.Run run = m.runs().get(r.getKey());
                soft.assertThat(run == null ? null : run.command()).as("%s: runs.%s changed since it was measured (re-run"
                    + " ./flowproof reproduce %s)", c.id(), r.getKey(), c.id()).isEqualTo(r.getValue());
            }
            if (m.notRun() != null) {
                continue;
            }
            for (String sel : c.selectors()) {
                soft.assertThat(m.values()).as("%s: selector %s not in measured.json (re-run ./flowproof reproduce"
                    + " %s)", c.id(), sel, c.id()).containsKey(sel);
            }
        }
        soft.assertAll();
    }

    @Test
    void everyClaimNotReproducedNamesItsCause() {
        for (Claim c : claims) {
            Status s = Status.of(c, measured.get(c.id()));
            if (s != Status.REPRODUCED) {
                assertThat(c.cause()).as("%s is %s: cause: expected the cause of the gap found by measurement",
                    c.file(), s).isNotBlank();
            }
        }
    }

    @Test
    void resultsAndTablesAreUpToDate() throws Exception {
        String results = Files.readString(Path.of("docs", "results.md"));
        assertThat(results).as("docs/results.md: " + REGENERATE)
            .isEqualTo(Renderer.replaceSection(results, Renderer.section(claims, measured)));
        for (Claim c : claims) {
            Measured.Entry m = measured.get(c.id());
            Path page = OUT.resolve(c.id() + ".md");
            assertThat(page).as(REGENERATE).exists();
            assertThat(Files.readString(page)).as(page + ": " + REGENERATE).isEqualTo(Renderer.page(c, m));
            if (c.figure() != null && m != null && m.notRun() == null) {
                assertThat(OUT.resolve("img").resolve(c.id() + ".png")).as(REGENERATE).exists();
            }
        }
    }
}
