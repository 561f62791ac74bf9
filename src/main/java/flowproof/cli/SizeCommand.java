package flowproof.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.explore.Verdict;
import flowproof.routing.RoutingException;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "size", mixinStandardHelpOptions = true,
    description = {"The smallest value of one resource (capacity, vcs, bubbles, endpoint-queue or vc-classes) for which "
        + "check decides the spec deadlock-free, with the counterexample at the next smaller value. Every value of the "
        + "range is checked, so monotonicity is checked, not assumed: a counterexample above the smallest deadlock-free "
        + "value is reported (not monotone). A value below the answer that check leaves incomplete makes the answer an "
        + "upper bound only (incomplete). docs/reference/commands.md, docs/verdicts.md (\"size\").",
        "Exit code: 0 the smallest value found (every value below it a counterexample), 1 no value of the range "
            + "deadlock-free, 2 bad input, 3 incomplete (a value undecided below the answer, or not monotone)."})
final class SizeCommand implements Callable<Integer> {

    /** The resources {@code --resource} names, with the spec field each sets. */
    enum Resource {
        CAPACITY("capacity", "capacity"),
        VCS("vcs", "vcs"),
        BUBBLES("bubbles", "rule.bubbles"),
        ENDPOINT_QUEUE("endpoint-queue", "messages.endpoint-queue"),
        VC_CLASSES("vc-classes", "vc-classes.classes");

        final String key;
        final String field;

        Resource(String key, String field) {
            this.key = key;
            this.field = field;
        }

        static Resource of(String key) {
            for (Resource r : values()) {
                if (r.key.equals(key)) {
                    return r;
                }
            }
            return null;
        }
    }

    @Parameters(paramLabel = "SPEC", description = "a spec file (YAML)")
    Path spec;

    @Option(names = "--resource", paramLabel = "R", required = true,
        description = "capacity, vcs, bubbles (rule.bubbles), endpoint-queue (messages.endpoint-queue) or vc-classes "
            + "(vc-classes.classes)")
    String resource;

    @Option(names = "--from", paramLabel = "N", defaultValue = "1", description = "the smallest value tried (default 1)")
    int from;

    @Option(names = "--to", paramLabel = "M", description = "the largest value tried (default: from + 7)")
    Integer to;

    @CommandLine.Mixin
    SearchOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    /** One value tried: its verdict (null when the spec is invalid at that value), the reason, the files saved. */
    record Step(int value, Verdict verdict, String method, String invalid, List<String> files) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = cmd.commandLine().getErr();
        PrintWriter out = cmd.commandLine().getOut();
        Resource r = Resource.of(resource);
        if (r == null) {
            err.println("--resource: expected capacity, vcs, bubbles, endpoint-queue or vc-classes, found " + resource);
            return Main.BAD_INPUT;
        }
        int last = to == null ? from + 7 : to;
        if (from < 1 || last < from || last - from > 63) {
            err.println("--from/--to: expected 1 <= from <= to <= from + 63, found " + from + " to " + last);
            return Main.BAD_INPUT;
        }
        if (options.problem() != null) {
            err.println(options.problem());
            return Main.BAD_INPUT;
        }
        Spec base = Main.readSpec(spec, err);
        if (base == null) {
            return Main.BAD_INPUT;
        }
        String problem = applies(r, base.tree());
        if (problem != null) {
            err.println(spec + ": " + r.field + ": " + problem);
            return Main.BAD_INPUT;
        }
        List<Step> steps = new ArrayList<>();
        for (int v = from; v <= last; v++) {
            ObjectNode tree = (ObjectNode) base.tree().deepCopy();
            set(r, tree, v);
            tree.remove("expect");
            tree.put("name", base.name() + "-" + r.key + "-" + v);
            Spec s;
            try {
                s = SpecReader.fromTree(spec.toString(), "", tree);
            } catch (SpecException e) {
                steps.add(new Step(v, null, null, e.getMessage(), List.of()));
                continue;
            }
            Decision d;
            try {
                d = Flowproof.check(s, options.options(err));
            } catch (RoutingException e) {
                err.println(spec + " (" + r.field + " " + v + "): routing: " + e.getMessage());
                return Main.BAD_INPUT;
            }
            steps.add(new Step(v, d.verdict(), d.method() == null ? null : d.method().key(), null,
                new ArrayList<>(d.savedFiles().values())));
        }
        if (steps.stream().allMatch(st -> st.verdict() == null)) {
            err.println(steps.get(0).invalid() + " (every value of " + r.field + " from " + from + " to " + last
                + " is refused)");
            return Main.BAD_INPUT;
        }
        Answer a = answer(steps);
        if (options.json) {
            out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(json(base, r, steps, a)));
        } else {
            print(out, base, r, steps, a);
        }
        out.flush();
        return a.exit;
    }

    /** Null when the resource can be set on this spec, else what is missing. */
    static String applies(Resource r, JsonNode tree) {
        return switch (r) {
            case BUBBLES -> tree.path("rule").isObject() || tree.path("rule").isTextual() ? null
                : "expected a rule that takes bubbles (rule: {kind: critical-bubble, bubbles: N}), found none";
            case ENDPOINT_QUEUE -> tree.path("messages").isObject() ? null
                : "expected a spec with messages (message classes), found none";
            case VC_CLASSES -> tree.path("vc-classes").isObject() ? null
                : "expected a spec with vc-classes, found none";
            default -> null;
        };
    }

    /** Sets resource {@code r} to {@code v} in a copy of a spec's tree. */
    static void set(Resource r, ObjectNode tree, int v) {
        switch (r) {
            case CAPACITY -> tree.put("capacity", v);
            case VCS -> tree.put("vcs", v);
            case BUBBLES -> {
                JsonNode rule = tree.get("rule");
                ObjectNode o = rule.isObject() ? (ObjectNode) rule : tree.putObject("rule").put("kind", rule.asText());
                o.put("bubbles", v);
                tree.set("rule", o);
            }
            case ENDPOINT_QUEUE -> ((ObjectNode) tree.get("messages")).put("endpoint-queue", v);
            case VC_CLASSES -> ((ObjectNode) tree.get("vc-classes")).put("classes", v);
            default -> throw new IllegalStateException();
        }
    }

    /**
     * The answer: the smallest deadlock-free value (or none), whether every value below it is an
     * established counterexample, the first counterexample above it (not monotone), and the exit code.
     */
    record Answer(Integer smallest, boolean established, Integer violatedAbove, String why, int exit) {
    }

    static Answer answer(List<Step> steps) {
        Integer smallest = null;
        for (Step s : steps) {
            if (s.verdict() != null && s.verdict().satisfies(Verdict.DEADLOCK_FREE)) {
                smallest = s.value();
                break;
            }
        }
        if (smallest == null) {
            boolean undecided = steps.stream().anyMatch(s -> s.verdict() == Verdict.INCOMPLETE);
            return new Answer(null, false, null, undecided ? "no value decided deadlock-free; some left incomplete"
                : "no value of the range is deadlock-free", undecided ? Decision.EXIT_INCOMPLETE : Decision.EXIT_VIOLATION);
        }
        final int sm = smallest;
        boolean below = steps.stream().filter(s -> s.value() < sm)
            .allMatch(s -> s.verdict() == Verdict.COUNTEREXAMPLE || s.verdict() == null);
        Integer above = steps.stream().filter(s -> s.value() > sm && s.verdict() == Verdict.COUNTEREXAMPLE)
            .map(Step::value).findFirst().orElse(null);
        if (!below) {
            return new Answer(smallest, false, above, "a smaller value was left incomplete: " + smallest
                + " is an upper bound", Decision.EXIT_INCOMPLETE);
        }
        if (above != null) {
            return new Answer(smallest, true, above, "not monotone: deadlock-free at " + smallest + ", a counterexample at "
                + above, Decision.EXIT_INCOMPLETE);
        }
        return new Answer(smallest, true, null, null, Decision.EXIT_OK);
    }

    private static void print(PrintWriter out, Spec base, Resource r, List<Step> steps, Answer a) {
        out.printf("%s  (%s)%n", base.name(), base.source());
        for (Step s : steps) {
            out.printf("  %-" + Math.max(14, r.field.length()) + "s %-4d %s%n", r.field, s.value(), s.verdict() == null ? "invalid: " + s.invalid()
                : s.verdict().key() + " (method " + s.method() + ")" + (s.files().isEmpty() ? ""
                : "; trace " + String.join(", ", s.files())));
        }
        if (a.smallest() == null) {
            out.printf("  %-" + Math.max(14, r.field.length()) + "s none in %d-%d: %s%n", "smallest",
                steps.get(0).value(), steps.get(steps.size() - 1).value(), a.why());
            return;
        }
        Step prev = steps.stream().filter(s -> s.value() == a.smallest() - 1).findFirst().orElse(null);
        out.printf("  %-" + Math.max(14, r.field.length()) + "s %s = %d%s%s%n", "smallest", r.field, a.smallest(),
            prev == null ? " (the range's first value)" : prev.verdict() == Verdict.COUNTEREXAMPLE
                ? "; counterexample at " + prev.value() + (prev.files().isEmpty() ? "" : ": " + prev.files().get(0)) : "",
            a.why() == null ? "; monotone over the range" : "; " + a.why());
    }

    private static ObjectNode json(Spec base, Resource r, List<Step> steps, Answer a) {
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("spec", base.name());
        o.put("resource", r.key);
        o.put("field", r.field);
        ArrayNode vs = o.putArray("values");
        for (Step s : steps) {
            ObjectNode v = vs.addObject();
            v.put("value", s.value());
            if (s.verdict() == null) {
                v.putNull("verdict");
                v.put("invalid", s.invalid());
            } else {
                v.put("verdict", s.verdict().key());
                v.put("method", s.method());
                ArrayNode f = v.putArray("counterexamples");
                s.files().forEach(f::add);
            }
        }
        if (a.smallest() == null) {
            o.putNull("smallest");
        } else {
            o.put("smallest", a.smallest());
        }
        o.put("established", a.established());
        o.put("monotone", a.smallest() != null && a.violatedAbove() == null);
        if (a.why() != null) {
            o.put("note", a.why());
        }
        return o;
    }
}
