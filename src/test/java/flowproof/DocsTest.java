package flowproof;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation holds: no dead relative link or anchor in README.md, DEVELOPING.md and
 * docs/; every spec shown in README.md and docs/guide/ parses with the real reader; every
 * {@code $ ./flowproof ...} line there runs, in page order, with the exit code and output the
 * page shows (conventions: {@link DocPages}); the README stays under 250 lines.
 */
class DocsTest {

    @TempDir
    Path dir;

    @Test
    void everyRelativeLinkAndAnchorExists() throws Exception {
        List<String> dead = new ArrayList<>();
        for (Path page : DocPages.allPages()) {
            for (String[] link : DocPages.links(page)) {
                String target = link[1];
                if (target.matches("^[a-z]+:.*")) {
                    continue; // http:, https:, mailto:
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = file.isEmpty() ? page : page.toAbsolutePath().getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    dead.add(page + ":" + link[0] + ": " + target + " (no such file)");
                } else if (anchor != null && resolved.toString().endsWith(".md")
                    && !DocPages.anchors(resolved).contains(anchor)) {
                    dead.add(page + ":" + link[0] + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(dead).as("dead links").isEmpty();
    }

    @Test
    void theLinkCheckFindsADeadLink() throws Exception {
        Path page = dir.resolve("p.md");
        Files.writeString(page, "# Top\n\n[a](missing.md) [b](#top) [c](#nowhere) `[d](in-code.md)`\n");
        assertThat(DocPages.links(page)).extracting(l -> l[1]).containsExactly("missing.md", "#top", "#nowhere");
        assertThat(DocPages.anchors(page)).containsExactly("top");
    }

    @Test
    void everySpecInTheReadmeAndTheGuidesParses() throws Exception {
        int specs = 0;
        for (Path page : DocPages.runPages()) {
            for (DocPages.Block b : DocPages.blocks(page)) {
                if (DocPages.isSpec(b)) {
                    DocPages.readSpec(b, dir.resolve(page.getFileName().toString()));
                    specs++;
                }
            }
        }
        assertThat(specs).as("specs shown in README.md and docs/guide").isGreaterThanOrEqualTo(4);
    }

    @Test
    void everyCommandInTheReadmeAndTheGuidesRunsAsShown() throws Exception {
        List<String> wrong = new ArrayList<>();
        int commands = 0;
        for (Path page : DocPages.runPages()) {
            Path sandbox = dir.resolve(page.getFileName().toString().replace(".md", ""));
            Files.createDirectories(sandbox);
            for (DocPages.Run r : DocPages.run(page, sandbox)) {
                commands++;
                if (r.exit() != r.expected()) {
                    wrong.add(r.block().where() + ": " + r.command() + ": exit " + r.exit() + ", the page shows "
                        + r.expected() + "\n" + r.out() + r.err());
                }
                List<String> missing = DocPages.missingOutput(r);
                if (!missing.isEmpty()) {
                    wrong.add(r.block().where() + ": " + r.command() + ": the page shows lines it did not print: "
                        + missing + "\nit printed:\n" + r.out() + r.err());
                }
            }
        }
        assertThat(wrong).as("commands that do not run as their page shows").isEmpty();
        assertThat(commands).isGreaterThanOrEqualTo(6);
    }

    @Test
    void theReadmeStaysShort() throws Exception {
        assertThat(Files.readAllLines(Path.of("README.md"))).as("README.md lines").hasSizeLessThan(250);
    }
}
