package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import flowproof.spec.BookSimConfig;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "from-booksim", mixinStandardHelpOptions = true,
    description = {"Prints the flowproof spec (YAML) a BookSim 2.0 configuration file maps to, as simulate --booksim "
        + "and check --booksim read it (docs/booksim.md): a spec to keep, extend with what BookSim cannot say (a "
        + "flow-control rule, VC classes, message classes, a scheme) and check or simulate as any other.",
        "Exit code: 0 printed, 2 a file flowproof cannot map (one line naming the key)."})
final class FromBookSimCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE.cfg", description = "a BookSim 2.0 configuration file")
    Path file;

    @Option(names = "--for", paramLabel = "USE", defaultValue = "both",
        description = "both (the default: simulate --booksim's spec with the explorer's packet model that check "
            + "--booksim adds: flow, capacity, packet-flits), simulate or check: the spec that command reads. They "
            + "differ only in min_adapt's escape VC, which the simulator takes when blocked and check at any time: "
            + "both then prints the simulator's choice and says so on stderr")
    String use;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (!use.equals("both") && !use.equals("simulate") && !use.equals("check")) {
            err.println("--for: expected both, simulate or check, found " + use);
            return Main.BAD_INPUT;
        }
        BookSimConfig.Purpose purpose = use.equals("check") ? BookSimConfig.Purpose.VERIFY
            : BookSimConfig.Purpose.SIMULATE;
        ObjectNode tree;
        try {
            tree = BookSimConfig.tree(file, purpose);
            if (use.equals("both")) {
                tree = withExplorerModel(tree, err);
            }
            SpecReader.fromTree(file.toString(), "", tree.deepCopy());
        } catch (SpecException e) {
            err.println(e.getMessage());
            return Main.BAD_INPUT;
        }
        ObjectMapper yaml = new ObjectMapper(YAMLFactory.builder().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES).enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE).build());
        out.print(yaml.writeValueAsString(tree));
        out.flush();
        return Main.OK;
    }

    /** The fields check --booksim's spec has and simulate's has not, placed before the simulation section. */
    private static final java.util.List<String> EXPLORER = java.util.List.of("flow", "capacity", "packet-flits");

    /**
     * {@code simulate}'s spec with the explorer's packet model of {@code check}'s (the simulator
     * reads its own simulation section); where check's mapping fails (a mix of packet sizes) or
     * differs elsewhere (min_adapt's escape choice), simulate's alone, with a line on stderr.
     */
    private ObjectNode withExplorerModel(ObjectNode simulate, PrintWriter err) {
        ObjectNode check;
        try {
            check = BookSimConfig.tree(file, BookSimConfig.Purpose.VERIFY);
        } catch (SpecException e) {
            err.println("from-booksim: the spec is simulate's only; check --booksim refuses the file: "
                + e.getMessage());
            return simulate;
        }
        ObjectNode both = simulate.objectNode();
        simulate.fields().forEachRemaining(e -> {
            if (e.getKey().equals("simulation")) {
                for (String k : EXPLORER) {
                    if (check.has(k)) {
                        both.set(k, check.get(k));
                    }
                }
            }
            both.set(e.getKey(), e.getValue());
        });
        if (!check.path("escape").equals(simulate.path("escape"))) {
            err.println("from-booksim: escape is simulate's " + simulate.path("escape") + "; check --booksim reads "
                + check.path("escape") + " (every choice BookSim's allocator could make): --for check prints that"
                + " spec");
        }
        return both;
    }
}
