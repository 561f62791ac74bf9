package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.fabric.CreditLoops;
import flowproof.fabric.Fabric;
import flowproof.fabric.FabricFileException;
import flowproof.fabric.OpenSmFiles;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "fabric", mixinStandardHelpOptions = true,
    description = {"Checks the routes a subnet manager installed in an InfiniBand fabric for credit loops: reads "
        + "OpenSM's dump files (opensm -D 0x43 --dump_files_dir DIR), walks every CA-to-CA route through the "
        + "switches' forwarding tables on the VLs the SL-to-VL tables give for each path's SL, and reports every "
        + "cyclic part of the dependency graph with a shortest loop through it, link by link (switches, ports, VL), "
        + "with the routes that make each of its dependencies.",
        "DIR holds opensm-subnet.lst, opensm-lfts.dump (or opensm.fdbs), and optionally opensm-sl2vl.dump (-Q) and "
            + "path-sls.txt (the paths' SLs, as ibdmchk -c reads them or as saquery -p prints them); the options "
            + "name other files. Without path SLs every path is on SL 0, as ibdmchk assumes.",
        "Exit code: 0 no credit loop and every route delivered, 1 a credit loop or a route that does not reach its "
            + "destination, 2 bad input (one line)."})
final class FabricCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", arity = "0..1", description = "OpenSM's dump directory")
    Path dir;

    @Option(names = "--topology", paramLabel = "FILE", description = "the links and LIDs: opensm-subnet.lst, or "
        + "ibnetdiscover output (default: DIR/opensm-subnet.lst)")
    Path topology;

    @Option(names = "--lfts", paramLabel = "FILE", description = "the forwarding tables: opensm-lfts.dump (as dump_lfts "
        + "prints them) or opensm.fdbs (default: either, in DIR)")
    Path lfts;

    @Option(names = "--sl2vl", paramLabel = "FILE", description = "SL-to-VL tables as OpenSM dumps them with -Q "
        + "(default: DIR/opensm-sl2vl.dump when there; none: VL = SL)")
    Path sl2vl;

    @Option(names = "--path-sls", paramLabel = "FILE", description = "each path's SL: lines '0xSRC_GUID DLID SL' "
        + "(ibdmchk -c) or saquery -p output (default: DIR/path-sls.txt when there; none: SL 0)")
    Path pathSls;

    @Option(names = "--lmc", paramLabel = "N", description = "LIDs per CA port are 2^N (default: as the forwarding "
        + "tables list them)")
    Integer lmc;

    @Option(names = "--routes", paramLabel = "N", defaultValue = "3", description = "routes named for each dependency "
        + "of a loop (all are counted; default ${DEFAULT-VALUE})")
    int examples;

    @Option(names = "--loops", paramLabel = "N", defaultValue = "20", description = "loops listed at most: a shortest "
        + "loop through each channel on a cycle that no loop listed before passes (default ${DEFAULT-VALUE})")
    int maxLoops;

    @Option(names = "--spec", paramLabel = "FILE", description = "also write the fabric as a spec (FILE, with "
        + "FILE's name plus -network.yaml and -routes.yaml beside it): switches and CAs as routers, the forwarding "
        + "tables as its routing table, one VC, virtual cut-through; for one VL, LMC 0, one link between two nodes")
    Path specFile;

    @Option(names = "--check", description = "then run 'check' on the spec written by --spec: every engine's verdict, "
        + "and a deadlock trace from the empty network where one is reached (the exit code is check's)")
    boolean check;

    @Option(names = "--counterexamples", paramLabel = "DIR", description = "with --check: where check saves the trace "
        + "(check's default: counterexamples)")
    Path counterexamples;

    @Option(names = "--no-save", description = "with --check: do not save the trace")
    boolean noSave;

    @Option(names = "--json", description = "print one JSON object (with --check, check's own follows on the next line)")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws java.io.IOException, InterruptedException {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (dir == null && (topology == null || lfts == null)) {
            err.println("flowproof fabric: expected a dump directory DIR, or --topology FILE and --lfts FILE, found "
                + (topology == null && lfts == null ? "neither" : "only " + (topology == null ? "--lfts" : "--topology")));
            return Main.BAD_INPUT;
        }
        if (dir != null && !Files.isDirectory(dir)) {
            err.println(dir + ": expected a directory of OpenSM's dump files, found " + (Files.exists(dir)
                ? "a file" : "nothing"));
            return Main.BAD_INPUT;
        }
        if (examples < 0) {
            err.println("--routes: expected 0 or more, found " + examples);
            return Main.BAD_INPUT;
        }
        if (maxLoops < 1) {
            err.println("--loops: expected 1 or more, found " + maxLoops);
            return Main.BAD_INPUT;
        }
        for (Path p : new Path[] {topology, lfts, sl2vl, pathSls}) {
            if (p != null && !Files.isRegularFile(p)) {
                err.println(p + ": expected a file, found " + (Files.exists(p) ? "a directory" : "nothing"));
                return Main.BAD_INPUT;
            }
        }
        if ((counterexamples != null || noSave) && !check) {
            err.println((noSave ? "--no-save" : "--counterexamples") + ": expected with --check (it is check's), found "
                + "no --check");
            return Main.BAD_INPUT;
        }
        if (check && specFile == null) {
            err.println("--check: expected --spec FILE (the spec to check), found none");
            return Main.BAD_INPUT;
        }
        long t0 = System.nanoTime();
        Fabric f;
        try {
            f = OpenSmFiles.read(new OpenSmFiles.Sources(dir, topology, lfts, sl2vl, pathSls, lmc));
        } catch (FabricFileException e) {
            err.println(e.getMessage());
            return Main.BAD_INPUT;
        }
        long t1 = System.nanoTime();
        CreditLoops c = CreditLoops.check(f, examples, maxLoops);
        double readSeconds = (t1 - t0) / 1e9;
        double checkSeconds = (System.nanoTime() - t1) / 1e9;
        boolean ok = c.loops().isEmpty() && c.brokenCount() == 0;
        String verdict = !c.loops().isEmpty() ? "credit-loops" : c.brokenCount() > 0 ? "broken-routes" : "no-credit-loops";
        if (json) {
            out.println(json(c, verdict, readSeconds, checkSeconds));
        } else {
            text(out, c, verdict, readSeconds, checkSeconds);
        }
        out.flush();
        if (specFile != null) {
            flowproof.fabric.FabricSpec.Refusal refusal = flowproof.fabric.FabricSpec.refusal(c);
            if (refusal != null) {
                err.println("--spec: " + refusal);
                return Main.BAD_INPUT;
            }
            String base = specFile.getFileName().toString().replaceAll("\\.ya?ml$", "");
            flowproof.fabric.FabricSpec.Files files = flowproof.fabric.FabricSpec.of(c, base, base + "-network.yaml",
                base + "-routes.yaml", String.valueOf(dir != null ? dir : f.source()));
            Path parent = specFile.toAbsolutePath().getParent();
            Outputs w = new Outputs();
            com.fasterxml.jackson.databind.ObjectMapper yaml = new com.fasterxml.jackson.databind.ObjectMapper(
                com.fasterxml.jackson.dataformat.yaml.YAMLFactory.builder().disable(
                    com.fasterxml.jackson.dataformat.yaml.YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build());
            w.write("--spec", () -> flowproof.report.OutputFile.write(parent.resolve(base + "-network.yaml"),
                yaml.writeValueAsString(files.graph())));
            w.write("--spec", () -> flowproof.report.OutputFile.write(parent.resolve(base + "-routes.yaml"),
                yaml.writeValueAsString(files.routes())));
            w.write("--spec", () -> flowproof.report.OutputFile.write(specFile, yaml.writeValueAsString(files.spec())));
            if (!w.ok()) {
                return w.exit(err, Main.BAD_INPUT);
            }
            if (!json) {
                out.println("spec: " + specFile + " (with " + base + "-network.yaml and " + base + "-routes.yaml)");
                out.flush();
            }
            if (check) {
                java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("check", specFile.toString()));
                if (counterexamples != null) {
                    args.addAll(java.util.List.of("--counterexamples", counterexamples.toString()));
                }
                if (noSave) {
                    args.add("--no-save");
                }
                if (json) {
                    args.add("--json");
                }
                return Main.run(args.toArray(new String[0]), out, err);
            }
        }
        return ok ? Main.OK : Main.VIOLATION;
    }

    private static String vls(java.util.Collection<Integer> v) {
        return v.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private void text(PrintWriter out, CreditLoops c, String verdict, double read, double check) {
        Fabric f = c.fabric();
        out.printf("fabric %s: %,d switches, %,d CA ports, LMC %d; %,d routes (%,d switch hops), %,d dependencies on VL%s %s;"
                + " path SLs: %s; SL-to-VL tables: %s (read %.2f s, checked %.2f s)%n",
            dir != null ? dir : f.source(), f.switches(), f.endpoints(), f.lmc(), c.routes(), c.hops(), c.dependencies(),
            c.vls().size() == 1 ? "" : "s", vls(c.vls()), f.pathSlsGiven() ? "given" : "none (every path on SL 0)",
            f.hasSl2Vl() ? "given" : "none (VL = SL)", read, check);
        for (CreditLoops.Broken b : c.broken()) {
            out.println("route not delivered: " + c.route(b.route()) + ": " + b.why());
        }
        if (c.brokenCount() > c.broken().size()) {
            out.printf("... %,d routes not delivered in all%n", c.brokenCount());
        }
        if (!c.parts().isEmpty()) {
            out.printf("cyclic parts of the dependency graph: %d (%s channels); %d loops below pass every channel on a "
                    + "cycle%s%n", c.parts().size(), c.parts().stream().map(p -> String.format("%,d", p[0]))
                    .collect(Collectors.joining(", ")), c.loops().size(),
                c.uncovered() > 0 ? String.format(" but %,d (--loops to list more)", c.uncovered()) : "");
        }
        int k = 0;
        for (CreditLoops.Loop l : c.loops()) {
            k++;
            out.printf("credit loop %d: %d links on VL%s %s (cyclic part %d: %,d channels, %,d dependencies)%n", k,
                l.loop().size(), l.vls().size() == 1 ? "" : "s", vls(l.vls()), l.part() + 1, l.channels(),
                l.dependencies());
            for (CreditLoops.Dependency d : l.loop()) {
                out.printf("  %s VL %d, then %s VL %d: %,d route%s, e.g. %s%n", c.link(d.from()), d.from().vl(),
                    c.link(d.to()), d.to().vl(), d.routes(), d.routes() == 1 ? "" : "s",
                    d.examples().stream().map(c::route).collect(Collectors.joining("; ")));
            }
        }
        out.println("verdict: " + verdict + switch (verdict) {
            case "credit-loops" -> " (packets on these routes can wait on each other's credits forever: a deadlock is "
                + "possible)";
            case "broken-routes" -> " (no credit loop among the routes walked, but some routes do not reach their "
                + "destination)";
            default -> " (the dependency graph of every route is acyclic on every VL: deadlock-free by Dally and Seitz)";
        });
    }

    private String json(CreditLoops c, String verdict, double read, double check) {
        ObjectMapper m = new ObjectMapper();
        Fabric f = c.fabric();
        ObjectNode o = m.createObjectNode();
        o.put("fabric", String.valueOf(dir != null ? dir : f.source()));
        o.put("verdict", verdict);
        o.put("switches", f.switches());
        o.put("caPorts", f.endpoints());
        o.put("lmc", f.lmc());
        o.put("routes", c.routes());
        o.put("hops", c.hops());
        o.put("dependencies", c.dependencies());
        ArrayNode vl = o.putArray("vls");
        c.vls().forEach(vl::add);
        o.put("pathSls", f.pathSlsGiven());
        o.put("sl2vl", f.hasSl2Vl());
        o.put("readSeconds", read);
        o.put("checkSeconds", check);
        o.put("brokenRoutes", c.brokenCount());
        ArrayNode broken = o.putArray("broken");
        for (CreditLoops.Broken b : c.broken()) {
            ObjectNode x = broken.addObject();
            route(x.putObject("route"), c, b.route());
            x.put("why", b.why());
        }
        ArrayNode parts = o.putArray("parts");
        for (int[] p : c.parts()) {
            ObjectNode x = parts.addObject();
            x.put("channels", p[0]);
            x.put("dependencies", p[1]);
        }
        o.put("uncoveredChannels", c.uncovered());
        ArrayNode loops = o.putArray("loops");
        for (CreditLoops.Loop l : c.loops()) {
            ObjectNode x = loops.addObject();
            x.put("part", l.part() + 1);
            x.put("channels", l.channels());
            x.put("dependencies", l.dependencies());
            ArrayNode v = x.putArray("vls");
            l.vls().forEach(v::add);
            ArrayNode links = x.putArray("loop");
            for (CreditLoops.Dependency d : l.loop()) {
                ObjectNode y = links.addObject();
                channel(y, f, d.from());
                y.put("routes", d.routes());
                ArrayNode ex = y.putArray("examples");
                for (CreditLoops.Route r : d.examples()) {
                    route(ex.addObject(), c, r);
                }
            }
        }
        return o.toString();
    }

    private static void channel(ObjectNode y, Fabric f, CreditLoops.Channel ch) {
        int to = f.peer(ch.node(), ch.port());
        y.put("from", f.name(ch.node()));
        y.put("fromGuid", String.format("0x%016x", f.guid(ch.node())));
        y.put("port", ch.port());
        y.put("to", to < 0 ? null : f.name(to));
        y.put("toPort", to < 0 ? -1 : f.peerPort(ch.node(), ch.port()));
        y.put("vl", ch.vl());
    }

    private static void route(ObjectNode x, CreditLoops c, CreditLoops.Route r) {
        Fabric f = c.fabric();
        x.put("source", f.endpointName(r.src()));
        x.put("sourceLid", f.endpointLid(r.src()));
        int e = f.endpointOfLid(r.dlid());
        x.put("destination", e < 0 ? null : f.endpointName(e));
        x.put("dlid", r.dlid());
        x.put("sl", r.sl());
    }
}
