package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.report.ResultJson;
import flowproof.solve.DeadlockProver;
import flowproof.solve.OrTools;
import flowproof.solve.ProofResult;
import flowproof.spec.Spec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "bench-prove", mixinStandardHelpOptions = true,
    description = {"Measures prove (CP-SAT, one worker) on the 8x8 and 16x16 torus specs of specs/solve: seconds of "
        + "the whole proof (route graph, inductiveness check, knot search and, for a deadlock configuration, the "
        + "minimization of the witness), best of several runs. The guided search is not included.",
        "Exit code: 0, or 1 when a verdict differs from the spec's expectation."})
final class BenchProveCommand implements Callable<Integer> {

    static final List<String> SPECS = List.of(
        "torus8x8-c2-critical-bubble", "torus8x8-c1-theoretical-bubble", "torus8x8-c1-dateline", "torus8x8-c1-vct",
        "torus16x16-c2-critical-bubble", "torus16x16-c1-theoretical-bubble", "torus16x16-c1-dateline",
        "torus16x16-c1-vct");

    /**
     * The scale cases of issue 19 ({@code --large}): 32x32 and 64x64, 8x8x8 and 16x16x16, and
     * 4x4x4x4 tori with four rules, and a minimal adaptive 12x12 torus whose escape VC has a
     * critical bubble (deadlock-free) or no deadlock avoidance (a deadlock).
     */
    static final List<String> LARGE;

    static {
        List<String> l = new ArrayList<>();
        for (String size : List.of("32x32", "64x64", "8x8x8", "16x16x16", "4x4x4x4")) {
            for (String rule : List.of("c2-critical-bubble", "c1-theoretical-bubble", "c1-dateline", "c1-vct")) {
                l.add("torus" + size + "-" + rule);
            }
        }
        l.add("torus12x12-adaptive-cbs-escape");
        l.add("torus12x12-adaptive-vct-escape");
        LARGE = List.copyOf(l);
    }

    @Option(names = "--large", description = "the scale cases instead: 32x32, 64x64, 8x8x8, 16x16x16 and 4x4x4x4 tori "
        + "with CBS, Theoretical BFC, dateline and plain VCT, and a minimal adaptive 12x12 torus with a critical-bubble "
        + "or a plain escape VC (long: up to --seconds each)")
    boolean large;

    @Option(names = "--seconds", paramLabel = "N", defaultValue = "600",
        description = "CP-SAT's time limit per spec (default: ${DEFAULT-VALUE})")
    double seconds;

    @Option(names = "--runs", defaultValue = "1", description = "measured runs per spec (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--only", split = ",", description = "spec names to run (default: all of " + "specs/solve tori)")
    List<String> only;

    @Option(names = "--dir", defaultValue = "specs/solve", description = "where the specs are (default: ${DEFAULT-VALUE})")
    Path dir;

    @Option(names = "--json", description = "print one JSON object per spec")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (runs < 1) {
            err.println("--runs: expected at least 1, found " + runs);
            return Main.BAD_INPUT;
        }
        String problem = OrTools.problem();
        if (problem != null) {
            err.println("bench-prove: " + problem);
            return Main.BAD_INPUT;
        }
        if (!(seconds > 0)) {
            err.println("--seconds: expected a positive number of seconds, found " + seconds);
            return Main.BAD_INPUT;
        }
        List<String> names = only != null ? only : large ? LARGE : SPECS;
        List<Spec> specs = new ArrayList<>();
        for (String n : names) {
            Spec s = Main.readSpec(dir.resolve(n + ".yaml"), err);
            if (s == null) {
                return Main.BAD_INPUT;
            }
            if (s.model().messages() != null) {
                err.println(s.source() + ": messages: expected none (prove's CP-SAT model has no endpoint queues,"
                    + " consume moves or answers), found classes " + String.join(", ", s.model().messages().classNames())
                    + "; use check or explore");
                return Main.BAD_INPUT;
            }
            specs.add(s);
        }
        if (!json) {
            out.printf("%-34s %-22s %7s %10s %12s %9s%n", "spec", "verdict", "packets", "variables", "constraints",
                "seconds");
        }
        int code = Main.OK;
        for (Spec s : specs) {
            double best = Double.POSITIVE_INFINITY;
            ProofResult last = null;
            for (int i = 0; i < runs; i++) {
                last = DeadlockProver.prove(s.network(), s.routing(), s.rule(), s.pairs(),
                    new DeadlockProver.Options(seconds, 1));
                best = Math.min(best, last.seconds());
            }
            boolean ok = s.expect() == null || switch (last.verdict()) {
                case PROVED -> s.expect().key().equals("deadlock-free") || s.expect().key().equals("proved");
                case DEADLOCK_CONFIGURATION -> s.expect().key().equals("counterexample");
                default -> false;
            };
            if (!ok) {
                code = Main.VIOLATION;
            }
            int packets = last.witness() == null ? 0 : last.witness().packetCount();
            if (json) {
                ObjectNode o = new ObjectMapper().createObjectNode();
                o.put("spec", s.name());
                o.put("verdict", last.verdict().key());
                o.put("packets", packets);
                o.put("variables", last.variables());
                o.put("constraints", last.constraints());
                o.put("seconds", Math.round(best * 1000) / 1000.0);
                o.put("workers", last.workers());
                o.put("matches", ok);
                out.println(ResultJson.line(o));
            } else {
                out.printf("%-34s %-22s %7s %,10d %,12d %9.2f%s%n", s.name(), last.verdict().key(),
                    packets == 0 ? "-" : Integer.toString(packets), last.variables(), last.constraints(), best,
                    ok ? "" : "  MISMATCH");
            }
            out.flush();
        }
        return code;
    }
}
