package flowproof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The README's tour writes my-specs/, counterexamples/ring4-vct.* and html/ in the clone (issue 45:
 * they were left as untracked files in the repository): git ignores them, and no tracked file
 * matches them.
 */
class TourOutputsIgnoredTest {

    @Test
    void gitIgnoresWhatTheTourWrites() throws Exception {
        assumeTrue(Files.isDirectory(Path.of(".git")) || Files.isRegularFile(Path.of(".git")), "not a git checkout");
        for (String path : List.of("my-specs/ring4-vct.yaml", "my-specs/ring4-cbs.yaml",
            "counterexamples/ring4-vct.stuck-freedom.json", "counterexamples/ring4-vct.stuck-freedom.txt",
            "html/index.html")) {
            Process p = new ProcessBuilder("git", "check-ignore", "-q", path).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as("git check-ignore %s", path).isZero();
        }
        Process ls = new ProcessBuilder("git", "ls-files", "my-specs", "html", "counterexamples/ring4-vct.*",
            "counterexamples/ring4-cbs.*").start();
        String tracked = new String(ls.getInputStream().readAllBytes());
        ls.waitFor(20, TimeUnit.SECONDS);
        assertThat(tracked).isEmpty();
    }
}
