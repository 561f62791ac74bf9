package flowproof.cli;

import flowproof.check.Flowproof;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.ConfigurationException;
import flowproof.report.Charts;
import flowproof.routing.RoutingException;
import flowproof.sim.ChannelLoadBound;
import flowproof.sim.Engine;
import flowproof.sim.FlowStats;
import flowproof.sim.MessageStats;
import flowproof.traffic.TraceWorkload;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.sim.Simulator;
import flowproof.spec.SimulationReader;
import flowproof.throttle.Schemes;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "simulate", mixinStandardHelpOptions = true,
    description = {"Runs the cycle-accurate simulator on the network of a spec (its simulation section) with the "
        + "same routing function and flow-control rule the explorer checks, and prints throughput and latency.",
        "After the generation cycles sources stop and the network is drained; a deadlock (no flit moved for "
            + "deadlock-cycles while flits are in the network) is reported with the queues held and a shortest cycle "
            + "of them, each waiting on the next.",
        "Exit code: 0 ran and drained, 1 deadlock or not drained, 2 bad input, 3 no packet was generated"
            + " (nothing checked)."})
final class SimulateCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SPEC", arity = "0..1", description = "a spec file (YAML) with a simulation section")
    Path spec;

    @Option(names = "--no-save", description = "accepted as by the other commands; this command saves no counterexample")
    boolean noSave;

    @Option(names = "--booksim", paramLabel = "FILE.cfg", description = "a BookSim 2.0 configuration file instead of a "
        + "spec (docs/booksim.md: the keys flowproof maps)")
    Path booksim;

    @Option(names = "--load", paramLabel = "R", description = "offered load in flits/node/cycle, 0 < R <= 1 (overrides the spec)")
    Double load;

    @Option(names = "--cycles", paramLabel = "N", description = "cycles with packet generation, warm-up included")
    Long cycles;

    @Option(names = "--warmup", paramLabel = "N", description = "cycles before measurement")
    Long warmup;

    @Option(names = "--seed", paramLabel = "S", description = "random seed (runs are deterministic under a seed)")
    Long seed;

    @Option(names = "--check", description = "check conservation, flit order and credit accounting on every cycle")
    boolean check;

    @Option(names = "--over-time", paramLabel = "PNG", description = "draw accepted throughput and packets in flight over time")
    Path overTime;

    @Option(names = "--space-time", paramLabel = "PNG", description = "draw the space-time chart of busy buffers "
        + "(the spec's space-time row, or row 0 for 500 cycles after warm-up)")
    Path spaceTime;

    @Option(names = "--control", paramLabel = "SCHEME", description = "congestion-control scheme, e.g. tune or "
        + "best-local(slots=4) (overrides the spec's simulation.control; the spec's parameters apply when it names "
        + "the same scheme without parameters)")
    String control;

    @Option(names = "--control-series", paramLabel = "PNG", description = "draw the control scheme's internal state "
        + "over time (threshold, throttled nodes, marks, active CFQs, ...)")
    Path controlSeries;

    @Option(names = "--json", description = "print one JSON object")
    boolean json;

    @Option(names = "--latency-when-unstable", description = "report the latency of an unstable (saturated) run too: "
        + "over the packets created in the measurement window that were delivered; it leaves out those still queued "
        + "at their sources when the run ended, which waited longest, so it is not the latency of the offered load "
        + "(the JSON marks it with latencyOfUnstableRun: true)")
    boolean latencyWhenUnstable;

    @Option(names = "--by-destination", description = "also give, per destination terminal, the flits it received per"
        + " cycle of the measurement window (JSON acceptedByDestination, indexed by terminal; text: the lowest and"
        + " highest)")
    boolean byDestination;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = cmd.commandLine().getOut();
        PrintWriter err = cmd.commandLine().getErr();
        Spec s = Main.readSpec(spec, booksim, flowproof.spec.BookSimConfig.Purpose.SIMULATE, err);
        if (s == null) {
            return Main.BAD_INPUT;
        }
        if (spec == null) {
            spec = booksim; // errors below name the file read
        }
        SimConfig cfg = configure(s, spec, load, cycles, warmup, seed, check, err);
        if (cfg == null) {
            return Main.BAD_INPUT;
        }
        if (control != null) {
            cfg = withScheme(s, spec, cfg, control, "--control", err);
            if (cfg == null) {
                return Main.BAD_INPUT;
            }
        }
        if (spaceTime != null && cfg.spaceTime() == null) {
            try {
                cfg = cfg.withSpaceTime(SimulationReader.defaultSpaceTime(s.topology(), cfg.warmup()));
            } catch (ConfigurationException e) {
                err.println(spec + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
        }
        Progress progress = new Progress(err, json);
        long total = cfg.cycles();
        SimResult r;
        FlowStats flows = null;
        MessageStats messages = null;
        try {
            Engine engine = Engine.of(cfg);
            int[] flowOf = cfg.workload().flowOf();
            if (engine instanceof Simulator sim && flowOf != null) {
                FlowStats f = new FlowStats(flowOf, cfg.workload().flowNames(), cfg.warmup(), cfg.cycles(), cfg.window());
                flows = f;
                sim.onGeneration(f);
                if (cfg.workload() instanceof TraceWorkload tw) {
                    MessageStats m = new MessageStats(tw, cfg.warmup(), cfg.cycles());
                    messages = m;
                    sim.onDelivery((src, dst, size, created, injected, done, hops) -> {
                        f.delivered(src, dst, size, created, injected, done, hops);
                        m.delivered(src, dst, size, created, injected, done, hops);
                    });
                } else {
                    sim.onDelivery(f);
                }
            }
            r = engine.run(c -> progress.show(String.format("simulating: cycle %,d of %,d", c, total)));
        } catch (RoutingException e) {
            progress.done();
            err.println(spec + ": routing: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (flowproof.ConfigurationException e) {
            // an engine of its own (input-queued schemes) refusing the network
            progress.done();
            err.println(spec + ": " + e.getMessage());
            return Main.BAD_INPUT;
        }
        progress.done();
        double bound = boundOrNaN(s, cfg);
        if (json) {
            ObjectNode o = toJson(r, bound, latencyWhenUnstable);
            if (flows != null) {
                ArrayNode a = o.putArray("flows");
                for (FlowStats.Flow f : flows.flows(r.generationCycles(), r.cycles())) {
                    ObjectNode fo = a.addObject();
                    fo.put("entry", f.name());
                    fo.put("terminals", f.terminals());
                    fo.put("accepted", f.accepted());
                    if (Double.isNaN(f.meanLatency())) {
                        fo.putNull("meanLatency");
                    } else {
                        fo.put("meanLatency", f.meanLatency());
                    }
                    fo.put("packets", f.packets());
                    if (f.created() >= 0) {
                        fo.put("created", f.created());
                        fo.put("undelivered", f.undelivered());
                    }
                    if (f.undelivered() > 0) {
                        fo.put("censoredMeanLatency", f.censoredMean());
                        fo.put("meanLatencyNote", String.format("null: %d of the %d packets created in the measurement"
                            + " window were not delivered, so a mean over the delivered ones would be a survivor mean;"
                            + " censoredMeanLatency counts each of them until the run's last cycle (%d): a lower bound",
                            f.undelivered(), f.created(), r.cycles()));
                        if (latencyWhenUnstable && f.packets() > 0) {
                            fo.put("survivorMeanLatency", f.survivorMean());
                        }
                    }
                    if (Double.isNaN(f.peakLatency())) {
                        fo.putNull("peakLatency");
                    } else {
                        fo.put("peakLatency", f.peakLatency());
                    }
                }
                if (messages != null) {
                    for (MessageStats.Entry m : messages.entries()) {
                        ObjectNode fo = (ObjectNode) a.get(m.index());
                        fo.put("messages", m.messages());
                        if (m.messages() == 0) {
                            fo.putNull("meanMessageLatency");
                        } else {
                            fo.put("meanMessageLatency", m.meanLatency());
                        }
                    }
                }
            }
            if (byDestination && r.acceptedByDestination() != null) {
                ArrayNode a = o.putArray("acceptedByDestination");
                for (double v : r.acceptedByDestination()) {
                    a.add(v);
                }
            }
            o.put("spec", s.name());
            out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(o));
        } else {
            print(out, s, r, bound, latencyWhenUnstable);
            if (byDestination && r.acceptedByDestination() != null) {
                double[] a = r.acceptedByDestination();
                int lo = 0;
                int hi = 0;
                for (int t = 1; t < a.length; t++) {
                    lo = a[t] < a[lo] ? t : lo;
                    hi = a[t] > a[hi] ? t : hi;
                }
                out.printf("  by destination  lowest %.4f (terminal %d), highest %.4f (terminal %d) flits/cycle;"
                    + " --json lists every terminal%n", a[lo], lo, a[hi], hi);
            }
            if (flows != null) {
                int i = 0;
                for (FlowStats.Flow f : flows.flows(r.generationCycles(), r.cycles())) {
                    String latency = f.packets() == 0 ? "no measured packet delivered"
                        : f.undelivered() > 0 ? String.format("mean latency at least %.2f cycles: %,d of the %,d packets"
                            + " created in the window not delivered, counted until the run's end%s", f.censoredMean(),
                            f.undelivered(), f.created(), latencyWhenUnstable
                            ? String.format(" (the %,d delivered: %.2f cycles, a survivor mean)", f.packets(),
                                f.survivorMean()) : "")
                        : String.format("mean latency %.2f cycles over %,d packets", f.meanLatency(), f.packets());
                    out.printf("  flow %d    accepted %.4f flits/node/cycle, %s (%d terminals: %s)%n", i++, f.accepted(),
                        latency, f.terminals(), f.name());
                }
                if (messages != null) {
                    for (MessageStats.Entry m : messages.entries()) {
                        out.printf("  flow %d    %s%n", m.index(), m.messages() == 0 ? "no measured message completed"
                            : String.format("mean message latency %.2f cycles over %,d trace messages", m.meanLatency(),
                                m.messages()));
                    }
                }
            }
        }
        out.flush();
        Outputs files = new Outputs();
        if (overTime != null) {
            SimResult.Series ser = r.series();
            files.write("--over-time", () -> Charts.overTime(overTime, s.name() + ": " + r.workload(), ser.t(),
                ser.offered(), ser.accepted(), ser.inFlight()));
        }
        if (controlSeries != null) {
            files.write("--control-series", () -> drawControl(controlSeries, s.name() + ": " + r.control(),
                r.controlSeries(), spec, err));
        }
        if (spaceTime != null && r.spaceTime() != null) {
            SimResult.SpaceTimeChart st = r.spaceTime();
            files.write("--space-time", () -> Charts.spaceTime(spaceTime, s.name() + ": busy input buffers", st.rows(),
                st.busy(), st.from()));
        }
        if (r.deadlock() != null || !r.drained()) {
            return files.exit(err, Main.VIOLATION);
        }
        if (r.packetsCreated() == 0) {
            // a run that moved nothing checked nothing: never a pass
            err.println(spec + ": simulation: no packet was generated in " + r.cycles() + " cycles at this load;"
                + " the run checked nothing (raise the load or the cycles)");
            return files.exit(err, Main.INCOMPLETE);
        }
        return files.exit(err, Main.OK);
    }

    /** The spec's simulation with the command line's overrides, or null after printing the one-line error. */
    static SimConfig configure(Spec s, Path file, Double load, Long cycles, Long warmup, Long seed, boolean check,
                               PrintWriter err) {
        return configure(s, file, load, "--load", cycles, warmup, seed, check, err);
    }

    /** As above; {@code loadOption} names the option the load came from in errors ({@code --load}, {@code --loads}). */
    static SimConfig configure(Spec s, Path file, Double load, String loadOption, Long cycles, Long warmup, Long seed,
                               boolean check, PrintWriter err) {
        try {
            SimConfig cfg = Flowproof.simulation(s);
            if (load != null) {
                if (!(load > 0 && load <= 1)) {
                    err.println(file + ": " + loadOption + ": expected a load in (0, 1] flits/node/cycle, found " + load);
                    return null;
                }
                if (!cfg.workload().takesLoad()) {
                    err.println(file + ": " + loadOption + ": expected no load for " + cfg.workload().describe()
                        + " (its rates are in the spec), found " + load);
                    return null;
                }
                cfg = cfg.withWorkload(cfg.workload().atLoad(load));
            }
            if (cycles != null && (cycles < 1 || cycles > SimConfig.MAX_CYCLES)) {
                err.println(file + ": --cycles: expected 1 to " + SimConfig.MAX_CYCLES + " cycles, found " + cycles);
                return null;
            }
            long c = cycles != null ? cycles : cfg.cycles();
            long w = warmup != null ? warmup : (cycles != null && cfg.warmup() >= c ? c / 5 : cfg.warmup());
            long sd = seed != null ? seed : cfg.seed();
            if (c < 1 || w < 0 || w >= c) {
                err.println(file + ": --warmup: expected 0 or more and fewer than the cycles (" + c + "), found " + w);
                return null;
            }
            return cfg.withRun(c, w, sd).withCheck(check);
        } catch (SpecException e) {
            err.println(e.getMessage());
            return null;
        } catch (ConfigurationException e) {
            err.println(file + ": " + e.getMessage());
            return null;
        }
    }

    /**
     * {@code cfg} under the scheme named {@code key} (with the spec's parameters when its
     * control is of that kind), or null after printing the one-line error.
     */
    static SimConfig withScheme(Spec s, Path file, SimConfig cfg, String key, String option, PrintWriter err) {
        try {
            return cfg.withControl(Schemes.named(key.trim(), s.simulation().get("control"),
                SimulationReader.schemeContext(cfg)));
        } catch (ConfigurationException e) {
            String field = e.field().equals("--schemes") ? option
                : key.contains("(") ? option + " " + key.trim() + " (" + e.field() + ")" : e.field();
            err.println(file + ": " + field + ": expected " + e.expected() + ", found " + e.found());
            return null;
        }
    }

    /** Draws a control scheme's series, one line each; a scheme that records none is reported in one line. */
    static void drawControl(Path png, String title, SimResult.ControlSeries cs, Path file, PrintWriter err)
        throws java.io.IOException {
        if (cs == null || cs.t().length == 0) {
            err.println(file + ": --control-series: the scheme records no internal state (or the run was shorter than "
                + "one window); no chart written");
            return;
        }
        double[] x = new double[cs.t().length];
        for (int i = 0; i < x.length; i++) {
            x[i] = cs.t()[i];
        }
        java.util.Map<String, double[]> ys = new java.util.LinkedHashMap<>();
        for (int k = 0; k < cs.names().length; k++) {
            ys.put(cs.names()[k], cs.values()[k]);
        }
        Charts.lines(png, title, "cycle", "value", x, ys);
    }

    /** The channel-load bound of the spec's routing and pattern, NaN where it does not apply. */
    static double boundOrNaN(Spec s, SimConfig cfg) {
        try {
            return ChannelLoadBound.of(cfg).bound();
        } catch (UnsupportedOperationException e) {
            return Double.NaN;
        }
    }

    static ObjectNode toJson(SimResult r, double bound) {
        return toJson(r, bound, false);
    }

    /** @param unstableLatency whether an unstable run's latency is reported too (marked latencyOfUnstableRun) */
    static ObjectNode toJson(SimResult r, double bound, boolean unstableLatency) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode o = m.createObjectNode();
        o.put("network", r.network());
        o.put("workload", r.workload());
        o.put("control", r.control());
        o.put("controlPacketsSent", r.controlSent());
        o.put("controlPacketsDelivered", r.controlDelivered());
        if (r.sourceRefused() >= 0) {
            o.put("sourceRefused", r.sourceRefused());
        } else {
            o.putNull("sourceRefused");
        }
        if (r.stopsDropped() >= 0) {
            o.put("stopsDropped", r.stopsDropped());
        } else {
            o.putNull("stopsDropped");
        }
        o.put("offered", r.offered());
        o.put("accepted", r.accepted());
        if (!Double.isNaN(bound)) {
            o.put("channelLoadBound", bound);
        }
        ObjectNode lat = o.putObject("latency");
        SimResult.Latency l = r.latency();
        if (l != null && (!r.unstable() || unstableLatency)) {
            if (r.unstable()) {
                o.put("latencyOfUnstableRun", true);
            }
            lat.put("mean", l.mean());
            lat.put("p50", l.p50());
            lat.put("p99", l.p99());
            lat.put("max", l.max());
            lat.put("sourceQueueing", l.sourceQueueing());
            lat.put("bufferAccess", l.bufferAccess());
            lat.put("ruleWait", l.ruleWait());
            lat.put("network", l.network());
            lat.put("packets", l.packets());
        } else {
            lat.putNull("mean");
            lat.putNull("p50");
            lat.putNull("p99");
        }
        o.put("unstable", r.unstable());
        if (r.unstableReason() != null) {
            o.put("unstableReason", r.unstableReason());
        }
        if (r.deadlock() != null) {
            ObjectNode d = o.putObject("deadlock");
            d.put("cycle", r.deadlock().cycle());
            d.put("packetsInNetwork", r.deadlock().packetsInNetwork());
            d.put("knot", r.deadlock().knot());
            ArrayNode held = d.putArray("heldQueues");
            r.deadlock().heldQueues().forEach(held::add);
            ArrayNode waiting = d.putArray("waitCycle");
            r.deadlock().waitCycle().forEach(waiting::add);
        } else {
            o.putNull("deadlock");
        }
        o.put("drained", r.drained());
        o.put("drainCycles", r.drainCycles());
        if (r.completion() >= 0) {
            o.put("completion", r.completion());
        }
        double critical = r.series().criticalLoad(200, r.generationCycles());
        if (!Double.isNaN(critical)) {
            o.put("criticalLoad", critical);
        }
        o.put("meanHops", r.meanHops());
        o.put("packetsCreated", r.packetsCreated());
        o.put("packetsDelivered", r.packetsDelivered());
        o.put("cycles", r.cycles());
        o.put("warmup", r.warmup());
        o.put("terminals", r.terminals());
        double maxUtil = 0;
        for (double u : r.utilisation()) {
            maxUtil = Math.max(maxUtil, u);
        }
        o.put("maxChannelUtilisation", maxUtil);
        if (r.controlSeries() != null) {
            ObjectNode cs = o.putObject("controlSeries");
            ArrayNode t = cs.putArray("t");
            for (long x : r.controlSeries().t()) {
                t.add(x);
            }
            for (int k = 0; k < r.controlSeries().names().length; k++) {
                ArrayNode a = cs.putArray(r.controlSeries().names()[k]);
                for (double v : r.controlSeries().values()[k]) {
                    a.add(v);
                }
            }
        }
        o.put("checked", r.checked());
        o.put("seconds", r.seconds());
        o.put("nodeCyclesPerSecond", r.nodeCyclesPerSecond());
        return o;
    }

    static void print(PrintWriter out, Spec s, SimResult r, double bound) {
        print(out, s, r, bound, false);
    }

    static void print(PrintWriter out, Spec s, SimResult r, double bound, boolean unstableLatency) {
        out.println(s.name() + ": " + r.network());
        for (String note : s.refusedClaims()) {
            out.println("  refused   " + note);
        }
        out.println("  workload  " + r.workload());
        if (!"none".equals(r.control())) {
            out.println("  control   " + r.control() + (r.controlSent() == 0 ? ""
                : String.format(", %,d control packets sent, %,d delivered (not counted as data)", r.controlSent(),
                    r.controlDelivered())));
        }
        if (r.sourceRefused() >= 0) {
            out.printf("  refused   %,d packet%s generated at a full source queue (measured window)%n", r.sourceRefused(),
                r.sourceRefused() == 1 ? "" : "s");
        }
        if (r.stopsDropped() >= 0) {
            out.printf("  stops     %,d Stop notification%s dropped (every output CAM line busy)%n", r.stopsDropped(),
                r.stopsDropped() == 1 ? "" : "s");
        }
        out.printf("  offered   %.4f flits/node/cycle%n", r.offered());
        out.printf("  accepted  %.4f flits/node/cycle%s%n", r.accepted(),
            Double.isNaN(bound) ? "" : String.format(" (channel-load bound %.4f: %.1f%%)", bound, 100 * r.accepted() / bound));
        SimResult.Latency l = r.latency();
        if (r.unstable() && unstableLatency && l != null && l.packets() > 0) {
            out.println("  latency   unstable: " + r.unstableReason());
            out.printf("            of the packets delivered only (not those still queued at the end): mean %.2f, p50 %d,"
                + " p99 %d, max %d cycles over %,d packets%n", l.mean(), l.p50(), l.p99(), l.max(), l.packets());
            out.printf("            source queueing %.2f + buffer access %.2f + network %.2f%n", l.sourceQueueing(),
                l.bufferAccess(), l.network());
        } else if (r.unstable()) {
            out.println("  latency   unstable: " + r.unstableReason());
        } else if (l != null) {
            out.printf("  latency   mean %.2f, p50 %d, p99 %d, max %d cycles over %,d packets%n", l.mean(), l.p50(),
                l.p99(), l.max(), l.packets());
            out.printf("            source queueing %.2f + buffer access %.2f + network %.2f%n", l.sourceQueueing(),
                l.bufferAccess(), l.network());
        } else {
            out.println("  latency   no packets measured");
        }
        if (r.completion() >= 0) {
            out.printf("  completion %,d cycles%n", r.completion());
        }
        double critical = r.series().criticalLoad(200, r.generationCycles());
        if (!Double.isNaN(critical)) {
            out.printf("  critical load %.4f flits/node/cycle (ramp method: 10%% drop of the throughput gradient)%n",
                critical);
        }
        if (r.deadlock() != null) {
            SimResult.Deadlock d = r.deadlock();
            if (d.knot()) {
                out.printf("  DEADLOCK  at cycle %,d: %,d held queues waited only on each other and did not move for the "
                    + "deadlock timeout, %,d packets in the network; held:%n", d.cycle(), d.heldQueues().size(),
                    d.packetsInNetwork());
            } else {
                out.printf("  DEADLOCK  at cycle %,d: no flit moved for the deadlock timeout, %,d packets in the network; "
                    + "held:%n", d.cycle(), d.packetsInNetwork());
            }
            int shown = 0;
            for (String q : d.heldQueues()) {
                if (shown++ == 20) {
                    out.println("            ... and " + (d.heldQueues().size() - 20) + " more");
                    break;
                }
                out.println("            " + q);
            }
            if (!d.waitCycle().isEmpty()) {
                out.printf("  waiting   a cycle of %d held queues, each waiting on the next:%n", d.waitCycle().size());
                shown = 0;
                for (String q : d.waitCycle()) {
                    if (shown++ == 20) {
                        out.println("            ... and " + (d.waitCycle().size() - 20) + " more, back to the first");
                        break;
                    }
                    out.println("            " + q);
                }
            }
        } else {
            out.println("  drained   " + (r.drained() ? "yes, in " + r.drainCycles() + " cycles after generation stopped"
                : "NO, not within " + r.drainCycles() + " cycles"));
        }
        out.printf("  run       %,d cycles (%,d warm-up), %.2f s, %,.0f node-cycles/s%s%n", r.cycles(), r.warmup(),
            r.seconds(), r.nodeCyclesPerSecond(), r.checked() ? ", checked" : "");
    }
}
