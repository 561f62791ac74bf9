package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace pages of {@code report --html} in a real browser: headless Chromium (Debian package
 * {@code chromium}, installed by {@code .ci/run}) over its DevTools protocol. Skipped, with a
 * message, when no Chromium is on the PATH.
 */
class ReportBrowserTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path pages;

    private static HeadlessChromium browser;

    @BeforeAll
    static void start() throws Exception {
        var binary = HeadlessChromium.binary();
        assumeTrue(binary.isPresent(), "no chromium on the PATH (apt-get install chromium): the browser tests of the "
            + "trace pages are skipped");
        browser = new HeadlessChromium(binary.get(), 1300, 900);
    }

    @AfterAll
    static void stop() throws IOException {
        if (browser != null) {
            browser.close();
        }
    }

    private static List<Path> savedCounterexamples() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("counterexamples"))) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static Path page(Path counterexample) {
        return pages.resolve(counterexample.getFileName().toString().replaceAll("\\.json$", ".html"));
    }

    private static String text(String id) throws IOException {
        return browser.evaluate("document.getElementById('" + id + "').textContent").asText();
    }

    private static int count(String selector) throws IOException {
        return browser.evaluate("document.querySelectorAll(" + JSON.writeValueAsString(selector) + ").length").asInt();
    }

    @Test
    void everySavedCounterexampleShowsItsFinalStateWithoutAnError() throws Exception {
        List<Path> files = savedCounterexamples();
        assertThat(files).hasSizeGreaterThan(50);
        List<Object> args = new ArrayList<>(List.of("report", "--html", pages));
        args.addAll(files);
        CliRun r = CliRun.run(args.toArray());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        for (Path f : files) {
            JsonNode doc = JSON.readTree(f.toFile());
            int steps = doc.has("steps") ? doc.get("steps").size() : doc.get("length").asInt();
            Path html = page(f);
            browser.open(html.toUri().toString());
            assertThat(browser.errors()).as(f + ": errors in the page").isEmpty();
            assertThat(text("step")).as(f.toString()).contains(" " + doc.get("length").asInt() + " of "
                + doc.get("length").asInt());
            assertThat(count("svg#network g.queue")).as(f + ": a box per queue").isPositive();
            // the state the page shows at the end is the final state the check saved next to the trace
            String saved = Files.readString(Path.of(f.toString().replaceAll("\\.json$", ".txt")));
            String shown = text("state-text");
            assertThat(shown).as(f.toString()).isNotBlank();
            assertThat(saved).as(f + ": the final state shown is the one in the .txt").contains(shown);
            assertThat(text("final")).as(f.toString()).contains("is violated");
            assertThat(steps).isNotNegative();
        }
    }

    @Test
    void stepsThroughTheRingCounterexampleMoveByMove() throws Exception {
        Path f = Path.of("counterexamples/r1-ring4-c1-vct.stuck-freedom.json");
        CliRun r = CliRun.run("report", f, "--html", pages);
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        browser.open(page(f).toUri().toString());
        JsonNode moves = JSON.readTree(f.toFile()).get("moves");

        browser.press("Home", 36);
        assertThat(text("step")).isEqualTo("step 0 of 4 (initial state)");
        assertThat(count("svg#network rect.packet")).isZero();
        assertThat(count("svg#network g.queue")).isEqualTo(4);
        assertThat(browser.evaluate("document.getElementById('back').disabled").asBoolean()).isTrue();

        for (int i = 1; i <= 4; i++) {
            browser.press("ArrowRight", 39);
            JsonNode m = moves.get(i - 1);
            assertThat(text("step")).startsWith("step " + i + " of 4");
            assertThat(text("moves")).isEqualTo("inject " + m.get("node").asText() + " -> "
                + m.get("destination").asText() + " into " + m.get("to").asText());
            assertThat(text("verdict")).isEqualTo("admitted by the rule vct");
            assertThat(count("svg#network rect.packet")).as("packets after move " + i).isEqualTo(i);
            // the packet that moved is outlined, in the queue it entered, and only it
            assertThat(browser.evaluate("Array.from(document.querySelectorAll('svg#network g.queue.moved'))"
                + ".map(g => g.getAttribute('data-name'))").toString()).isEqualTo("[\"" + m.get("to").asText() + "\"]");
            assertThat(browser.evaluate("document.querySelector('svg#network rect.packet.moved').getAttribute('data-label')")
                .asText()).isEqualTo(m.get("destination").asText());
            assertThat(count("svg#network g.queue.on-cycle")).as("no cycle before the end").isEqualTo(i == 4 ? 4 : 0);
        }
        assertThat(text("step")).isEqualTo("step 4 of 4 (final state)");
        assertThat(text("cycle")).isEqualTo("waiting cycle: 0-d0+->1 vc0 => 1-d0+->2 vc0 => 2-d0+->3 vc0 => 3-d0+->0 vc0"
            + " => (back to the first)");
        assertThat(text("waits")).contains("0-d0+->1 vc0: head 2 waits: 1-d0+->2 vc0 refused (full)")
            .contains("3-d0+->0 vc0: head 1 waits: 0-d0+->1 vc0 refused (full)");
        assertThat(count("svg#network path.cycle-arrow")).isEqualTo(4);
        assertThat(browser.evaluate("document.getElementById('forward').disabled").asBoolean()).isTrue();

        browser.press("ArrowLeft", 37);
        assertThat(text("step")).isEqualTo("step 3 of 4");
        assertThat(text("final")).isEmpty();
        assertThat(count("svg#network rect.packet")).isEqualTo(3);
        browser.evaluate("document.getElementById('first').click()");
        assertThat(text("step")).isEqualTo("step 0 of 4 (initial state)");
        browser.evaluate("document.getElementById('last').click()");
        assertThat(text("step")).isEqualTo("step 4 of 4 (final state)");
        browser.evaluate("document.getElementById('back').click()");
        browser.evaluate("document.getElementById('forward').click()");
        assertThat(text("step")).isEqualTo("step 4 of 4 (final state)");
        assertThat(browser.errors()).isEmpty();
    }

    @Test
    void aForwardMoveMarksTheQueueLeftAndARefusalByTheRuleIsNamed() throws Exception {
        Path f = Path.of("counterexamples/torus3x3-c1-critical-bubble-3flows.stuck-freedom.json");
        CliRun r = CliRun.run("report", f, "--html", pages);
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        browser.open(page(f).toUri().toString());
        assertThat(text("step")).isEqualTo("step 2 of 2 (final state)");
        assertThat(text("moves")).isEqualTo("forward (to (2,1)) (0,2)-d0+->(1,2) vc0 => (1,2)-d0+->(2,2) vc0");
        assertThat(browser.evaluate("document.querySelector('svg#network g.queue.left').getAttribute('data-name')").asText())
            .isEqualTo("(0,2)-d0+->(1,2) vc0");
        assertThat(browser.evaluate("document.querySelector('svg#network g.queue.moved').getAttribute('data-name')").asText())
            .isEqualTo("(1,2)-d0+->(2,2) vc0");
        // one packet, turning into dimension 1, refused by the critical bubble rule before an empty queue: no cycle
        assertThat(text("waits")).contains("(1,2)-d0+->(2,2) vc0: head (2,1) waits: (2,2)-d1+->(2,0) vc0 refused by the rule");
        assertThat(text("cycle")).isEqualTo("no waiting cycle among the blocked heads");
        assertThat(count("svg#network .slot.critical")).as("critical free slots drawn as *").isPositive();
        // the nodes sit on the 3x3 grid: three distinct columns and rows
        assertThat(browser.evaluate("new Set(Array.from(document.querySelectorAll('svg#network circle.node'))"
            + ".map(c => c.getAttribute('cx'))).size").asInt()).isEqualTo(3);
        assertThat(browser.evaluate("new Set(Array.from(document.querySelectorAll('svg#network circle.node'))"
            + ".map(c => c.getAttribute('cy'))).size").asInt()).isEqualTo(3);
        assertThat(count("svg.cdg")).as("the CDG drawn on the page").isEqualTo(1);
        assertThat(browser.errors()).isEmpty();
    }
}
