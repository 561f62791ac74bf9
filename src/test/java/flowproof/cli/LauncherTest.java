package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher as a newcomer meets it (issue 45): the first build printed stray ANSI colour codes,
 * and every command ran with an 8 GB heap, {@code verify} peaking at 8.1 GB. Run on a copy of
 * the launcher with a stand-in {@code mvn} (prints colour resets, writes an empty jar) and
 * {@code java} (prints its arguments) first on the PATH.
 */
class LauncherTest {

    @TempDir
    Path dir;

    private String run(String... args) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(bin.resolve("mvn"), "#!/bin/sh\nprintf '\\033[0m\\033[0m\\033[1;31mbuilt\\033[0m\\n'\n"
            + "mkdir -p target && : > target/flowproof.jar\n");
        Files.writeString(bin.resolve("java"), "#!/bin/sh\necho \"java $*\"\n");
        for (String tool : new String[] {"mvn", "java"}) {
            Files.setPosixFilePermissions(bin.resolve(tool), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.copy(Path.of("flowproof"), repo.resolve("flowproof"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Files.createDirectories(repo.resolve("src/main"));
        Files.deleteIfExists(repo.resolve("target/flowproof.jar"));
        ProcessBuilder pb = new ProcessBuilder(new java.util.ArrayList<>(java.util.List.of("bash", "flowproof")) {{
                addAll(java.util.List.of(args));
            }}).directory(repo.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("FLOWPROOF_CDS", "0");
        pb.environment().remove("FLOWPROOF_JAVA_OPTS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void theBuildPrintsNoColourCodes() throws Exception {
        String out = run("--version");
        assertThat(out).contains("flowproof: building", "built").doesNotContain("\u001b");
    }

    @Test
    void theHeapIsSizedToTheMachineAndVerifyFitsInThreeGigabytes() throws Exception {
        long memKb = Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
            .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).findFirst().orElseThrow();
        long expected = Math.max(1024, Math.min(8192, memKb / 2048));
        assertThat(run("check", "x.yaml")).contains("java -Xmx" + expected + "m ");
        assertThat(run("verify", "specs")).contains("java -Xmx" + Math.min(expected, 3072) + "m ");
    }
}
