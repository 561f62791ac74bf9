package flowproof.cli;

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
        this.err = err;
        this.on = !json && System.console() != null && System.getenv("FLOWPROOF_NO_PROGRESS") == null;
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
