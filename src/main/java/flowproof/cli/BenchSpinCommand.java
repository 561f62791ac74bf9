package flowproof.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "bench-spin", mixinStandardHelpOptions = true,
    description = {"Measures the explorer against SPIN's exact breadth-first search on the same model, whole process "
        + "against whole process: SPIN generates, compiles and runs pan on a Promela model (by default reference R8, "
        + "bench/spin/r8-ring5-c2-critical-bubble.pml), and 'flowproof explore --no-save' runs on the matching spec in a "
        + "new JVM with this one's options (start-up, JIT warm-up, drainability and traces included); alternately, "
        + "--runs times each, so that both see the same load from the rest of the machine.",
        "Prints every run's wall and CPU seconds (user + system, from /usr/bin/time), the medians, and the ratios "
        + "SPIN / flowproof: SPIN's whole process and pan alone, by wall and by CPU seconds. The counts must "
        + "correspond (SPIN's states stored = flowproof's states, its transitions = flowproof's + 1 for the initial "
        + "state, the same depth); exit code 1 when they do not."})
final class BenchSpinCommand implements Callable<Integer> {

    @Option(names = "--spin", paramLabel = "BINARY", required = true, description = "the spin executable (e.g. 6.5.2)")
    Path spin;

    @Option(names = "--model", paramLabel = "FILE.pml", defaultValue = "bench/spin/r8-ring5-c2-critical-bubble.pml",
        description = "the Promela model (default: ${DEFAULT-VALUE})")
    Path model;

    @Option(names = "--spec", paramLabel = "SPEC", defaultValue = "specs/r8-ring5-c2-critical-bubble.yaml",
        description = "the spec of the same model (default: ${DEFAULT-VALUE})")
    Path specFile;

    @Option(names = "--runs", defaultValue = "3", description = "runs of each, alternately (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--cc", defaultValue = "gcc", description = "the C compiler for pan.c (default: ${DEFAULT-VALUE})")
    String cc;

    @Option(names = "--pan-cflags", defaultValue = "-O2 -DBFS -DNOREDUCE -DSAFETY -DMEMLIM=4096",
        description = "compiler options for pan.c, space-separated (default: ${DEFAULT-VALUE})")
    String panCflags;

    @Option(names = "--pan-args", defaultValue = "-w24",
        description = "pan's options, space-separated (default: ${DEFAULT-VALUE})")
    String panArgs;

    @Option(names = "--json", description = "print one JSON object with every run and the ratios")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    /** One explore process: its counts and verdict, wall and CPU seconds. */
    record ExploreRun(long states, long transitions, int depth, String verdict, double wall, double cpu) {
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (!Files.isExecutable(spin)) {
            err.println("--spin: expected an executable spin binary, found " + spin
                + (Files.exists(spin) ? " (not executable)" : " (no such file)"));
            return Main.BAD_INPUT;
        }
        if (!Files.isRegularFile(model)) {
            err.println("--model: expected a Promela file, found " + model + " (no such file)");
            return Main.BAD_INPUT;
        }
        if (Main.readSpec(specFile, err) == null) {
            return Main.BAD_INPUT;
        }
        if (runs < 1) {
            err.println("--runs: expected at least 1, found " + runs);
            return Main.BAD_INPUT;
        }
        List<String> cflags = words(panCflags);
        List<String> args = words(panArgs);
        List<SpinRun> spins = new ArrayList<>();
        List<ExploreRun> explores = new ArrayList<>();
        if (!json) {
            out.printf("%-3s %-9s %12s %12s %6s %9s %9s %9s %9s%n", "run", "tool", "states", "transitions", "depth",
                "wall s", "CPU s", "pan wall", "pan CPU");
        }
        for (int i = 1; i <= runs; i++) {
            // alternately, so that both see the same load from whatever else runs on the machine
            SpinRun s = SpinRun.run(spin, model, cc, cflags, args);
            spins.add(s);
            ExploreRun e = explore();
            explores.add(e);
            if (!json) {
                out.printf("%-3d %-9s %,12d %,12d %6d %9.2f %9.2f %9.2f %9.2f%n", i, "spin", s.stored(), s.transitions(),
                    s.depth(), s.wall(), s.cpu(), s.panWall(), s.panCpu());
                out.printf("%-3d %-9s %,12d %,12d %6d %9.2f %9.2f%n", i, "flowproof", e.states(), e.transitions(),
                    e.depth(), e.wall(), e.cpu());
                out.flush();
            }
        }
        double spinWall = median(spins.stream().mapToDouble(SpinRun::wall).toArray());
        double spinCpu = median(spins.stream().mapToDouble(SpinRun::cpu).toArray());
        double panWall = median(spins.stream().mapToDouble(SpinRun::panWall).toArray());
        double panCpu = median(spins.stream().mapToDouble(SpinRun::panCpu).toArray());
        double fpWall = median(explores.stream().mapToDouble(ExploreRun::wall).toArray());
        double fpCpu = median(explores.stream().mapToDouble(ExploreRun::cpu).toArray());
        SpinRun s = spins.get(0);
        ExploreRun e = explores.get(0);
        boolean agree = spins.stream().allMatch(x -> x.stored() == e.states() && x.transitions() == e.transitions() + 1
            && x.depth() == e.depth() && x.errors() == 0)
            && explores.stream().allMatch(x -> x.states() == e.states() && x.transitions() == e.transitions());
        if (json) {
            ObjectMapper om = new ObjectMapper();
            ObjectNode o = om.createObjectNode();
            o.put("model", model.toString());
            o.put("spec", specFile.toString());
            o.put("countsAgree", agree);
            var sa = o.putArray("spin");
            for (SpinRun x : spins) {
                sa.add(om.valueToTree(x));
            }
            var ea = o.putArray("flowproof");
            for (ExploreRun x : explores) {
                ea.add(om.valueToTree(x));
            }
            o.put("wallRatio", spinWall / fpWall);
            o.put("panWallRatio", panWall / fpWall);
            o.put("cpuRatio", nullable(spinCpu / fpCpu));
            o.put("panCpuRatio", nullable(panCpu / fpCpu));
            out.println(o);
        } else {
            out.printf("median    SPIN whole %.2f s wall, %.2f s CPU; pan alone %.2f s wall, %.2f s CPU; "
                + "flowproof %.2f s wall, %.2f s CPU%n", spinWall, spinCpu, panWall, panCpu, fpWall, fpCpu);
            out.printf("ratio     SPIN / flowproof: whole process %.2fx wall, %.2fx CPU; pan alone %.2fx wall, %.2fx CPU%n",
                spinWall / fpWall, spinCpu / fpCpu, panWall / fpWall, panCpu / fpCpu);
            out.printf("counts    %s (SPIN %,d stored, %,d transitions, depth %d; flowproof %,d states, %,d transitions, "
                + "depth %d, %s)%n", agree ? "correspond" : "DIFFER", s.stored(), s.transitions(), s.depth(), e.states(),
                e.transitions(), e.depth(), e.verdict());
        }
        return agree ? Main.OK : Main.VIOLATION;
    }

    private static Double nullable(double v) {
        return Double.isNaN(v) ? null : v;
    }

    private static List<String> words(String s) {
        String t = s.strip();
        return t.isEmpty() ? List.of() : List.of(t.split("\\s+"));
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /**
     * {@code explore --no-save --json SPEC} in a new JVM: the java of this process, with this
     * process's JVM options (the launcher's), on the same jar or class path.
     */
    private ExploreRun explore() throws Exception {
        List<String> c = new ArrayList<>();
        c.add(ProcessHandle.current().info().command().orElse("java"));
        c.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        String cp = System.getProperty("java.class.path");
        if (cp.endsWith(".jar") && !cp.contains(java.io.File.pathSeparator)) {
            c.addAll(List.of("-jar", cp));
        } else {
            c.addAll(List.of("-cp", cp, Main.class.getName()));
        }
        c.addAll(List.of("explore", "--no-save", "--json", specFile.toAbsolutePath().toString()));
        Path dir = Files.createTempDirectory("flowproof-bench-spin");
        try {
            SpinRun.Timed t = SpinRun.Timed.run(dir, c, true);
            JsonNode r = new ObjectMapper().readTree(t.out());
            return new ExploreRun(r.get("states").asLong(), r.get("transitions").asLong(), r.get("depth").asInt(),
                r.get("verdict").asText(), t.wall(), t.cpu());
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }
}
