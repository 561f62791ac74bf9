package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.Liveness;
import flowproof.explore.Move;
import flowproof.explore.Replayer;
import flowproof.spec.Spec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "live", mixinStandardHelpOptions = true,
    description = {"Starvation and livelock under a stated arbitration and fairness: builds the spec's whole reachable "
        + "state graph (with round-robin pointers as state) and looks for a fair loop reached from the empty network "
        + "in which a packet waiting at a queue's head, or a source waiting to inject, never moves (starvation-freedom), "
        + "or a packet moves forever without being ejected (livelock-freedom). A violation is a lasso: the moves to the "
        + "loop, then the loop, repeated forever. docs/verdicts.md (\"Liveness\").",
        "Arbitration (--arbitration, else the spec's arbitration field, else any): any (every interleaving), round-robin "
            + "(a pointer per queue, moved past each grant), fixed-priority (lowest VC, then lowest channel, injections "
            + "last: a round-robin arbiter that always starts its scan at VC 0). Fairness binds the packets at queue heads and, "
            + "for starvation, the sources, which are saturated (always a packet to send); for livelock a source may stop "
            + "at any time: strong (default: enabled infinitely often, "
            + "eventually moves) or weak (enabled from some point on, eventually moves). Livelock is first decided by the "
            + "routes alone: every route finite (holds for any traffic), or a packet alone that circles (violated).",
        "Exit code: 0 every property asked holds, 1 one is violated (its lasso printed), 2 bad input (also a model it "
            + "does not cover: wormhole, injection queues, message classes, synchronous steps), 3 the state or time "
            + "limit reached (incomplete)."})
final class LiveCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML)")
    Path spec;

    @Option(names = "--arbitration", paramLabel = "A", description = "any, round-robin or fixed-priority (default: the "
        + "spec's arbitration, else any)")
    String arbitration;

    @Option(names = "--fairness", paramLabel = "F", defaultValue = "strong", description = "strong or weak (default: "
        + "${DEFAULT-VALUE})")
    String fairness;

    @Option(names = "--properties", paramLabel = "P", split = ",", description = "starvation-freedom, livelock-freedom "
        + "(default both)")
    List<String> properties;

    @Option(names = "--max-states", paramLabel = "N", defaultValue = "2000000", description = "states of the graph at "
        + "most, arbiter pointers included (default ${DEFAULT-VALUE}); reaching it is incomplete")
    int maxStates;

    @Option(names = "--max-seconds", paramLabel = "S", defaultValue = "120", description = "seconds at most (default "
        + "${DEFAULT-VALUE}); reaching it is incomplete")
    double maxSeconds;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Option(names = "--lasso", paramLabel = "FILE", description = "write the first lasso found (the spec, the "
        + "arbitration, the prefix and the loop) to FILE; 'flowproof replay FILE' re-checks it")
    Path lassoFile;

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
        String arb = arbitration != null ? arbitration : s.tree().path("arbitration").asText("any");
        Liveness.Arbitration a = Liveness.Arbitration.of(arb);
        if (a == null) {
            err.println((arbitration != null ? "--arbitration" : spec + ": arbitration") + ": expected any, round-robin "
                + "or fixed-priority" + (arb.equals("oldest-first") ? " (oldest-first needs packet ages, which the model "
                + "does not keep: not built)" : "") + ", found " + arb);
            return Main.BAD_INPUT;
        }
        Liveness.Fairness f = fairness.equals("strong") ? Liveness.Fairness.STRONG
            : fairness.equals("weak") ? Liveness.Fairness.WEAK : null;
        if (f == null) {
            err.println("--fairness: expected strong or weak, found " + fairness);
            return Main.BAD_INPUT;
        }
        Set<Liveness.Kind> kinds = EnumSet.noneOf(Liveness.Kind.class);
        for (String p : properties == null ? List.of("starvation-freedom", "livelock-freedom") : properties) {
            Liveness.Kind k = p.equals("starvation-freedom") ? Liveness.Kind.STARVATION_FREEDOM
                : p.equals("livelock-freedom") ? Liveness.Kind.LIVELOCK_FREEDOM : null;
            if (k == null) {
                err.println("--properties: expected starvation-freedom or livelock-freedom, found " + p);
                return Main.BAD_INPUT;
            }
            kinds.add(k);
        }
        if (maxStates < 1 || !(maxSeconds > 0)) {
            err.println(maxStates < 1 ? "--max-states: expected a positive number of states, found " + maxStates
                : "--max-seconds: expected a positive number of seconds, found " + maxSeconds);
            return Main.BAD_INPUT;
        }
        String refused = Liveness.refusal(s.model());
        if (refused != null) {
            err.println(spec + ": expected an interleaving model of whole packets for 'live', found " + refused);
            return Main.BAD_INPUT;
        }
        Liveness.Answer ans = Liveness.check(s.model(), a, f, kinds, maxStates, maxSeconds);
        boolean violated = ans.results().stream().anyMatch(r -> r.status().equals("violated"));
        if (lassoFile != null) {
            Liveness.Result first = ans.results().stream().filter(r -> r.lasso() != null).findFirst().orElse(null);
            if (first != null) {
                Outputs w = new Outputs();
                ObjectNode file = lassoJson(s, a, f, first);
                w.write("--lasso", () -> flowproof.report.OutputFile.write(lassoFile,
                    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(file)));
                if (!w.ok()) {
                    return w.exit(err, Main.BAD_INPUT);
                }
            }
        }
        boolean incomplete = ans.results().stream().anyMatch(r -> r.status().equals("incomplete"));
        if (json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("spec", s.name());
            o.put("arbitration", a.key());
            o.put("fairness", f.key());
            o.put("states", ans.states());
            o.put("moves", ans.moves());
            o.put("seconds", ans.seconds());
            o.put("limit", ans.limit());
            ArrayNode rs = o.putArray("results");
            for (Liveness.Result r : ans.results()) {
                ObjectNode x = rs.addObject();
                x.put("property", r.kind().key());
                x.put("status", r.status());
                x.put("how", r.how());
                ArrayNode vs = x.putArray("starved");
                r.victims().forEach(vs::add);
                if (r.lasso() != null) {
                    x.put("victim", r.lasso().victim());
                    ArrayNode pre = x.putArray("prefix");
                    r.lasso().prefix().forEach(m -> pre.add(Replayer.describe(s.model(), m)));
                    ArrayNode loop = x.putArray("loop");
                    r.lasso().loop().forEach(m -> loop.add(Replayer.describe(s.model(), m)));
                }
            }
            out.println(o);
        } else {
            out.printf("%s  (%s)%n", s.name(), spec);
            out.printf("  model          %s%n", s.model().describe());
            out.printf("  arbitration    %s; %s fairness (starvation: on the packets at queue heads and the saturated "
                + "sources; livelock: on the packets, sources may stop)%n", a.key(), f.key());
            if (ans.states() == 0) {
                out.printf("  states         none built: the routes decided (%.2f s)%n", ans.seconds());
            } else {
                out.printf("  states         %,d%s, %,d moves, %.2f s%s%n", ans.states(),
                    a == Liveness.Arbitration.ROUND_ROBIN ? " (with the arbiters' pointers)" : "", ans.moves(),
                    ans.seconds(), ans.limit() == null ? "" : " (stopped by the " + ans.limit() + " limit: incomplete)");
            }
            for (Liveness.Result r : ans.results()) {
                out.printf("  property       %-20s %s (%s)%n", r.kind().key(), r.lasso() == null ? r.status()
                    : "violated: a fair loop " + r.lasso().victim(), r.how());
                if (r.victims().size() > 1) {
                    out.printf("  starved        %d in all: %s%n", r.victims().size(), String.join("; ", r.victims()));
                }
                if (r.lasso() != null) {
                    printMoves(out, s, "prefix", "from the empty network", r.lasso().prefix());
                    printMoves(out, s, "loop", "repeated forever", r.lasso().loop());
                }
            }
        }
        out.flush();
        return violated ? Main.VIOLATION : incomplete ? Main.INCOMPLETE : Main.OK;
    }

    private static void printMoves(PrintWriter out, Spec s, String what, String how, List<Move> moves) {
        out.printf("  %-14s %d moves %s%s%n", what, moves.size(), how, moves.isEmpty() ? "" : ":");
        int i = 0;
        for (Move m : moves) {
            out.printf("    %3d. %s%n", ++i, Replayer.describe(s.model(), m));
        }
    }

    /** The format of lasso files. */
    static final String LASSO_FORMAT = "flowproof-lasso";

    static ObjectNode lassoJson(Spec s, Liveness.Arbitration a, Liveness.Fairness f, Liveness.Result r) {
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("format", LASSO_FORMAT);
        o.put("version", 1);
        o.set("spec", s.tree());
        o.put("arbitration", a.key());
        o.put("fairness", f.key());
        o.put("property", r.kind().key());
        o.put("victim", r.lasso().victim());
        o.put("victim-actor", r.lasso().victimActor());
        moves(o.putArray("prefix"), s, r.lasso().prefix());
        moves(o.putArray("loop"), s, r.lasso().loop());
        return o;
    }

    private static void moves(ArrayNode to, Spec s, List<Move> moves) {
        for (Move m : moves) {
            ObjectNode x = to.addObject();
            x.put("kind", m.kind().key());
            x.put("node", m.node());
            x.put("destination", m.destination());
            x.put("from", m.from());
            x.put("to", m.to());
            x.put("text", Replayer.describe(s.model(), m));
        }
    }

    /** Replays a lasso file: null when it is not one, else the exit code after printing the outcome. */
    static Integer replayLasso(Path file, com.fasterxml.jackson.databind.JsonNode root, PrintWriter out, PrintWriter err) {
        if (!LASSO_FORMAT.equals(root.path("format").asText())) {
            return null;
        }
        Spec s;
        try {
            s = flowproof.spec.SpecReader.fromTree(file.toString(), "spec.", root.get("spec"));
        } catch (flowproof.spec.SpecException e) {
            err.println(e.getMessage());
            return Main.BAD_INPUT;
        }
        Liveness.Arbitration a = Liveness.Arbitration.of(root.path("arbitration").asText());
        if (a == null) {
            err.println(file + ": arbitration: expected any, round-robin or fixed-priority, found "
                + root.path("arbitration"));
            return Main.BAD_INPUT;
        }
        List<Move> prefix = new java.util.ArrayList<>();
        List<Move> loop = new java.util.ArrayList<>();
        for (String part : new String[] {"prefix", "loop"}) {
            com.fasterxml.jackson.databind.JsonNode ms = root.get(part);
            if (ms == null || !ms.isArray()) {
                err.println(file + ": " + part + ": expected a list of moves, found " + (ms == null ? "nothing" : ms));
                return Main.BAD_INPUT;
            }
            for (com.fasterxml.jackson.databind.JsonNode m : ms) {
                Move.Kind k = Move.Kind.of(m.path("kind").asText());
                if (k == null || !m.path("node").isInt() || !m.path("from").isInt() || !m.path("to").isInt()) {
                    err.println(file + ": " + part + ": expected moves {kind, node, destination, from, to}, found " + m);
                    return Main.BAD_INPUT;
                }
                (part.equals("prefix") ? prefix : loop).add(new Move(k, m.get("node").asInt(),
                    m.path("destination").asInt(), m.get("from").asInt(), m.get("to").asInt()));
            }
        }
        Liveness.Lasso lasso = new Liveness.Lasso(prefix, loop, root.path("victim").asText(),
            root.path("victim-actor").asInt(-1));
        String fk = root.path("fairness").asText();
        Liveness.Fairness fair = fk.equals("strong") ? Liveness.Fairness.STRONG : fk.equals("weak")
            ? Liveness.Fairness.WEAK : null;
        if (fair == null) {
            err.println(file + ": fairness: expected strong or weak, found " + root.path("fairness"));
            return Main.BAD_INPUT;
        }
        String problem = Liveness.replay(s.model(), a, fair, lasso);
        if (problem == null) {
            out.println(file + ": reproduced: " + root.path("property").asText() + " violated under " + a.key()
                + " arbitration, " + fair.key() + " fairness: " + prefix.size() + " moves to a loop of " + loop.size() + " that ends where it began"
                + (lasso.victimActor() >= 0 ? "; " + lasso.victim().replaceFirst("^starves ", "") + " never moves in it"
                : ""));
            return Main.OK;
        }
        out.println(file + ": NOT reproduced: " + problem);
        return Main.VIOLATION;
    }
}
