package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.Replayer;
import flowproof.report.Picture;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.SpecException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "replay", mixinStandardHelpOptions = true,
    description = {"Re-executes saved counterexample traces through the current rules and confirms that each "
        + "still ends in its violation.",
        "Exit code: 0 every trace reproduced, 1 one did not, 2 a bad file."})
final class ReplayCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "counterexample files (JSON)")
    List<Path> files;

    @Option(names = "--json", description = "print one JSON object per file")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        int code = Main.OK;
        for (Path f : files) {
            // a lasso of 'live' (starvation, livelock) replays on its own terms
            try {
                com.fasterxml.jackson.databind.JsonNode root = new ObjectMapper().readTree(f.toFile());
                Integer lassoCode = root == null ? null : LiveCommand.replayLasso(f, root, out, err);
                if (lassoCode != null) {
                    if (lassoCode != Main.OK && code == Main.OK) {
                        code = lassoCode;
                    }
                    continue;
                }
            } catch (java.io.IOException e) {
                // not JSON, or unreadable: the counterexample reader says so in its own words
            }
            CounterexampleFile.Loaded c;
            try {
                c = CounterexampleFile.read(f);
            } catch (SpecException e) {
                err.println(e.getMessage());
                code = Main.BAD_INPUT;
                continue;
            }
            Replayer.Outcome o = CounterexampleFile.replay(c);
            if (json) {
                ObjectNode n = new ObjectMapper().createObjectNode();
                n.put("file", f.toString());
                n.put("spec", c.spec().name());
                n.put("property", c.property().key());
                n.put("moves", c.moves().size());
                n.put("reproduced", o.reproduced());
                n.put("message", o.message());
                out.println(n);
            } else {
                out.println(f + ": " + (o.reproduced() ? "reproduced: " : "NOT reproduced: ") + o.message());
                out.print(Picture.state(c.spec().model(), o.last()));
                out.println(Picture.legend(c.spec().model()));
            }
            if (!o.reproduced() && code == Main.OK) {
                code = Main.VIOLATION;
            }
        }
        out.flush();
        return code;
    }
}
