package flowproof.cli;

import flowproof.explore.SearchProgress;
import java.io.PrintWriter;

/**
 * A live progress line on a terminal, rewritten in place; silent when output is piped or
 * JSON was asked for (then nothing but the result is printed).
 */
final class Progress {

    private final PrintWriter err;
    private final boolean on;
    private long lastPrint;
    private int width;

    Progress(PrintWriter err, boolean json) {
        this(!json && System.console() != null && System.getenv("FLOWPROOF_NO_PROGRESS") == null, err);
    }

    /** A progress line shown whatever the output is: for tests. */
    static Progress shown(PrintWriter err) {
        return new Progress(true, err);
    }

    private Progress(boolean on, PrintWriter err) {
        this.err = err;
        this.on = on;
    }

    private double lastSeconds;
    private long lastOrbits;
    private double lastDone;
    private double rate;
    private double doneRate;

    /** Whether lines are shown at all (a terminal, no JSON). */
    boolean on() {
        return on;
    }

    /**
     * The explorer's progress line: level, share of the level expanded, states (and orbits
     * under symmetry reduction), new states per second, the queue for the next level, the
     * search's memory and the JVM heap, elapsed time, and the time left of the level (or of
     * the drainability pass) at the recent rate. Cleared when the search reports "done".
     */
    void search(SearchProgress.Status s) {
        if ("done".equals(s.phase())) {
            done();
            return;
        }
        double dt = s.seconds() - lastSeconds;
        if (dt >= 0.4) {
            rate = (s.orbits() - lastOrbits) / dt;
            doneRate = (s.done() - lastDone) / dt;
            lastSeconds = s.seconds();
            lastOrbits = s.orbits();
            lastDone = s.done();
        }
        Runtime rt = Runtime.getRuntime();
        double heap = (rt.totalMemory() - rt.freeMemory()) / 1e9;
        String states = s.orbits() == s.states() ? String.format("%,d states", s.states())
            : String.format("%,d states (%,d orbits)", s.states(), s.orbits());
        String where = s.phase().equals("search")
            ? String.format("level %d %3.0f%% of %,d", s.depth(), 100.0 * s.done() / Math.max(1, s.total()), s.total())
            : String.format("drainability %3.0f%% of %,d", 100.0 * s.done() / Math.max(1, s.total()), s.total());
        String left = doneRate > 0 ? "; level left " + clock((s.total() - s.done()) / doneRate) : "";
        if (!s.phase().equals("search")) {
            left = doneRate > 0 ? "; left " + clock((s.total() - s.done()) / doneRate) : "";
        }
        show(String.format("%s | %s | %,.0f new/s | queue %,d | %.1f GB (heap %.1f/%.1f GB) | %s%s", where, states, rate,
            s.queued(), s.bytes() / 1e9, heap, rt.maxMemory() / 1e9, clock(s.seconds()), left));
    }

    private static String clock(double seconds) {
        long t = Math.round(seconds);
        return t >= 3600 ? String.format("%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60)
            : String.format("%d:%02d", t / 60, t % 60);
    }

    /** Shows the line, at most a few times a second. */
    void show(String line) {
        if (!on) {
            return;
        }
        long t = System.nanoTime();
        if (t - lastPrint < 200_000_000L) {
            return;
        }
        lastPrint = t;
        String padded = line.length() < width ? line + " ".repeat(width - line.length()) : line;
        width = line.length();
        err.print("\r" + padded);
        err.flush();
    }

    /** Clears the line. */
    void done() {
        if (on && width > 0) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
            width = 0;
        }
    }
}
