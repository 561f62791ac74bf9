package flowproof.cli;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.Move;
import flowproof.explore.Property;
import flowproof.explore.Replayer;
import flowproof.explore.Trace;
import flowproof.report.OutputFile;
import flowproof.report.TracePage;
import flowproof.spec.Spec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the browser page of a trace ({@link TracePage}) into a folder, one file per spec and
 * property: {@code NAME.PROPERTY.html}, next to nothing else (the page is self-contained).
 */
final class HtmlPages {

    private HtmlPages() {
    }

    /**
     * Replays the trace, builds the spec's channel dependency graph for the page, and writes the
     * page; returns its path.
     */
    static Path write(Path dir, Spec spec, Property property, List<Move> moves, List<Integer> stepSizes,
                      List<String> header) throws IOException {
        Replayer.Run run = Replayer.run(spec.model(), moves, stepSizes);
        String html = TracePage.html(spec.name() + ": " + property.key(), spec.model(), property.key(),
            Trace.steps(moves, stepSizes), run, cdg(spec), header);
        Path file = dir.resolve(spec.name() + "." + property.key() + ".html");
        OutputFile.write(file, html);
        return file;
    }

    /** The graph the cdg command builds for the spec (escape VCs under Duato), or null if it cannot be built. */
    private static ChannelDependencyGraph cdg(Spec s) {
        try {
            return s.routing().hasEscape()
                ? ChannelDependencyGraph.buildEscape(s.network(), s.routing(), s.rule(), s.pairs(), s.wormhole() != null)
                : ChannelDependencyGraph.build(s.network(), s.routing(), s.rule(), s.pairs());
        } catch (RuntimeException e) {
            // a routing error the explorer met too: the trace is still worth a page, without the graph
            return null;
        }
    }

    /** Writes a page for every trace of a decision; prints each page's path. */
    static void writeAll(Path dir, flowproof.check.Decision d, java.io.PrintWriter out, boolean json, Outputs files)
        throws IOException, InterruptedException {
        for (Trace t : d.traces().values()) {
            files.write("--html", () -> {
                Path f = write(dir, d.spec(), t.property(), t.moves(), t.stepSizes(),
                    List.of("spec: " + d.spec().source()));
                if (!json) {
                    out.println("html: " + f);
                }
            });
        }
    }
}
