package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/reference/commands.md is what {@link CommandReference} writes from the commands'
 * definitions: a command or option added, removed or reworded without regenerating the page
 * fails here. {@code -Dflowproof.writeReference=true} rewrites the page instead.
 */
class CommandReferenceTest {

    private static final Path PAGE = Path.of("docs/reference/commands.md");

    @Test
    void thePageIsUpToDate() throws Exception {
        String generated = CommandReference.markdown();
        if (Boolean.getBoolean("flowproof.writeReference")) {
            Files.createDirectories(PAGE.getParent());
            Files.writeString(PAGE, generated);
        }
        assertThat(Files.exists(PAGE)).as(PAGE + " exists").isTrue();
        assertThat(Files.readString(PAGE))
            .as("docs/reference/commands.md is stale: rerun with -Dflowproof.writeReference=true")
            .isEqualTo(generated);
    }

    @Test
    void everyCommandAndOptionHasItsEntry() throws Exception {
        String page = Files.readString(PAGE);
        for (String co : CommandReference.allOptions()) {
            String[] parts = co.split(" ");
            assertThat(page).as("the entry of " + co).contains("\n## " + parts[0] + "\n").contains("`" + parts[1]);
        }
        assertThat(CommandReference.allOptions()).contains("check --method", "prove --seconds", "simulate --json");
    }
}
