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
        "Several resources (--resource endpoint-queue,vcs): every combination of the range, and the smallest ones: the "
            + "deadlock-free combinations no other deadlock-free one is below in every resource, each with the "
            + "counterexamples one below it in each resource; monotonicity is checked in every direction.",
        "Fewer VCs than the spec's messages.vcs names map each class's VCs onto the VCs there are (VC i to min(i, vcs - 1): "
            + "classes share a VC); one VC makes the dateline rule plain vct (no second VC to switch to); vc-classes keeps "
            + "the spec's VCs per class (vcs = classes x vcs / classes) and caps a hop's set at classes - 1.",
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

    @Option(names = "--resource", paramLabel = "R[,R2...]", required = true,
        description = "capacity, vcs, bubbles (rule.bubbles), endpoint-queue (messages.endpoint-queue) or vc-classes "
            + "(vc-classes.classes); several, comma-separated, are sized together")
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
        List<Resource> rs = new ArrayList<>();
        for (String key : resource.split(",", -1)) {
            Resource one = Resource.of(key.trim());
            if (one == null || rs.contains(one)) {
                err.println("--resource: expected capacity, vcs, bubbles, endpoint-queue or vc-classes" + (rs.isEmpty()
                    ? "" : ", each once") + ", found " + resource);
                return Main.BAD_INPUT;
            }
            rs.add(one);
        }
        Resource r = rs.get(0);
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
        if (rs.size() > 1) {
            return several(rs, base, last, out, err);
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
            case VCS -> {
                tree.put("vcs", v);
                // the dateline switches to a second VC: with one VC there is none, and the rule is plain VCT
                JsonNode rule = tree.path("rule");
                if (v == 1 && ("dateline".equals(rule.asText()) || "dateline".equals(rule.path("kind").asText()))) {
                    tree.put("rule", "vct");
                }
                // the classes' VCs onto the VCs there are: VC i to min(i, v - 1), so that with fewer VCs classes share one
                JsonNode mv = tree.path("messages").path("vcs");
                if (mv.isObject()) {
                    java.util.Iterator<java.util.Map.Entry<String, JsonNode>> it = mv.fields();
                    while (it.hasNext()) {
                        java.util.Map.Entry<String, JsonNode> e = it.next();
                        if (e.getValue().isArray()) {
                            java.util.TreeSet<Integer> vcs = new java.util.TreeSet<>();
                            e.getValue().forEach(x -> vcs.add(x.isInt() ? Math.min(x.asInt(), v - 1) : x.asInt()));
                            ArrayNode a = ((ArrayNode) e.getValue()).removeAll();
                            vcs.forEach(a::add);
                        }
                    }
                }
            }
            case BUBBLES -> {
                JsonNode rule = tree.get("rule");
                ObjectNode o = rule.isObject() ? (ObjectNode) rule : tree.putObject("rule").put("kind", rule.asText());
                o.put("bubbles", v);
                tree.set("rule", o);
            }
            case ENDPOINT_QUEUE -> ((ObjectNode) tree.get("messages")).put("endpoint-queue", v);
            case VC_CLASSES -> {
                ObjectNode vc = (ObjectNode) tree.get("vc-classes");
                // as many VCs per class as the spec has (a class owns vcs / classes VCs)
                int classes = vc.path("classes").asInt(0);
                int vcs = tree.path("vcs").asInt(0);
                if (classes > 0 && vcs > 0 && vcs % classes == 0) {
                    tree.put("vcs", v * (vcs / classes));
                }
                vc.put("classes", v);
                // a hop that sets a class beyond the last one there is sets the last one (saturates)
                for (JsonNode hop : vc.path("hops")) {
                    if (hop.isObject() && hop.path("set").isInt() && hop.get("set").asInt() > v - 1) {
                        ((ObjectNode) hop).put("set", v - 1);
                    }
                }
            }
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

    /** One combination tried: the values (in --resource's order) and its step. */
    record Point(int[] values, Step step) {
        boolean free() {
            return step.verdict() != null && step.verdict().satisfies(Verdict.DEADLOCK_FREE);
        }

        boolean below(Point o) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] > o.values[i]) {
                    return false;
                }
            }
            return true;
        }

        String label(List<Resource> rs) {
            List<String> l = new ArrayList<>();
            for (int i = 0; i < values.length; i++) {
                l.add(rs.get(i).key + " " + values[i]);
            }
            return String.join(", ", l);
        }
    }

    /** The most combinations of several resources tried. */
    static final int MAX_POINTS = 64;

    private int several(List<Resource> rs, Spec base, int last, PrintWriter out, PrintWriter err) throws Exception {
        for (Resource r : rs) {
            String problem = applies(r, base.tree());
            if (problem != null) {
                err.println(spec + ": " + r.field + ": " + problem);
                return Main.BAD_INPUT;
            }
        }
        int span = last - from + 1;
        long points = 1;
        for (int i = 0; i < rs.size(); i++) {
            points *= span;
        }
        if (points > MAX_POINTS) {
            err.println("--from/--to: expected at most " + MAX_POINTS + " combinations of " + rs.size() + " resources, found "
                + points + " (" + span + " values each)");
            return Main.BAD_INPUT;
        }
        List<Point> grid = new ArrayList<>();
        int[] v = new int[rs.size()];
        java.util.Arrays.fill(v, from);
        while (true) {
            ObjectNode tree = (ObjectNode) base.tree().deepCopy();
            StringBuilder name = new StringBuilder(base.name());
            for (int i = 0; i < rs.size(); i++) {
                name.append('-').append(rs.get(i).key).append('-').append(v[i]);
            }
            // vc-classes sets vcs to keep the VCs per class; an explicit vcs is set after it and wins
            for (int pass = 0; pass < 2; pass++) {
                for (int i = 0; i < rs.size(); i++) {
                    if ((rs.get(i) == Resource.VCS) == (pass == 1)) {
                        set(rs.get(i), tree, v[i]);
                    }
                }
            }
            tree.remove("expect");
            tree.put("name", name.toString());
            Step step;
            try {
                Spec s = SpecReader.fromTree(spec.toString(), "", tree);
                Decision d = Flowproof.check(s, options.options(err));
                step = new Step(0, d.verdict(), d.method() == null ? null : d.method().key(), null,
                    new ArrayList<>(d.savedFiles().values()));
            } catch (SpecException e) {
                step = new Step(0, null, null, e.getMessage(), List.of());
            } catch (RoutingException e) {
                err.println(spec + " (" + new Point(v.clone(), null).label(rs) + "): routing: " + e.getMessage());
                return Main.BAD_INPUT;
            }
            grid.add(new Point(v.clone(), step));
            int i = rs.size() - 1;
            while (i >= 0 && v[i] == last) {
                v[i] = from;
                i--;
            }
            if (i < 0) {
                break;
            }
            v[i]++;
        }
        if (grid.stream().allMatch(p -> p.step().verdict() == null)) {
            err.println(grid.get(0).step().invalid() + " (every combination is refused)");
            return Main.BAD_INPUT;
        }
        // the smallest deadlock-free combinations: none other deadlock-free below them
        List<Point> smallest = new ArrayList<>();
        for (Point p : grid) {
            if (p.free() && grid.stream().noneMatch(q -> q != p && q.free() && q.below(p))) {
                smallest.add(p);
            }
        }
        // not monotone: a counterexample at or above a deadlock-free combination
        List<String> notMonotone = new ArrayList<>();
        for (Point p : grid) {
            if (p.free()) {
                for (Point q : grid) {
                    if (q != p && p.below(q) && q.step().verdict() == Verdict.COUNTEREXAMPLE) {
                        notMonotone.add("deadlock-free at " + p.label(rs) + ", a counterexample at " + q.label(rs));
                    }
                }
            }
        }
        // an answer is established when every combination below it is a counterexample or refused
        boolean established = !smallest.isEmpty() && smallest.stream().allMatch(p -> grid.stream()
            .filter(q -> q != p && q.below(p)).allMatch(q -> q.step().verdict() == Verdict.COUNTEREXAMPLE
                || q.step().verdict() == null));
        boolean undecided = grid.stream().anyMatch(q -> q.step().verdict() == Verdict.INCOMPLETE);
        int exit = smallest.isEmpty() ? (undecided ? Decision.EXIT_INCOMPLETE : Decision.EXIT_VIOLATION)
            : !established || !notMonotone.isEmpty() ? Decision.EXIT_INCOMPLETE : Decision.EXIT_OK;
        if (options.json) {
            ObjectNode o = new ObjectMapper().createObjectNode();
            o.put("spec", base.name());
            ArrayNode res = o.putArray("resources");
            rs.forEach(r -> res.add(r.key));
            ArrayNode vs = o.putArray("combinations");
            for (Point p : grid) {
                ObjectNode x = vs.addObject();
                ObjectNode at = x.putObject("values");
                for (int i = 0; i < rs.size(); i++) {
                    at.put(rs.get(i).key, p.values()[i]);
                }
                x.put("verdict", p.step().verdict() == null ? null : p.step().verdict().key());
                if (p.step().verdict() == null) {
                    x.put("invalid", p.step().invalid());
                } else {
                    x.put("method", p.step().method());
                    ArrayNode f = x.putArray("counterexamples");
                    p.step().files().forEach(f::add);
                }
            }
            ArrayNode sm = o.putArray("smallest");
            for (Point p : smallest) {
                ObjectNode at = sm.addObject();
                for (int i = 0; i < rs.size(); i++) {
                    at.put(rs.get(i).key, p.values()[i]);
                }
            }
            o.put("established", established);
            o.put("monotone", notMonotone.isEmpty());
            ArrayNode nm = o.putArray("notMonotone");
            notMonotone.forEach(nm::add);
            out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(o));
            out.flush();
            return exit;
        }
        out.printf("%s  (%s)%n", base.name(), base.source());
        for (Point p : grid) {
            Step st = p.step();
            out.printf("  %-40s %s%n", p.label(rs), st.verdict() == null ? "invalid: " + st.invalid()
                : st.verdict().key() + " (method " + st.method() + ")" + (st.files().isEmpty() ? ""
                : "; trace " + String.join(", ", st.files())));
        }
        if (smallest.isEmpty()) {
            out.printf("  smallest: none in %d-%d for each: %s%n", from, last, undecided
                ? "no combination decided deadlock-free; some left incomplete" : "no combination of the range is deadlock-free");
        }
        for (Point p : smallest) {
            List<String> belows = new ArrayList<>();
            for (int i = 0; i < rs.size(); i++) {
                int[] w = p.values().clone();
                w[i]--;
                for (Point q : grid) {
                    if (java.util.Arrays.equals(q.values(), w)) {
                        belows.add(rs.get(i).key + " " + w[i] + ": " + (q.step().verdict() == null ? "invalid"
                            : q.step().verdict().key() + (q.step().files().isEmpty() ? "" : " " + q.step().files().get(0))));
                    }
                }
            }
            out.printf("  smallest: %s%s%n", p.label(rs), belows.isEmpty() ? " (the range's first values)"
                : "; one below: " + String.join("; ", belows));
        }
        if (!smallest.isEmpty()) {
            out.println("  " + (!notMonotone.isEmpty() ? "not monotone: " + String.join("; ", notMonotone)
                : !established ? "a smaller combination was left incomplete: the answer is an upper bound"
                : "monotone over the range in every resource"));
        }
        out.flush();
        return exit;
    }
}
