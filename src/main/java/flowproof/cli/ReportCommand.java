package flowproof.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.SpecException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "report", mixinStandardHelpOptions = true,
    description = {"Writes a browser page per trace: the network drawn to its geometry, the queues and their packets, "
        + "and a step control that replays the trace move by move (the moving packet, the rule's verdict, at the end "
        + "what every head waits for and the waiting cycle), with the channel dependency graph and its cycle.",
        "Each FILE is a saved counterexample (JSON) or the JSON result of check or explore (--json), whose "
            + "saved counterexamples are followed. The pages are self-contained: open them from the folder, offline.",
        "Exit code: 0 pages written, 2 a file that is neither, or a page that cannot be written."})
final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", arity = "1..*",
        description = "counterexample files, or JSON results of check/explore --json")
    List<Path> files;

    @Option(names = "--html", paramLabel = "DIR", required = true,
        description = "the folder to write the pages into (NAME.PROPERTY.html), created if missing")
    Path html;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        List<Path> traces = new ArrayList<>();
        for (Path f : files) {
            String problem = collect(f, traces);
            if (problem != null) {
                err.println(problem);
                return Main.BAD_INPUT;
            }
        }
        Outputs pages = new Outputs();
        for (Path f : traces) {
            CounterexampleFile.Loaded c;
            try {
                c = CounterexampleFile.read(f);
            } catch (SpecException e) {
                err.println(e.getMessage());
                return Main.BAD_INPUT;
            }
            pages.write("--html", () -> out.println("html: " + HtmlPages.write(html, c.spec(), c.property(), c.moves(),
                c.stepSizes(), List.of("counterexample: " + f))));
        }
        out.flush();
        return pages.exit(err, Main.OK);
    }

    /** Adds the counterexample files {@code f} is or names; returns one line when it is neither, else null. */
    private static String collect(Path f, List<Path> traces) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(f));
        } catch (java.nio.file.NoSuchFileException e) {
            return f + ": no such file";
        } catch (IOException e) {
            return f + ": expected a counterexample or a JSON result of check/explore, found text that is not JSON";
        }
        if (root != null && root.isObject() && CounterexampleFile.FORMAT.equals(root.path("format").asText())) {
            traces.add(f);
            return null;
        }
        if (root != null && root.isObject() && root.path("traces").isObject()) {
            var it = root.path("traces").fields();
            int before = traces.size();
            while (it.hasNext()) {
                JsonNode file = it.next().getValue().get("file");
                if (file == null || !file.isTextual()) {
                    return f + ": traces: expected the file of each saved counterexample, found a trace that was not "
                        + "saved (run check without --no-save)";
                }
                Path p = Path.of(file.asText());
                if (!Files.exists(p) && f.toAbsolutePath().getParent() != null) {
                    p = f.toAbsolutePath().getParent().resolve(file.asText());
                }
                if (!Files.exists(p)) {
                    return f + ": traces: expected a saved counterexample, found no file " + file.asText();
                }
                traces.add(p);
            }
            if (traces.size() == before) {
                return f + ": traces: expected a counterexample to show, found none (the result has no violation)";
            }
            return null;
        }
        return f + ": expected a counterexample (format " + CounterexampleFile.FORMAT
            + ") or a JSON result of check/explore (with traces), found " + (root == null ? "nothing"
            : root.isObject() ? "an object without either" : "a JSON " + root.getNodeType().toString().toLowerCase());
    }
}
