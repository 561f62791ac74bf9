package flowproof.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the command line in-process, for the CLI tests: exit code, standard output and standard error. */
record CliRun(int code, String out, String err) {

    static CliRun run(Object... args) {
        String[] a = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            a[i] = args[i].toString();
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        int code = Main.run(a, o, e);
        o.flush();
        e.flush();
        return new CliRun(code, out.toString(), err.toString());
    }
}
