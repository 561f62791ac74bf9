package flowproof.cli;

import flowproof.cluster.Cluster;
import flowproof.cluster.ClusterFile;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code --cluster FILE} (and {@code --members N} where a command spreads independent tasks):
 * the members a run drives (docs/cluster.md). Opening prints one line on a problem: a bad file
 * or a member that cannot start is bad input (exit 2), members that did not all join in time
 * leave the run incomplete (exit 3).
 */
final class ClusterOption {

    /** The cluster opened, or the exit code after the one line printed (cluster null). */
    record Opened(Cluster cluster, int exit) {
    }

    /** The most members {@code --members} starts in one JVM. */
    static final int MAX_IN_JVM_MEMBERS = 64;

    private ClusterOption() {
    }

    /** The cluster of {@code --cluster file} or {@code --members members}; both null: no cluster, exit 0. */
    static Opened open(Path file, Integer members, PrintWriter err) {
        if (file != null && members != null) {
            err.println("--cluster: expected either --cluster FILE or --members N, found both");
            return new Opened(null, Main.BAD_INPUT);
        }
        if (members != null) {
            if (members < 1 || members > MAX_IN_JVM_MEMBERS) {
                // checked before any socket is opened: a million members took 49 s to fail (issue 45)
                err.println("--members: expected 1 to " + MAX_IN_JVM_MEMBERS + " members in this JVM (each a Hazelcast "
                    + "member with its own loopback port and threads; more machines are a --cluster file of workers), found "
                    + members);
                return new Opened(null, Main.BAD_INPUT);
            }
            try {
                return new Opened(Cluster.inJvm(members), Main.OK);
            } catch (IllegalStateException e) {
                err.println("--members: " + e.getMessage());
                return new Opened(null, Main.BAD_INPUT);
            }
        }
        if (file == null) {
            return new Opened(null, Main.OK);
        }
        ClusterFile f = read(file, err);
        if (f == null) {
            return new Opened(null, Main.BAD_INPUT);
        }
        try {
            return new Opened(Cluster.join(f), Main.OK);
        } catch (Cluster.Unreachable e) {
            err.println(e.getMessage() + "; incomplete, nothing was run");
            return new Opened(null, Main.INCOMPLETE);
        } catch (IllegalStateException e) {
            err.println("--cluster: " + file + ": " + e.getMessage());
            return new Opened(null, Main.BAD_INPUT);
        }
    }

    /** The cluster file, or null after its one-line error. */
    static ClusterFile read(Path file, PrintWriter err) {
        try {
            return ClusterFile.read(file);
        } catch (ClusterFile.Invalid e) {
            err.println(e.getMessage());
            return null;
        }
    }

    /** Prints what failed on the other members (one line each). */
    static void reportFailures(Cluster c, PrintWriter err) {
        for (String f : c.failures()) {
            err.println("--cluster: " + f);
        }
    }

    /** The one line of a member lost while independent tasks ran; the run is incomplete. */
    static int lost(String command, flowproof.explore.distributed.MemberLostException e, PrintWriter err) {
        err.println(command + ": incomplete (member-lost): " + e.getMessage() + "; no results are printed");
        return Main.INCOMPLETE;
    }
}
