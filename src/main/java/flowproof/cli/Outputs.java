package flowproof.cli;

import flowproof.report.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The output files of one command run: each is written (atomically, by {@link OutputFile})
 * after the result is printed; the first that cannot be written is reported in one line
 * naming its option, and the run exits with {@link Main#BAD_INPUT}.
 */
final class Outputs {

    /** Writes one output file. */
    @FunctionalInterface
    interface Write {
        void run() throws IOException, InterruptedException;
    }

    private String problem;

    /** Runs {@code write}; a file it cannot write is remembered (the first one) instead of thrown. */
    void write(String option, Write write) throws IOException, InterruptedException {
        try {
            write.run();
        } catch (OutputFile.Failure e) {
            if (problem == null) {
                problem = option + ": " + e.getMessage();
            }
        }
    }

    /** Whether every file was written. */
    boolean ok() {
        return problem == null;
    }

    /** {@code code}, or {@link Main#BAD_INPUT} after printing the first problem. */
    int exit(PrintWriter err, int code) {
        if (problem == null) {
            return code;
        }
        err.println(problem);
        err.flush();
        return Main.BAD_INPUT;
    }
}
