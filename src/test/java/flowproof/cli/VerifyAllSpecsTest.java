package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The README's first command, {@code ./flowproof verify}: every spec in specs/ gives its
 * expected verdict (run here with --no-save, so the test leaves counterexamples/ alone; the
 * saved traces are checked by CounterexampleRegressionTest). About 1-2 minutes.
 */
class VerifyAllSpecsTest {

    @Test
    void everySpecInSpecsIsAsExpected() {
        CliRun r = CliRun.run("verify", "--no-save");
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(Main.OK);
        assertThat(r.out()).containsPattern("\\n(\\d+) specs: \\1 as expected, 0 mismatched, 0 incomplete, 0 without "
            + "expectation, 0 invalid");
    }
}
