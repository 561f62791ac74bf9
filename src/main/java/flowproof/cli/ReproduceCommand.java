package flowproof.cli;

import flowproof.cli.papers.Claim;
import flowproof.cli.papers.ClaimException;
import flowproof.cli.papers.ClaimReader;
import flowproof.cli.papers.Commands;
import flowproof.cli.papers.Measured;
import flowproof.cli.papers.Renderer;
import flowproof.cli.papers.Reproduction;
import flowproof.cli.papers.Status;
import flowproof.report.OutputFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "reproduce", mixinStandardHelpOptions = true,
    description = {"Re-runs the papers' claims (specs/papers/NNN-short/ID.yaml, docs/reproduce.md) and writes, per claim, "
        + "a markdown table of the paper's numbers beside flowproof's and a PNG of its figure; keeps the measured values "
        + "in a committed JSON and regenerates the paper section of docs/results.md from them.",
        "A claim's status is computed from its rows: reproduced, partly, not reproduced, or not run.",
        "Exit code: 0 every selected claim was measured and every claim not reproduced names its cause, 1 a claim not "
            + "run or without a cause, 2 a bad claim file or option."})
final class ReproduceCommand implements Callable<Integer> {

    @Parameters(paramLabel = "ID|PAPER", arity = "0..*", description = "claims to run: an id, a paper number (004) or a "
        + "folder (004-cbs); all claims when none is given")
    List<String> select = new ArrayList<>();

    @Option(names = "--quick", description = "only the claims marked quick: true")
    boolean quick;

    @Option(names = "--jobs", paramLabel = "N", description = "runs executed in parallel (default 1)")
    int jobs = 1;

    @Option(names = "--render-only", description = "run nothing: re-render the tables, figures and docs/results.md from "
        + "the measured values")
    boolean renderOnly;

    @Option(names = "--claims", paramLabel = "DIR", description = "the folder of claim files (default specs/papers)")
    Path claimsDir = Path.of("specs", "papers");

    @Option(names = "--out", paramLabel = "DIR", description = "where the tables, figures (img/) and measured.json go "
        + "(default docs/results/papers)")
    Path out = Path.of("docs", "results", "papers");

    @Option(names = "--results", paramLabel = "FILE", description = "the markdown file whose section between the "
        + "reproduce markers is regenerated (default docs/results.md)")
    Path results = Path.of("docs", "results.md");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        PrintWriter o = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (jobs < 1 || jobs > 64) {
            err.println("flowproof: reproduce: --jobs: expected 1 to 64, found " + jobs);
            return Main.BAD_INPUT;
        }
        List<Claim> all;
        Measured measured;
        Path measuredFile = out.resolve("measured.json");
        try {
            all = ClaimReader.readAll(claimsDir);
            measured = Measured.read(measuredFile);
        } catch (ClaimException e) {
            err.println(e.getMessage());
            return Main.BAD_INPUT;
        }
        List<Claim> chosen = choose(all, err);
        if (chosen == null) {
            return Main.BAD_INPUT;
        }
        String text;
        try {
            text = Files.readString(results);
            Renderer.replaceSection(text, "");
        } catch (NoSuchFileException e) {
            err.println(results + ": file: expected the markdown file with the reproduce markers, found no such file");
            return Main.BAD_INPUT;
        } catch (IllegalArgumentException e) {
            err.println(results + ": markers: " + e.getMessage() + ", found none");
            return Main.BAD_INPUT;
        }
        CliCommands commands = new CliCommands();
        if (!renderOnly) {
            for (Claim c : chosen) {
                for (Map.Entry<String, String> r : c.runs().entrySet()) {
                    String why = commands.invalid(flowproof.cli.papers.CommandLines.split(r.getValue()));
                    if (why != null) {
                        err.println(c.file() + ": runs." + r.getKey() + ": expected a flowproof command line on existing "
                            + "specs, found " + why);
                        return Main.BAD_INPUT;
                    }
                }
            }
            Map<String, Measured.Entry> done = new Reproduction(commands, commit(), err).run(chosen, jobs);
            done.forEach(measured::put);
            OutputFile.write(measuredFile, measured.toJson());
        }
        for (Claim c : all) {
            Measured.Entry m = measured.get(c.id());
            OutputFile.write(out.resolve(c.id() + ".md"), Renderer.page(c, m));
            if (c.figure() != null && m != null && m.notRun() == null) {
                Renderer.png(out.resolve("img").resolve(c.id() + ".png"), c, m);
            }
        }
        // read again: the runs may have taken an hour, and the hand-written part may have been edited meanwhile
        try {
            text = Renderer.replaceSection(Files.readString(results), Renderer.section(all, measured));
        } catch (IllegalArgumentException e) {
            err.println(results + ": markers: " + e.getMessage() + ", found none");
            return Main.BAD_INPUT;
        }
        OutputFile.write(results, text);
        boolean bad = false;
        for (Claim c : renderOnly ? all : chosen) {
            Measured.Entry m = measured.get(c.id());
            Status s = Status.of(c, m);
            String note = "";
            if (s == Status.NOT_RUN) {
                bad = true;
                note = m == null ? ": never measured" : ": " + m.notRun();
            } else if (s != Status.REPRODUCED && c.cause() == null) {
                bad = true;
                note = ": no cause given (" + c.file() + ": cause: expected the cause of the gap, found nothing)";
            }
            o.println(c.id() + ": " + s + note);
        }
        o.flush();
        return bad ? Main.VIOLATION : Main.OK;
    }

    /** The selected claims, or null after a one-line error. */
    private List<Claim> choose(List<Claim> all, PrintWriter err) {
        Set<Claim> chosen = new LinkedHashSet<>();
        for (String s : select) {
            List<Claim> match = all.stream().filter(c -> c.id().equals(s) || c.paper().equals(s) || c.folder().equals(s))
                .toList();
            if (match.isEmpty()) {
                err.println("flowproof: reproduce: ID|PAPER: expected a claim id, a paper number (NNN) or a folder "
                    + "(NNN-short) under " + claimsDir + ", found " + s);
                return null;
            }
            chosen.addAll(match);
        }
        List<Claim> list = new ArrayList<>(select.isEmpty() ? all : chosen);
        if (quick) {
            list.removeIf(c -> !c.quick());
        }
        return list;
    }

    /** The commit the runs are made with: git's short hash, with "-dirty" when src/main or pom.xml has uncommitted changes. */
    private static String commit() {
        try {
            String head = git("rev-parse", "--short", "HEAD").trim();
            if (head.isEmpty()) {
                return "unknown";
            }
            String status = git("status", "--porcelain", "--untracked-files=no", "--", "src/main", "pom.xml");
            return status.isBlank() ? head : head + "-dirty";
        } catch (java.io.IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String git(String... args) throws java.io.IOException, InterruptedException {
        List<String> c = new ArrayList<>(List.of("git"));
        c.addAll(List.of(args));
        Process p = new ProcessBuilder(c).redirectErrorStream(false).start();
        String s = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        return p.waitFor() == 0 ? s : "";
    }

    /** flowproof's own command line, run in-process. */
    static final class CliCommands implements Commands {

        @Override
        public Result run(List<String> args) {
            List<String> a = new ArrayList<>(args);
            a.add("--json");
            StringWriter so = new StringWriter();
            StringWriter se = new StringWriter();
            PrintWriter po = new PrintWriter(so, true);
            PrintWriter pe = new PrintWriter(se, true);
            int code = Main.run(a.toArray(String[]::new), po, pe);
            po.flush();
            pe.flush();
            return new Result(code, so.toString(), se.toString());
        }

        @Override
        public String invalid(List<String> args) {
            CommandLine cl = new CommandLine(new Main());
            CommandLine.ParseResult pr;
            try {
                List<String> a = new ArrayList<>(args);
                a.add("--json");
                pr = cl.parseArgs(a.toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                return String.valueOf(e.getMessage()).replaceAll("\\s*[\\r\\n]+\\s*", " ").trim() + " (in: "
                    + String.join(" ", args) + ")";
            }
            CommandLine.ParseResult sub = pr.subcommand();
            if (sub == null || sub.commandSpec().name().equals("reproduce")) {
                return "no command that prints JSON (in: " + String.join(" ", args) + ")";
            }
            for (CommandLine.Model.PositionalParamSpec p : sub.matchedPositionals()) {
                Object value = p.getValue();
                for (Object v : value instanceof List<?> l ? l : List.of(value)) {
                    if (v instanceof Path path) {
                        if (!Files.isRegularFile(path) || !path.normalize().startsWith("specs")) {
                            return "a spec file under specs/, found " + path;
                        }
                        StringWriter e = new StringWriter();
                        if (path.toString().endsWith(".yaml") && Main.readSpec(path, new PrintWriter(e, true)) == null) {
                            return e.toString().trim();
                        }
                    }
                }
            }
            return null;
        }

        @Override
        public Long seed(List<String> args) {
            int i = args.indexOf("--seed");
            if (i >= 0 && i + 1 < args.size()) {
                try {
                    return Long.parseLong(args.get(i + 1));
                } catch (NumberFormatException e) {
                    return null;
                }
            }
            for (String a : args) {
                if (a.endsWith(".yaml") && Files.isRegularFile(Path.of(a))) {
                    try {
                        return flowproof.check.Flowproof.simulation(flowproof.spec.SpecReader.read(Path.of(a))).seed();
                    } catch (Exception e) {
                        return null;
                    }
                }
            }
            return null;
        }

        @Override
        public String version() {
            return Main.class.getAnnotation(Command.class).version()[0];
        }
    }
}
