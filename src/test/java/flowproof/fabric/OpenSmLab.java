package flowproof.fabric;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The real components, run by the tests: ibsim simulates a fabric from a net file over a
 * local unix socket (named per run with IBSIM_SOCKNAME: no network), OpenSM (through the
 * umad2sim shim) computes and installs the routes and dumps them, saquery asks its SA for
 * every CA pair's path SL, and ibdmchk checks the same dumps for credit loops.
 */
final class OpenSmLab {

    static final Path SHIM = Path.of("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so");
    private static final AtomicInteger RUNS = new AtomicInteger();

    private OpenSmLab() {
    }

    /** Why the lab cannot run here, or null when ibsim, OpenSM, saquery, ibdmchk and the shim are installed. */
    static String missing() {
        for (String tool : new String[] {"/usr/bin/ibsim", "/usr/sbin/opensm", "/usr/sbin/saquery", "/usr/bin/ibdmchk"}) {
            if (!Files.isExecutable(Path.of(tool))) {
                return tool + " is not installed (apt-get install opensm ibsim-utils infiniband-diags ibutils)";
            }
        }
        return Files.isRegularFile(SHIM) ? null : SHIM + " is not installed (package libumad2sim0)";
    }

    /** A fabric in ibsim's net format: switches and CAs by name, links by port. */
    static final class Net {
        private final List<String> nodes = new ArrayList<>();
        private final java.util.Map<String, java.util.TreeMap<Integer, String>> ports = new java.util.LinkedHashMap<>();
        private final java.util.Map<String, Integer> portCount = new java.util.HashMap<>();
        private final java.util.Map<String, Boolean> isSwitch = new java.util.HashMap<>();

        Net sw(String name, int ports) {
            return node(name, ports, true);
        }

        Net ca(String name) {
            return node(name, 1, false);
        }

        private Net node(String name, int n, boolean sw) {
            nodes.add(name);
            ports.put(name, new java.util.TreeMap<>());
            portCount.put(name, n);
            isSwitch.put(name, sw);
            return this;
        }

        /** A link between port {@code p} of {@code a} and port {@code q} of {@code b}. */
        Net link(String a, int p, String b, int q) {
            if (ports.get(a).put(p, "\"" + b + "\"[" + q + "]") != null || ports.get(b).put(q, "\"" + a + "\"[" + p + "]") != null) {
                throw new IllegalArgumentException("port used twice: " + a + " " + p + " or " + b + " " + q);
            }
            return this;
        }

        String text() {
            StringBuilder s = new StringBuilder();
            // the first node is where OpenSM runs: put a switch first
            for (String n : nodes) {
                s.append(isSwitch.get(n) ? "Switch" : "Hca").append('\t').append(portCount.get(n)).append(" \"")
                    .append(n).append("\"\n");
                ports.get(n).forEach((p, peer) -> s.append('[').append(p).append("]\t").append(peer).append('\n'));
                s.append('\n');
            }
            return s.toString();
        }
    }

    /** What one run left: the dump directory (with path-sls.txt from saquery) and ibdmchk's verdict. */
    record Run(Path dir, String ibdmchk, long millis) {
    }

    /**
     * Simulates {@code net}, runs OpenSM with {@code engine} (roots by name for updn), asks for
     * every CA pair's path (saquery) and runs ibdmchk with those SLs.
     */
    static Run run(Path work, Net net, String engine, List<String> roots) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Path dir = Files.createDirectories(work.resolve(engine));
        Path netFile = work.resolve("fabric.net");
        Files.writeString(netFile, net.text());
        String sock = "flowproof" + ProcessHandle.current().pid() + "x" + RUNS.incrementAndGet();
        Process ibsim = start(dir, List.of("/usr/bin/ibsim", "-s", "-n", netFile.toString()), sock, false,
            dir.resolve("ibsim.log"));
        Process sm = null;
        try {
            waitFor(dir.resolve("ibsim.log"), "MaxMcastCap", 10);
            List<String> cmd = new ArrayList<>(List.of("/usr/sbin/opensm", "-s", "0", "-R", engine, "-Q", "-d2",
                "-D", "0x43", "-f", dir.resolve("opensm.log").toString(), "--dump_files_dir", dir.toString()));
            if (!roots.isEmpty()) {
                Path rootFile = dir.resolve("roots.txt");
                List<String> guids = new ArrayList<>();
                for (String r : roots) {
                    guids.add(guidOf(net, r));
                }
                Files.write(rootFile, guids);
                cmd.addAll(List.of("-a", rootFile.toString()));
            }
            sm = start(dir, cmd, sock, true, dir.resolve("opensm.out"));
            waitFor(dir.resolve("opensm.log"), "SUBNET UP", 60);
            waitForFile(dir.resolve("opensm.fdbs"), 10);
            Fabric f = OpenSmFiles.read(OpenSmFiles.Sources.of(dir));
            StringBuilder records = new StringBuilder();
            StringBuilder ibdm = new StringBuilder();
            for (int s = 0; s < f.endpoints(); s++) {
                for (int d = 0; d < f.endpoints(); d++) {
                    if (s == d) {
                        continue;
                    }
                    String out = exec(dir, List.of("/usr/sbin/saquery", "-p", "--src-to-dst",
                        f.endpointLid(s) + ":" + f.endpointLid(d)), sock, true);
                    Matcher m = Pattern.compile("\\bsl\\.+(0x[0-9A-Fa-f]+)").matcher(out);
                    if (!m.find()) {
                        throw new IOException("saquery gave no path " + f.endpointLid(s) + ":" + f.endpointLid(d) + ": "
                            + out);
                    }
                    records.append(out.substring(out.indexOf("PathRecord dump"))).append('\n');
                    ibdm.append(String.format("0x%016x %d %d%n", f.guid(f.endpointNode(s)), f.endpointLid(d),
                        Integer.decode(m.group(1))));
                }
            }
            Files.writeString(dir.resolve("path-sls.txt"), records);
            Path ibdmSl = dir.resolve("ibdmchk-sl.txt");
            Files.writeString(ibdmSl, ibdm);
            String chk = exec(dir, List.of("/usr/bin/ibdmchk", "-s", dir.resolve("opensm-subnet.lst").toString(),
                "-f", dir.resolve("opensm.fdbs").toString(), "-m", dir.resolve("opensm.mcfdbs").toString(),
                "-c", ibdmSl.toString()), sock, false);
            Files.writeString(dir.resolve("ibdmchk.out"), chk);
            return new Run(dir, chk, (System.nanoTime() - t0) / 1_000_000);
        } catch (FabricFileException e) {
            throw new IOException(e.getMessage(), e);
        } finally {
            if (sm != null) {
                sm.destroy();
                if (!sm.waitFor(10, TimeUnit.SECONDS)) {
                    sm.destroyForcibly();
                }
            }
            ibsim.destroy();
            if (!ibsim.waitFor(10, TimeUnit.SECONDS)) {
                ibsim.destroyForcibly();
            }
        }
    }

    private static String guidOf(Net net, String name) {
        // ibsim numbers switches' GUIDs from 0x200000 and CAs' from 0x100000, in the file's order
        int sw = 0;
        for (String n : net.nodes) {
            if (net.isSwitch.get(n)) {
                if (n.equals(name)) {
                    return String.format("0x%016x", 0x200000L + sw);
                }
                sw++;
            }
        }
        throw new IllegalArgumentException("no switch " + name);
    }

    private static Process start(Path dir, List<String> cmd, String sock, boolean shim, Path log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        env(pb, sock, shim, dir);
        return pb.start();
    }

    private static void env(ProcessBuilder pb, String sock, boolean shim, Path dir) {
        pb.environment().put("IBSIM_SOCKNAME", sock);
        pb.environment().put("OSM_TMP_DIR", dir.toString());
        pb.environment().put("OSM_CACHE_DIR", dir.toString());
        if (shim) {
            pb.environment().put("LD_PRELOAD", SHIM.toString());
        }
    }

    /** Runs a command to its end (at most 60 s) and returns what it printed. */
    private static String exec(Path dir, List<String> cmd, String sock, boolean shim) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        env(pb, sock, shim, dir);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(cmd + " did not end within 60 s");
        }
        return new String(out, StandardCharsets.UTF_8);
    }

    private static void waitFor(Path log, String text, int seconds) throws IOException, InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            if (Files.exists(log) && Files.readString(log, StandardCharsets.ISO_8859_1).contains(text)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IOException(log + " did not say '" + text + "' within " + seconds + " s");
    }

    private static void waitForFile(Path file, int seconds) throws IOException, InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            if (Files.exists(file) && Files.size(file) > 0) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IOException(file + " not written within " + seconds + " s");
    }

    /** ibdmchk's verdict: the loop it printed, as [guid, port, vl] in the order of the routes, or null for none. */
    static List<long[]> ibdmchkLoop(String out) {
        if (out.contains("no credit loops found")) {
            return null;
        }
        Matcher head = Pattern.compile("Found credit loop on: S([0-9a-fA-F]+)/U1/P(\\d+) VL: (\\d+)").matcher(out);
        if (!head.find()) {
            throw new IllegalStateException("ibdmchk said neither 'no credit loops found' nor 'Found credit loop': "
                + out.substring(Math.max(0, out.length() - 2000)));
        }
        long[] first = {Long.parseUnsignedLong(head.group(1), 16), Long.parseLong(head.group(2)),
            Long.parseLong(head.group(3))};
        List<long[]> back = new ArrayList<>();
        back.add(first);
        Matcher bt = Pattern.compile("BT credit loop through: S([0-9a-fA-F]+)/U1/P(\\d+) VL: (\\d+)").matcher(out);
        while (bt.find()) {
            long[] c = {Long.parseUnsignedLong(bt.group(1), 16), Long.parseLong(bt.group(2)), Long.parseLong(bt.group(3))};
            if (java.util.Arrays.equals(c, first)) {
                break;
            }
            back.add(c);
        }
        java.util.Collections.reverse(back);
        return back;
    }
}
