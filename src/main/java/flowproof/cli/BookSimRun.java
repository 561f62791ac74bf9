package flowproof.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of a BookSim 2.0 binary for {@code bench-sim --against-booksim}: the configuration
 * it is given (the bench's torus in BookSim's terms), and what is read back from its output:
 * cycles simulated ({@code Time taken is N cycles}), its own timer ({@code Total run time S},
 * wall seconds of its simulation loop) and the accepted flit rate; plus the process's wall
 * time and, when {@code /usr/bin/time} exists, its user + system CPU seconds.
 *
 * @param cycles        cycles BookSim simulated, warm-up and drain included
 * @param runSeconds    BookSim's own timer ("Total run time"), seconds
 * @param accepted      accepted flits/node/cycle of its last sample ("Accepted flit rate average")
 * @param wallSeconds   the process end to end, seconds (NaN when not run here)
 * @param cpuSeconds    user + system CPU seconds of the process, or NaN when unknown
 */
record BookSimRun(long cycles, double runSeconds, double accepted, double wallSeconds, double cpuSeconds) {

    private static final Pattern CYCLES = Pattern.compile("(?m)^Time taken is (\\d+) cycles");
    private static final Pattern RUN_TIME = Pattern.compile("(?m)^Total run time ([0-9.eE+-]+)");
    private static final Pattern ACCEPTED = Pattern.compile("(?m)^Accepted flit rate average = ([0-9.eE+-]+)");
    /** What {@code /usr/bin/time -f} is told to print last on standard error. */
    private static final String TIME_FORMAT = "flowproof-cpu %U %S";
    private static final Pattern CPU = Pattern.compile("(?m)^flowproof-cpu ([0-9.]+) ([0-9.]+)\\s*$");

    /**
     * Reads BookSim's standard output (and, for the CPU time, the standard error of
     * {@code /usr/bin/time}, or null). The last "Time taken" and "Accepted flit rate average"
     * count: BookSim prints one per simulation it ran, and the overall statistics last.
     *
     * @throws IllegalArgumentException when the output lacks the cycles or the run time
     */
    static BookSimRun parse(String out, String err, double wallSeconds) {
        String cycles = last(CYCLES, out);
        String run = last(RUN_TIME, out);
        if (cycles == null || run == null) {
            throw new IllegalArgumentException("BookSim's output has no " + (cycles == null ? "\"Time taken is N cycles\""
                : "\"Total run time\"") + " line: did it run? Its output ends with: " + tail(out));
        }
        String acc = last(ACCEPTED, out);
        double cpu = Double.NaN;
        if (err != null) {
            Matcher m = CPU.matcher(err);
            while (m.find()) {
                cpu = Double.parseDouble(m.group(1)) + Double.parseDouble(m.group(2));
            }
        }
        return new BookSimRun(Long.parseLong(cycles), Double.parseDouble(run),
            acc == null ? Double.NaN : Double.parseDouble(acc), wallSeconds, cpu);
    }

    private static String last(Pattern p, String s) {
        Matcher m = p.matcher(s);
        String found = null;
        while (m.find()) {
            found = m.group(1);
        }
        return found;
    }

    private static String tail(String s) {
        String t = s.strip();
        return t.isEmpty() ? "(nothing)" : t.substring(Math.max(0, t.length() - 200));
    }

    /** Node-cycles per second on BookSim's own timer. */
    double nodeCyclesPerSecond(int nodes) {
        return nodes * (double) cycles / runSeconds;
    }

    /** Node-cycles per second of the whole process (start-up and configuration included). */
    double nodeCyclesPerWallSecond(int nodes) {
        return nodes * (double) cycles / wallSeconds;
    }

    /** Node-cycles per CPU second of the process, or NaN when its CPU time is unknown. */
    double nodeCyclesPerCpuSecond(int nodes) {
        return nodes * (double) cycles / cpuSeconds;
    }

    /**
     * The BookSim configuration of the bench's network: a k x k torus with dimension-order
     * routing (BookSim's {@code dim_order} on a torus takes the dateline VC itself), 2 VCs of
     * {@code bufferFlits}, {@code packetSize}-flit packets, uniform traffic at {@code load}
     * flits/node/cycle, one sample period of {@code cycles} (BookSim then simulates about
     * {@code cycles}, a few hundred more to drain its sample: the rates are per cycle it reports).
     * BookSim's router is wormhole with its own pipeline; flowproof's is VCT with 4 stages:
     * the same network and traffic, not the same router (docs/measurements.md).
     */
    static String config(int k, double load, long cycles, int bufferFlits, int packetSize) {
        return String.join("\n", List.of(
            "topology = torus;",
            "k = " + k + ";",
            "n = 2;",
            "routing_function = dim_order;",
            "num_vcs = 2;",
            "vc_buf_size = " + bufferFlits + ";",
            "traffic = uniform;",
            "packet_size = " + packetSize + ";",
            "injection_rate_uses_flits = 1;",
            String.format(Locale.ROOT, "injection_rate = %s;", load),
            "sim_type = throughput;",
            "warmup_periods = 1;",
            "sample_period = " + cycles + ";",
            "max_samples = 1;",
            "seed = 1;")) + "\n";
    }

    /** Runs {@code binary} on {@code config} (written to a temporary file) and reads its output. */
    static BookSimRun run(Path binary, String config) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("flowproof-booksim");
        try {
            Path cfg = dir.resolve("config");
            Files.writeString(cfg, config);
            Path out = dir.resolve("out");
            Path err = dir.resolve("err");
            List<String> cmd = new ArrayList<>();
            Path time = Path.of("/usr/bin/time");
            boolean timed = Files.isExecutable(time);
            if (timed) {
                cmd.addAll(List.of(time.toString(), "-f", TIME_FORMAT));
            }
            cmd.add(binary.toAbsolutePath().toString());
            cmd.add(cfg.toString());
            long start = System.nanoTime();
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
            int code = p.waitFor();
            double wall = (System.nanoTime() - start) / 1e9;
            String o = Files.readString(out, StandardCharsets.UTF_8);
            String e = Files.readString(err, StandardCharsets.UTF_8);
            // BookSim exits with 255 when a simulation is unstable (past saturation) or did not converge; its
            // statistics are printed all the same, and the bench wants them
            try {
                return parse(o, timed ? e : null, wall);
            } catch (IllegalArgumentException x) {
                throw new IOException(binary + " exited with " + code + ": " + x.getMessage() + "; standard error: "
                    + tail(e), x);
            }
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
