package flowproof.spec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.spec.BookSimConfig.Value;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the terminals of a BookSim configuration send and for how long: packet sizes, traffic
 * pattern, injection rate and process, and the run (latency, throughput or batch, its periods
 * and seed), read from their keys and written into the spec's {@code simulation} section.
 * Split out of {@link BookSimConfig} so that each group of keys reads on its own.
 */
final class BookSimTraffic {

    /**
     * The cycles a batch ({@code sim_type = batch}) may take at most: BookSim runs until the last
     * packet is delivered; flowproof's collective run stops then too, or reports it unfinished.
     */
    static final long BATCH_CYCLES = 10_000_000;

    /**
     * BookSim's thresholds of when a run stops early (trafficmanager.cpp, {@code _SingleSim}):
     * after the warm-up, once the latency and accepted rate change by less than
     * {@code stopping_thres}, {@code acc_stopping_thres} in three periods in a row; a latency run
     * aborts when the mean latency exceeds {@code latency_thres}; {@code warmup_thres} and
     * {@code acc_warmup_thres} end a warm-up only with {@code warmup_periods = 0}, which is
     * refused. flowproof runs every period and judges stability by its own rule, so they are
     * checked to be numbers and not read.
     */
    private static final List<String> STOPPING_THRESHOLDS = List.of("latency_thres", "warmup_thres",
        "acc_warmup_thres", "stopping_thres", "acc_stopping_thres");

    private final BookSimConfig cfg;
    /** The packet sizes and their weights ({@link #packetSizes}). */
    private final int[][] sizes;
    private final double meanSize;
    /** The one packet size, or -1 for a mix of sizes. */
    final int packet;
    /** The flowproof pattern ({@link #pattern}). */
    private final String pattern;
    private final double load;
    private final boolean batch;
    private final ObjectNode onOff;
    private final int batchSize;
    private final int warmupPeriods;
    private final int period;
    private final long cycles;
    /** {@code seed} as written, or null. */
    private final Value seed;

    /** Reads the traffic and run keys of {@code cfg} for the network {@code net}. */
    BookSimTraffic(BookSimConfig cfg, BookSimTopology net) throws SpecException {
        this.cfg = cfg;
        sizes = packetSizes();
        meanSize = meanSize(sizes);
        packet = sizes[0].length == 1 ? sizes[0][0] : -1;
        // fly.cpp and fattree.cpp attach k terminals to a switch and do not read c
        String topology = net.kind();
        int concentration = topology.equals("fly") || topology.equals("fattree") ? 1 : net.c();
        pattern = pattern(topology, net.k(), net.n(), concentration);
        double rate = rate();
        boolean flits = cfg.integer("injection_rate_uses_flits", 0, 0, "0 or 1") == 1;
        if (cfg.integer("injection_rate_uses_flits", 0, 0, "0 or 1") > 1) {
            throw cfg.error("injection_rate_uses_flits", "0 or 1", cfg.value("injection_rate_uses_flits").text());
        }
        // trafficmanager.cpp divides a rate in flits by the mean packet size (_GetAveragePacketSize)
        load = flits ? rate : rate * meanSize;
        String simType = cfg.word("sim_type", "latency");
        if (!simType.equals("latency") && !simType.equals("throughput") && !simType.equals("batch")) {
            throw cfg.error("sim_type", "latency, throughput (both run max_samples sample periods here) or batch",
                simType);
        }
        // batchtrafficmanager.cpp reads neither the rate, the injection process nor the sample periods
        batch = simType.equals("batch");
        if (!batch && !(load > 0 && load <= 1)) {
            throw cfg.error("injection_rate", "a rate in (0, 1] flits per terminal per cycle (" + (flits ? "flits"
                : packet > 0 ? "packets of " + packet + " flits" : "packets of " + meanSize + " flits on average")
                + ")", cfg.shown("injection_rate", "0.1"));
        }
        String process = cfg.word("injection_process", "bernoulli");
        if (batch && !process.equals("bernoulli")) {
            throw cfg.error("injection_process", "bernoulli, or none, with sim_type = batch (the batch traffic manager does"
                + " not read the injection process: each node sends its batch back to back)", process);
        }
        if (!process.equals("bernoulli") && !process.equals("on_off")) {
            throw cfg.error("injection_process", "bernoulli or on_off (the processes flowproof has; an on_off(...)"
                + " parameter list is not read: use burst_alpha, burst_beta, burst_r1)", process);
        }
        // burst_alpha, burst_beta, burst_r1: read by on_off only (injection.cpp), as here
        onOff = process.equals("on_off") ? BookSimOnOff.map(cfg.file(), cfg.values(), load, meanSize) : null;
        batchSize = batch ? cfg.integer("batch_size", 1000, 1, "a batch of at least 1 packet per node") : 0;
        if (batch) {
            if (cfg.integer("batch_count", 1, 1, "at least 1 batch") != 1) {
                throw cfg.error("batch_count", "1 (flowproof runs one batch: a collective of batch_size packets per"
                    + " terminal from cycle 0, and reports its completion; BookSim's later batches start empty too)",
                    cfg.value("batch_count").text());
            }
            if (cfg.integer("max_outstanding_requests", 0, 0, "0 or more") != 0) {
                throw cfg.error("max_outstanding_requests", "0 (unlimited: flowproof's sources do not wait for their"
                    + " packets to arrive)", cfg.value("max_outstanding_requests").text());
            }
        }
        warmupPeriods = cfg.integer("warmup_periods", 3, 1, "1 or more periods (with 0 BookSim warms up until the"
            + " latency and accepted rate change by less than warmup_thres and acc_warmup_thres in a period, which"
            + " flowproof does not model: give the periods)");
        for (String key : STOPPING_THRESHOLDS) {
            Value t = cfg.value(key);
            if (t != null && !t.number()) {
                throw cfg.error(key, "a number (one threshold: flowproof does not map a list per traffic class)",
                    t.text());
            }
        }
        period = cfg.integer("sample_period", 1000, 1, "a period of at least 1 cycle");
        // _SingleSim counts the warm-up periods among max_samples: at most max_samples periods in all
        int samples = cfg.integer("max_samples", 10, 1, "at least 1 sample period");
        if (samples <= warmupPeriods && !batch) {
            throw cfg.error("max_samples", "more than warmup_periods (" + warmupPeriods + "; BookSim counts the warm-up"
                + " periods among max_samples, and would never measure)", Integer.toString(samples));
        }
        cycles = (long) samples * period;
        if (cycles > 2_000_000_000L && !batch) {
            throw cfg.error("max_samples", "at most 2,000,000,000 cycles in all (max_samples x sample_period)",
                Long.toString(cycles));
        }
        seed = cfg.value("seed");
        if (seed != null && !seed.text().matches("[0-9]+")) {
            throw cfg.error("seed", "a whole number (flowproof's runs repeat under a seed; not time)", seed.text());
        }
    }

    /** Writes the packet size, or the mix of sizes, into {@code sim}. */
    void putPacketSize(ObjectNode sim) {
        if (packet > 0) {
            sim.put("packet-size", packet);
        } else {
            ObjectNode mix = sim.putObject("packet-size");
            for (int i = 0; i < sizes[0].length; i++) {
                mix.withArray("sizes").add(sizes[0][i]);
                mix.withArray("weights").add(sizes[1][i]);
            }
        }
    }

    /** Writes the traffic pattern, the injection and the run's cycles and seed into {@code sim}. */
    void putTraffic(ObjectNode sim) {
        // uniform: RandomInt(_nodes - 1), the source itself among the destinations; a permutation's fixed
        // point (transpose's diagonal, bitrev's palindromes, ...) sends to itself (traffic.cpp returns it)
        if (pattern.startsWith(HOT_SPOT)) {
            // every packet of every terminal to a hot spot, its own included (traffic.cpp, HotSpotTrafficPattern)
            String[] parts = pattern.substring(HOT_SPOT.length()).split(";");
            ObjectNode hot = sim.putObject("traffic").put("pattern", "hot-spot");
            String[] nodes = parts[0].split(",");
            if (nodes.length == 1) {
                hot.put("node", Integer.parseInt(nodes[0]));
            } else {
                for (int i = 0; i < nodes.length; i++) {
                    hot.withArray("node").add(Integer.parseInt(nodes[i]));
                    hot.withArray("weights").add(Integer.parseInt(parts[1].split(",")[i]));
                }
            }
            hot.put("fraction", 1.0).put("per", "packet").put("self", true);
        } else {
            sim.putObject("traffic").put("pattern", pattern).put("self", true);
        }
        if (batch) {
            // batchtrafficmanager.cpp: each node issues its next packet whenever its source queue is empty, until
            // batch_size, whatever the injection rate and process; the batch ends when every packet is delivered
            sim.putObject("injection").put("process", "collective").put("packets", batchSize);
            sim.put("cycles", BATCH_CYCLES);
            sim.put("warmup", 0);
        } else {
            sim.put("load", load);
            if (onOff != null) {
                sim.set("injection", onOff);
            }
            sim.put("cycles", cycles);
            sim.put("warmup", (long) warmupPeriods * period);
        }
        sim.put("seed", seed == null ? 0 : Long.parseLong(seed.text()));
    }

    /** BookSim's traffic patterns that are flowproof's (traffic.cpp against traffic.PatternKind). */
    private static final Map<String, String> PATTERNS = Map.of("uniform", "uniform", "bitcomp", "bit-complement",
        "transpose", "transpose", "bitrev", "bit-reverse", "shuffle", "shuffle", "tornado", "tornado", "neighbor",
        "neighbor-all");

    /**
     * The flowproof pattern of {@code traffic}. The bit patterns need a power-of-two number of
     * terminals and transpose an even power (BookSim exits otherwise); on a flatfly BookSim
     * renumbers destinations by its chip layout ({@code flatfly_transformation}), so only
     * uniform, which no numbering changes, maps there.
     */
    private String pattern(String topology, int k, int n, int c) throws SpecException {
        String traffic = cfg.word("traffic", "uniform");
        boolean uniformOnly = topology.equals("flatfly") || topology.equals("dragonflynew")
            || topology.equals("anynet");
        if ((topology.equals("fly") || topology.equals("fattree"))
            && (traffic.equals("tornado") || traffic.equals("neighbor"))) {
            String on = topology.equals("fly") ? "a fly" : "a fat tree";
            throw cfg.error("traffic", "uniform, bitcomp, transpose, bitrev, shuffle or hotspot on " + on + " (BookSim's"
                + " tornado and neighbor take " + on + "'s terminals as a k-ary n-cube's; flowproof's are a torus's or"
                + " an index shift)", traffic);
        }
        if (topology.equals("cmesh") && !traffic.equals("uniform") && !traffic.equals("bitcomp")
            && !(traffic.equals("hotspot") || traffic.startsWith("hotspot("))) {
            throw cfg.error("traffic", "uniform, bitcomp or hotspot (on a cmesh BookSim lays its nodes out as a 2k x 2k"
                + " grid; these send to the same routers under flowproof's numbering, other patterns would not)",
                traffic);
        }
        String expected = topology.equals("anynet") ? "uniform (BookSim numbers an anynet's nodes as its file does,"
            + " flowproof router by router; other patterns would not be the same)"
            : topology.equals("flatfly") ? "uniform (on a flatfly BookSim numbers terminals by its chip"
            + " layout; other patterns would not be the same)" : topology.equals("dragonflynew") ? "uniform (BookSim's"
            + " other patterns take the dragonfly's terminals as a k-ary n-cube's or need a power of two of them)"
            : "uniform, bitcomp, transpose, bitrev, shuffle, tornado, neighbor or hotspot (the patterns flowproof"
            + " maps; docs/booksim.md)";
        if ((traffic.equals("hotspot") || traffic.startsWith("hotspot(")) && !uniformOnly) {
            return hotSpot(traffic, terminals(k, n, c), topology.equals("cmesh") ? k : 0);
        }
        String mapped = PATTERNS.get(traffic);
        if (mapped == null || (uniformOnly && !traffic.equals("uniform"))) {
            throw cfg.error("traffic", expected, traffic);
        }
        long terminals = terminals(k, n, c);
        boolean power = terminals > 0 && Long.bitCount(terminals) == 1;
        if (List.of("bitcomp", "bitrev", "shuffle", "transpose").contains(traffic) && !power) {
            throw cfg.error("traffic", "a power-of-two number of terminals for " + traffic + " (it permutes the bits of"
                + " terminal numbers)", terminals + " terminals");
        }
        if (traffic.equals("transpose") && Long.numberOfTrailingZeros(terminals) % 2 != 0) {
            throw cfg.error("traffic", "an even power of two terminals for transpose (it swaps the two halves of the"
                + " bits)", terminals + " terminals");
        }
        return mapped;
    }

    private static long terminals(int k, int n, int c) {
        long terminals = 1;
        for (int d = 0; d < n; d++) {
            terminals *= k;
        }
        return terminals * c;
    }

    /** What {@link #pattern} returns for BookSim's {@code hotspot}: this prefix and the hot spot's terminal. */
    private static final String HOT_SPOT = "hot-spot:";

    /**
     * BookSim's {@code hotspot(PARAMS)} (traffic.cpp, {@code HotSpotTrafficPattern}), read as
     * BookSim reads it: {@code PARAMS} split by {@link BookSimConfig#tokenize} into the hot spots
     * and the rates, each a list by {@link BookSimConfig#tokenize} again; so
     * {@code hotspot({{3,60},{2,1}})} is hot spots 3 and 60 with rates 2 and 1, while
     * {@code hotspot({3,60})} is hot spot 3 with rate 60. Every packet of every terminal, the hot spots' own included, goes to a hot spot
     * drawn with weight its rate (the rates resized to the hot spots with the last one,
     * default 1). Maps to flowproof's {@code hot-spot} per packet with fraction 1, {@code
     * self: true} and the rates as {@code weights}; a hot spot BookSim draws itself ({@code
     * hotspot} without one, or a negative one, with BookSim's random numbers) is refused.
     * Returns {@link #HOT_SPOT}, the hot spots, ';' and the weights. On a cmesh of {@code cmeshK}
     * x {@code cmeshK} routers (else 0) the hot spots are renumbered
     * ({@link BookSimTopology#cmeshTerminal}).
     */
    private String hotSpot(String traffic, long terminals, int cmeshK) throws SpecException {
        String expected = "hotspot(h), hotspot({h}) or hotspot({{h1,h2,...},{r1,r2,...}}) (BookSim's syntax) with hot"
            + " spots from 0 to " + (terminals - 1) + ", each once, and integer rates of 1 or more (a hot spot BookSim"
            + " draws at random is not mapped)";
        int left = traffic.indexOf('(');
        int right = traffic.lastIndexOf(')');
        String paramText = left < 0 ? "" : right < left ? traffic.substring(left + 1)
            : traffic.substring(left + 1, right);
        List<String> params = BookSimConfig.tokenize(paramText);
        if (params.isEmpty()) {
            throw cfg.error("traffic", expected, traffic);
        }
        List<Long> nodes = new ArrayList<>();
        for (String x : BookSimConfig.tokenize(params.get(0))) {
            if (!x.trim().matches("[0-9]{1,9}")) {
                throw cfg.error("traffic", expected, traffic);
            }
            long node = Long.parseLong(x.trim());
            if (node >= terminals || nodes.contains(node)) {
                throw cfg.error("traffic", expected, traffic);
            }
            nodes.add(node);
        }
        List<String> rates = params.size() >= 2 ? BookSimConfig.tokenize(params.get(1)) : List.of("1");
        if (nodes.isEmpty() || rates.isEmpty()) {
            throw cfg.error("traffic", expected, traffic);
        }
        StringBuilder weights = new StringBuilder();
        for (int i = 0; i < nodes.size(); i++) {
            // traffic.cpp: rates.resize(hotspots.size(), rates.back())
            String rate = rates.get(Math.min(i, rates.size() - 1)).trim();
            if (!rate.matches("[1-9][0-9]{0,8}")) {
                throw cfg.error("traffic", expected, traffic);
            }
            weights.append(i == 0 ? "" : ",").append(rate);
        }
        return HOT_SPOT + nodes.stream().map(h -> cmeshK > 0 ? BookSimTopology.cmeshTerminal(h, cmeshK) : h)
            .map(String::valueOf).collect(java.util.stream.Collectors.joining(",")) + ";" + weights;
    }

    /**
     * BookSim's packet sizes (trafficmanager.cpp): {@code packet_size} one size, or a list per
     * traffic class whose class-0 entry is a list of sizes ({@code {{1,8}}}), drawn with the
     * integer weights of {@code packet_size_rate} (one number for all, or {@code {{w1,w2}}}, the
     * last repeated for the sizes after it; BookSim's {@code _GetNextPacketSize}). Returns the
     * sizes and their weights, sizes of weight 0 left out (never drawn).
     */
    private int[][] packetSizes() throws SpecException {
        Value v = cfg.value("packet_size");
        String expected = "a packet size of at least 1 flit, or class 0's sizes {{a,b,...}} (BookSim reads a list"
            + " {a,b} as one size per traffic class, and with classes = 1 uses a only)";
        int[] sizes;
        if (v == null || !v.text().startsWith("{")) {
            sizes = new int[] {cfg.integer("packet_size", 1, 1, expected)};
        } else {
            sizes = classZero("packet_size", v.text(), expected, 1);
        }
        int[] weights = new int[sizes.length];
        Value r = cfg.value("packet_size_rate");
        String rateExpected = "weights of 0 or more, not all 0: one number, or {{w1,w2,...}} for the sizes of"
            + " packet_size (BookSim reads a list {a,b} as one weight per traffic class)";
        if (r == null || !r.text().startsWith("{")) {
            Arrays.fill(weights, cfg.integer("packet_size_rate", 1, sizes.length > 1 ? 1 : 0, rateExpected));
        } else {
            int[] given = classZero("packet_size_rate", r.text(), rateExpected, 0);
            for (int i = 0; i < sizes.length; i++) {
                weights[i] = given[Math.min(i, given.length - 1)];
            }
            if (Arrays.stream(weights).sum() == 0) {
                throw cfg.error("packet_size_rate", rateExpected, r.text());
            }
        }
        int kept = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (weights[i] > 0 || sizes.length == 1) {
                sizes[kept] = sizes[i];
                weights[kept++] = weights[i];
            }
        }
        return new int[][] {Arrays.copyOf(sizes, kept), Arrays.copyOf(weights, kept)};
    }

    /** The numbers of class 0's entry of BookSim's per-class list {@code text} ({{a,b}} or {a}), each at least {@code min}. */
    private int[] classZero(String key, String text, String expected, int min) throws SpecException {
        String inner = text.substring(1, text.length() - 1).strip();
        String entry;
        if (inner.startsWith("{")) {
            if (!inner.endsWith("}") || inner.indexOf('{', 1) >= 0) {
                throw cfg.error(key, expected + "; classes = 1 has one entry", text);
            }
            entry = inner.substring(1, inner.length() - 1);
        } else if (inner.contains(",")) {
            throw cfg.error(key, expected, text);
        } else {
            entry = inner;
        }
        String[] parts = entry.split(",", -1);
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String t = parts[i].strip();
            if (!t.matches("[0-9]{1,9}") || Integer.parseInt(t) < min) {
                throw cfg.error(key, expected, text);
            }
            out[i] = Integer.parseInt(t);
        }
        return out;
    }

    /** The mean of the sizes under their weights (BookSim's _GetAveragePacketSize). */
    private static double meanSize(int[][] sizes) {
        long sum = 0;
        long total = 0;
        for (int i = 0; i < sizes[0].length; i++) {
            sum += (long) sizes[0][i] * sizes[1][i];
            total += sizes[1][i];
        }
        return sizes[0].length == 1 ? sizes[0][0] : (double) sum / total;
    }

    private double rate() throws SpecException {
        Value v = cfg.value("injection_rate");
        if (v == null) {
            return 0.1;
        }
        if (!v.number()) {
            throw cfg.error("injection_rate", "one rate (flowproof does not map a list per traffic class)", v.text());
        }
        return Double.parseDouble(v.text());
    }
}
