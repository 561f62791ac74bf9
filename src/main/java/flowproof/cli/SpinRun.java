package flowproof.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One run of SPIN's exact breadth-first search for {@code bench-spin}, in a scratch folder:
 * {@code spin -a MODEL} generates the verifier, the C compiler builds {@code pan}, and
 * {@code pan} runs; each step timed on its own (wall, and user + system CPU when
 * {@code /usr/bin/time} exists). What pan reports is read back: states stored, transitions
 * (SPIN counts stored + matched, so the initial state is one more than flowproof's moves),
 * depth reached and errors.
 *
 * @param stored       states stored
 * @param transitions  SPIN's transitions (stored + matched)
 * @param depth        depth reached
 * @param errors       errors pan reported
 * @param buildWall    wall seconds of {@code spin -a} and the compiler together
 * @param buildCpu     their CPU seconds, NaN when unknown
 * @param panWall      wall seconds of pan
 * @param panCpu       pan's CPU seconds, NaN when unknown
 */
record SpinRun(long stored, long transitions, int depth, int errors, double buildWall, double buildCpu, double panWall,
               double panCpu) {

    private static final Pattern STORED = Pattern.compile("(?m)^\\s*(\\d+) states, stored");
    private static final Pattern TRANSITIONS = Pattern.compile("(?m)^\\s*(\\d+) transitions");
    private static final Pattern DEPTH = Pattern.compile("depth reached (\\d+), errors: (\\d+)");

    /** The whole process: generating, compiling and running pan. */
    double wall() {
        return buildWall + panWall;
    }

    double cpu() {
        return buildCpu + panCpu;
    }

    /**
     * Reads pan's counts from its standard output, with the times measured around it.
     *
     * @throws IllegalArgumentException when a count is missing (pan did not finish)
     */
    static SpinRun parse(String panOut, double buildWall, double buildCpu, double panWall, double panCpu) {
        Matcher s = STORED.matcher(panOut);
        Matcher t = TRANSITIONS.matcher(panOut);
        Matcher d = DEPTH.matcher(panOut);
        if (!s.find() || !t.find() || !d.find()) {
            String out = panOut.strip();
            throw new IllegalArgumentException("pan's output has no states stored, transitions or depth reached: did it "
                + "finish? It ends with: " + (out.isEmpty() ? "(nothing)" : out.substring(Math.max(0, out.length() - 200))));
        }
        return new SpinRun(Long.parseLong(s.group(1)), Long.parseLong(t.group(1)), Integer.parseInt(d.group(1)),
            Integer.parseInt(d.group(2)), buildWall, buildCpu, panWall, panCpu);
    }

    /**
     * Generates, compiles and runs pan for {@code model}.
     *
     * @param cc        the C compiler
     * @param cflags    its options for pan.c, e.g. {@code -O2 -DBFS -DNOREDUCE}
     * @param panArgs   pan's options, e.g. {@code -w24}
     */
    static SpinRun run(Path spin, Path model, String cc, List<String> cflags, List<String> panArgs)
        throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("flowproof-spin");
        try {
            Files.copy(model, dir.resolve("model.pml"));
            Timed gen = Timed.run(dir, List.of(spin.toAbsolutePath().toString(), "-a", "model.pml"), false);
            List<String> compile = new ArrayList<>(List.of(cc));
            compile.addAll(cflags);
            compile.addAll(List.of("-o", "pan", "pan.c"));
            Timed build = Timed.run(dir, compile, false);
            List<String> pan = new ArrayList<>(List.of(dir.resolve("pan").toString()));
            pan.addAll(panArgs);
            Timed run = Timed.run(dir, pan, true);
            try {
                return parse(run.out(), gen.wall() + build.wall(), gen.cpu() + build.cpu(), run.wall(), run.cpu());
            } catch (IllegalArgumentException e) {
                throw new IOException("pan exited with " + run.code() + ": " + e.getMessage(), e);
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

    /**
     * One child process, timed: its wall seconds, its user + system CPU seconds from
     * {@code /usr/bin/time} (NaN without it), its exit code and standard output.
     */
    record Timed(double wall, double cpu, int code, String out) {

        private static final String FORMAT = "flowproof-cpu %U %S";
        private static final Pattern CPU = Pattern.compile("(?m)^flowproof-cpu ([0-9.]+) ([0-9.]+)\\s*$");

        /**
         * Runs {@code cmd} in {@code dir}.
         *
         * @param anyCode whether any exit code will do (the caller reads the output whatever it is)
         * @throws IOException when it exits with a code other than 0 and {@code anyCode} is false
         */
        static Timed run(Path dir, List<String> cmd, boolean anyCode) throws IOException, InterruptedException {
            List<String> full = new ArrayList<>();
            Path time = Path.of("/usr/bin/time");
            boolean timed = Files.isExecutable(time);
            if (timed) {
                full.addAll(List.of(time.toString(), "-f", FORMAT));
            }
            full.addAll(cmd);
            Path out = Files.createTempFile(dir, "out", ".txt");
            Path err = Files.createTempFile(dir, "err", ".txt");
            long start = System.nanoTime();
            Process p = new ProcessBuilder(full).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
            int code = p.waitFor();
            double wall = (System.nanoTime() - start) / 1e9;
            String o = Files.readString(out, StandardCharsets.UTF_8);
            String e = Files.readString(err, StandardCharsets.UTF_8);
            double cpu = Double.NaN;
            Matcher m = CPU.matcher(e);
            while (m.find()) {
                cpu = Double.parseDouble(m.group(1)) + Double.parseDouble(m.group(2));
            }
            if (code != 0 && !anyCode) {
                String tail = e.replace(FORMAT, "").strip();
                throw new IOException(String.join(" ", cmd) + " exited with " + code + ": "
                    + tail.substring(Math.max(0, tail.length() - 300)));
            }
            return new Timed(wall, cpu, code, o);
        }
    }
}
