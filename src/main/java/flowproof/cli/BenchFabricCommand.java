package flowproof.cli;

import flowproof.fabric.CreditLoops;
import flowproof.fabric.Fabric;
import flowproof.fabric.FabricFileException;
import flowproof.fabric.OpenSmFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "bench-fabric", mixinStandardHelpOptions = true,
    description = {"Measures 'fabric' on an OpenSM dump directory: reading the dumps and checking every route for "
        + "credit loops, one warm-up run and then --runs measured runs (wall seconds of each phase, best and median), "
        + "with the peak heap in use (all heap pools, peaks reset before each run) and the process's peak resident "
        + "memory (VmHWM).",
        "bench/fabric-fat-tree.sh builds the 1,024-port fat tree of docs/measurements.md with ibsim and OpenSM."})
final class BenchFabricCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", description = "OpenSM's dump directory (as for 'fabric')")
    Path dir;

    @Option(names = "--runs", defaultValue = "3", description = "measured runs (default: ${DEFAULT-VALUE})")
    int runs;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        if (!Files.isDirectory(dir)) {
            err.println(dir + ": expected a directory of OpenSM's dump files, found " + (Files.exists(dir) ? "a file"
                : "nothing"));
            return Main.BAD_INPUT;
        }
        if (runs < 1) {
            err.println("--runs: expected 1 or more, found " + runs);
            return Main.BAD_INPUT;
        }
        double[] total = new double[runs];
        CreditLoops last = null;
        long peakHeap = 0;
        for (int r = -1; r < runs; r++) {
            System.gc();
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                p.resetPeakUsage();
            }
            long t0 = System.nanoTime();
            Fabric f;
            try {
                f = OpenSmFiles.read(OpenSmFiles.Sources.of(dir));
            } catch (FabricFileException e) {
                err.println(e.getMessage());
                return Main.BAD_INPUT;
            }
            long t1 = System.nanoTime();
            last = CreditLoops.check(f, 3, 20);
            long t2 = System.nanoTime();
            long heap = 0;
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                if (p.getType() == MemoryType.HEAP) {
                    heap += p.getPeakUsage().getUsed();
                }
            }
            if (r >= 0) {
                total[r] = (t2 - t0) / 1e9;
                peakHeap = Math.max(peakHeap, heap);
                out.printf("run %d: read %.2f s, checked %.2f s, %.2f s in all; peak heap in use %,d MB%n", r + 1,
                    (t1 - t0) / 1e9, (t2 - t1) / 1e9, total[r], heap >> 20);
            }
        }
        double[] sorted = total.clone();
        java.util.Arrays.sort(sorted);
        out.printf("bench-fabric %s: %,d CA ports, %,d switches, %,d routes, %,d switch hops, %,d dependencies, %d cyclic "
                + "parts; best %.2f s, median %.2f s of %d runs; peak heap in use %,d MB; peak resident %s%n", dir,
            last.fabric().endpoints(), last.fabric().switches(), last.routes(), last.hops(), last.dependencies(),
            last.parts().size(), sorted[0], sorted[runs / 2], runs, peakHeap >> 20, residentPeak());
        out.flush();
        return Main.OK;
    }

    private static String residentPeak() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmHWM:")) {
                    long kb = Long.parseLong(l.replaceAll("[^0-9]", ""));
                    return String.format("%,d MB", kb >> 10);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux: say so
        }
        return "unknown (no /proc/self/status)";
    }
}
