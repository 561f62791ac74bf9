package flowproof.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cdg.ChannelDependencyGraph;
import flowproof.explore.Model;
import flowproof.explore.Move;
import flowproof.explore.Replayer;
import flowproof.explore.Snapshot;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A trace as one self-contained HTML page: inline CSS, inline script, the network drawn as
 * inline SVG ({@link NetworkLayout}), and the states of the trace embedded as JSON. The states
 * are computed here by {@link Replayer#run}, the same expansion that replays saved
 * counterexamples, so the page replays nothing itself: its script only shows the state of the
 * current step, the move that led to it (the packet that moved is outlined, the queue it left
 * dashed) and the rule that admitted it; at the last step, what every queue head waits for, the
 * rule's refusals, and a waiting cycle when the blocked heads form one. Nothing is loaded
 * from elsewhere: the page works from a file, offline.
 */
public final class TracePage {

    private static final ObjectMapper JSON = new ObjectMapper();

    private TracePage() {
    }

    /**
     * The page of one trace.
     *
     * @param title    the page's title (the spec's name and the property)
     * @param model    the model the trace belongs to
     * @param property the property's key, e.g. stuck-freedom
     * @param steps    the trace's moves, step by step
     * @param run      the trace replayed ({@link Replayer#run})
     * @param cdg      the spec's channel dependency graph, or null
     * @param header   lines shown under the title (source file, model), may be empty
     */
    public static String html(String title, Model model, String property, List<List<Move>> steps, Replayer.Run run,
                              ChannelDependencyGraph cdg, List<String> header) {
        ObjectNode data = data(title, model, property, steps, run, header);
        String cdgSvg = cdg == null ? "" : CdgPicture.gridSvg(cdg);
        String page = resource("trace-page.html");
        return page.replace("/*TITLE*/", escape(title))
            .replace("/*CSS*/", resource("trace-page.css"))
            .replace("/*SCRIPT*/", resource("trace-page.js"))
            // "</" never appears inside a script element, whatever a name holds
            .replace("/*DATA*/", data.toString().replace("</", "<\\/"))
            .replace("<!--CDG-->", cdgSvg.isEmpty() ? "" : "<h2>Channel dependency graph</h2>\n<p class=\"note\">"
                + escape(cdgCaption(cdg)) + "</p>\n" + cdgSvg);
    }

    private static String cdgCaption(ChannelDependencyGraph cdg) {
        String what = cdg.kind() == ChannelDependencyGraph.Kind.FULL ? "Every queue" : "The escape VCs (Duato's extended graph)";
        return what + "; an arrow from a queue to another: a packet at the head of the first may request the second. "
            + (cdg.acyclic() ? "The graph is acyclic." : "A shortest cycle (" + cdg.cycle().size() + " queues) is drawn in red: "
            + String.join(" => ", cdg.cycleNames()) + ".");
    }

    static ObjectNode data(String title, Model model, String property, List<List<Move>> steps, Replayer.Run run,
                           List<String> header) {
        Network net = model.network();
        Topology t = net.topology();
        NetworkLayout layout = NetworkLayout.of(net);
        ObjectNode d = JSON.createObjectNode();
        d.put("title", title);
        d.put("model", model.describe());
        d.put("property", property);
        d.put("unit", model.semantics() == flowproof.explore.Semantics.SYNCHRONOUS ? "clock cycle" : "move");
        d.put("capacity", model.wormhole() == null ? net.capacity() : model.wormhole().queueFlits());
        d.put("width", layout.width());
        d.put("height", layout.height());
        d.put("layout", layout.kind());
        d.put("legend", Picture.legend(model).replaceFirst("^legend: ", ""));
        d.put("rule", model.rule().describe());
        ArrayNode hd = d.putArray("header");
        header.forEach(hd::add);
        ArrayNode nodes = d.putArray("nodes");
        for (int v = 0; v < t.nodes(); v++) {
            nodes.addObject().put("name", t.nodeName(v)).put("x", layout.nodeX(v)).put("y", layout.nodeY(v))
                .put("endpoint", t.isEndpoint(v));
        }
        ArrayNode channels = d.putArray("channels");
        for (int c = 0; c < t.channels(); c++) {
            ObjectNode o = channels.addObject().put("name", t.channelName(c));
            ArrayNode cv = o.putArray("curve");
            for (double v : layout.curve(c)) {
                cv.add(v);
            }
        }
        ArrayNode queues = d.putArray("queues");
        for (int q = 0; q < net.queues(); q++) {
            queues.addObject().put("name", net.queueName(q)).put("x", layout.queueX(q)).put("y", layout.queueY(q))
                .put("channel", net.channelOf(q));
        }
        ArrayNode states = d.putArray("states");
        for (Snapshot s : run.states()) {
            ObjectNode o = states.addObject();
            ArrayNode ps = o.putArray("packets");
            for (int q = 0; q < s.packets().length; q++) {
                ArrayNode a = ps.addArray();
                if (s.flits() != null) {
                    for (String f : Picture.flits(s, q)) {
                        a.add(f);
                    }
                } else {
                    for (int h : s.packets()[q]) {
                        a.add(model.routing().headerName(h, t));
                    }
                }
            }
            ArrayNode marks = o.putArray("marks");
            for (int m : s.marks()) {
                marks.add(m);
            }
            if (s.flits() != null) {
                ArrayNode owner = o.putArray("owner");
                for (int q = 0; q < s.packets().length; q++) {
                    owner.add(s.flits()[q][0] < 0 ? "" : model.routing().headerName(s.flits()[q][0], t));
                }
            }
            o.put("text", Picture.state(model, s));
            o.put("packetCount", s.packetCount());
        }
        ArrayNode st = d.putArray("steps");
        for (int i = 0; i < steps.size() && i < run.states().size() - 1; i++) {
            ObjectNode o = st.addObject();
            ArrayNode moves = o.putArray("moves");
            for (Move m : steps.get(i)) {
                moves.addObject().put("text", Replayer.describe(model, m)).put("kind", m.kind().key())
                    .put("from", m.kind() == Move.Kind.CONSUME ? -1 : m.from()).put("to", m.to())
                    .put("verdict", verdict(model, m));
            }
        }
        if (run.refused() != null) {
            d.put("refused", run.refused());
        }
        ArrayNode waits = d.putArray("waits");
        for (Replayer.HeadWait w : run.waits()) {
            ObjectNode o = waits.addObject().put("queue", w.queue()).put("head", model.routing().headerName(w.header(), t))
                .put("exits", w.exits()).put("canMove", w.canMove());
            ArrayNode targets = o.putArray("targets");
            for (int i = 0; i < w.targets().length; i++) {
                int q = w.targets()[i];
                Snapshot last = run.states().get(run.states().size() - 1);
                boolean full = last.packets()[q].length >= net.capacity();
                targets.addObject().put("queue", q).put("admitted", w.admitted()[i]).put("full", full);
            }
        }
        ArrayNode cycle = d.putArray("cycle");
        waitingCycle(run.waits()).forEach(cycle::add);
        return d;
    }

    /** Why the rule had a say in a move, one phrase. */
    private static String verdict(Model model, Move m) {
        return switch (m.kind()) {
            case INJECT, FORWARD -> "admitted by the rule " + model.rule().describe();
            case EJECT -> "ejection: always allowed, not judged by the rule";
            case DRIFT -> "the rule " + model.rule().describe() + " lets the critical mark drift";
            case GENERATE -> "generation into the injection queue: not judged by the rule";
            case CONSUME -> "consumption at the endpoint: not judged by the rule";
        };
    }

    /**
     * A shortest cycle of queues whose heads cannot move and each waits on the next (one of its
     * refused targets), or empty when the blocked heads form none.
     */
    static List<Integer> waitingCycle(List<Replayer.HeadWait> waits) {
        Map<Integer, int[]> next = new HashMap<>();
        for (Replayer.HeadWait w : waits) {
            if (!w.canMove()) {
                next.put(w.queue(), w.targets());
            }
        }
        return flowproof.WaitCycle.shortest(next);
    }

    private static String resource(String name) {
        try (InputStream in = TracePage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
