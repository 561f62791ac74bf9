package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --max-states 0} and {@code --max-seconds 0} were read as "not given" and ignored (issue 45,
 * the newcomer's path): now a limit given must be positive, one line, exit 2, for every command that
 * takes the search options.
 */
class ZeroLimitsTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "check; --max-states; 0; --max-states: expected a positive number of states, found 0",
        "explore; --max-states; -3; --max-states: expected a positive number of states, found -3",
        "check; --max-seconds; 0; --max-seconds: expected a positive number of seconds, found 0.0",
        "explore; --max-seconds; 0; --max-seconds: expected a positive number of seconds, found 0.0",
        "verify; --max-seconds; 0; --max-seconds: expected a positive number of seconds, found 0.0"})
    void aZeroLimitIsRefused(String command, String option, String value, String message) {
        StringWriter err = new StringWriter();
        String target = command.equals("verify") ? "specs/networks" : "specs/r1-ring4-c1-vct.yaml";
        int code = Main.run(new String[] {command, target, option, value}, new PrintWriter(new StringWriter(), true),
            new PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip()).isEqualTo(message);
    }
}
