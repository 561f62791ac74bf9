package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cdg.ChannelDependencyGraph;
import flowproof.routing.RoutingException;
import flowproof.report.CdgPicture;
import flowproof.report.OutputFile;
import flowproof.report.ResultJson;
import flowproof.spec.Spec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "cdg", mixinStandardHelpOptions = true,
    description = {"Builds the channel dependency graph of a spec (queues as vertices, 'a packet holding one may "
        + "request the other' as edges) and reports whether it is acyclic, with a shortest cycle when it is not.",
        "For routing with escape VCs (minimal-adaptive) it builds Duato's extended graph of the escape VCs "
            + "(--full: the whole graph).",
        "--dot writes the graph with the cycle in red; --svg draws it: tori and meshes on their grid (no Graphviz needed), "
            + "other topologies with Graphviz 'dot' (the DOT file is written next to the SVG).",
        "Exit code: 0 graph built (acyclic or not), 2 bad input or, for a topology other than a torus or mesh, no Graphviz "
            + "for --svg."})
final class CdgCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML)")
    Path spec;

    @Option(names = "--dot", paramLabel = "FILE", description = "write the graph in Graphviz DOT")
    Path dot;

    @Option(names = "--svg", paramLabel = "FILE", description = "draw the graph as SVG: tori and meshes on their grid, in Java; other topologies with Graphviz "
        + "'dot' (needs it)")
    Path svg;

    @Option(names = "--full", description = "for routing with escape VCs: the full graph of every queue, not Duato's "
        + "extended graph of the escape VCs")
    boolean full;

    @Option(names = "--no-save", description = "accepted as by the other commands; this command saves no counterexample")
    boolean noSave;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        Spec s = Main.readSpec(spec, err);
        if (s == null) {
            return Main.BAD_INPUT;
        }
        long t0 = System.nanoTime();
        ChannelDependencyGraph cdg;
        try {
            cdg = s.routing().hasEscape() && !full
                ? ChannelDependencyGraph.buildEscape(s.network(), s.routing(), s.rule(), s.pairs(), s.wormhole() != null)
                : ChannelDependencyGraph.build(s.network(), s.routing(), s.rule(), s.pairs());
        } catch (RoutingException e) {
            err.println(spec + ": routing: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (ChannelDependencyGraph.TooLarge e) {
            // no graph, so nothing established: incomplete, in one line (issue 46)
            err.println(spec + ": incomplete: " + e.getMessage());
            return Main.INCOMPLETE;
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        int code = Main.OK;
        Path dotFile = dot;
        // tori and meshes: drawn in Java on their grid, no Graphviz; other topologies through Graphviz 'dot'
        boolean grid = svg != null && CdgPicture.onGrid(cdg);
        if (svg != null && dotFile == null && !grid) {
            dotFile = Path.of(svg.toString().replaceAll("\\.svg$", "") + ".dot");
        }
        Outputs files = new Outputs();
        String svgProblem = null;
        if (dotFile != null) {
            Path f = dotFile;
            files.write(dot != null ? "--dot" : "--svg", () -> OutputFile.write(f, CdgPicture.dot(cdg)));
            if (!files.ok()) {
                dotFile = null;
            }
        }
        if (grid) {
            files.write("--svg", () -> OutputFile.write(svg, CdgPicture.gridSvg(cdg)));
            svgProblem = files.ok() ? null : "not written";
        } else if (svg != null && dotFile != null) {
            String[] problem = new String[1];
            Path f = dotFile;
            files.write("--svg", () -> problem[0] = CdgPicture.svg(f, svg));
            svgProblem = files.ok() ? problem[0] : "not written";
            if (problem[0] != null) {
                err.println("--svg: " + svgProblem);
                code = Main.BAD_INPUT;
            }
        } else if (svg != null) {
            svgProblem = "not written";
        }
        if (json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("spec", spec.toString());
            o.put("name", s.name());
            ResultJson.addCdg(o, cdg, seconds);
            o.put("dot", dotFile == null ? null : dotFile.toString());
            o.put("svg", svg == null || svgProblem != null ? null : svg.toString());
            out.println(o);
        } else {
            boolean duato = cdg.kind() != ChannelDependencyGraph.Kind.FULL;
            out.printf("%s: %s; %s%,d queues, %,d dependencies, %s (%.3f s)%n", s.name(), s.model().describe(),
                duato ? "Duato's extended graph of the escape VCs: " : "", cdg.vertices(), cdg.edges(),
                !cdg.acyclic() ? "cyclic" : !s.rule().freeSlotSuffices()
                    ? "acyclic, but the rule does not admit every move into a free slot (freeSlotSuffices()), so the"
                        + " graph alone proves nothing: check decides it"
                    : duato ? "acyclic: deadlock-free by Duato's theorem"
                    : "acyclic: deadlock-free by Dally and Seitz", seconds);
            for (String note : s.refusedClaims()) {
                out.println("claim refused: " + note);
            }
            if (!cdg.acyclic()) {
                out.println("shortest cycle (" + cdg.cycle().size() + " queues): " + String.join(" => ", cdg.cycleNames())
                    + " => (back to the first)");
            }
            if (dotFile != null) {
                out.println("dot: " + dotFile);
            }
            if (svg != null && svgProblem == null) {
                out.println("svg: " + svg);
            }
        }
        out.flush();
        return files.exit(err, code);
    }
}
