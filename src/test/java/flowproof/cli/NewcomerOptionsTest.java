package flowproof.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The newcomer's path (issue 45): options a new user tried. {@code --members 1000000} opened
 * sockets for 49 s before failing; {@code --counterexamples ''} wrote traces into the working
 * directory; {@code cdg} and {@code simulate} rejected {@code --no-save}, which the others accept.
 */
class NewcomerOptionsTest {

    @Test
    void tooManyMembersIsRefusedAtOnce() {
        for (String command : new String[] {"explore", "verify", "bench"}) {
            long t0 = System.nanoTime();
            CliRun r = command.equals("bench") ? CliRun.run("bench", "--members", "1000000")
                : CliRun.run(command, command.equals("verify") ? "specs/networks" : "specs/r1-ring4-c1-vct.yaml",
                    "--members", "1000000");
            assertThat(r.code()).as(command + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).startsWith("--members: expected 1 to 64 members in this JVM").endsWith("found 1000000")
                .doesNotContain("\n");
            assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
        }
    }

    @Test
    void anEmptyCounterexampleDirectoryIsRefused() {
        for (String command : new String[] {"check", "explore", "verify"}) {
            CliRun r = CliRun.run(command, command.equals("verify") ? "specs/networks" : "specs/r1-ring4-c1-vct.yaml",
                "--counterexamples", "");
            assertThat(r.code()).as(command + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip())
                .isEqualTo("--counterexamples: expected a directory, found an empty path (--no-save saves nothing)");
        }
    }

    @Test
    void cdgAndSimulateAcceptNoSave() {
        CliRun cdg = CliRun.run("cdg", "specs/r1-ring4-c1-vct.yaml", "--no-save");
        assertThat(cdg.code()).as(cdg.err()).isZero();
        CliRun sim = CliRun.run("simulate", "specs/sim/bmin64-turnaround-vct.yaml", "--no-save", "--cycles", "200");
        assertThat(sim.code()).as(sim.err()).isZero();
    }
}
