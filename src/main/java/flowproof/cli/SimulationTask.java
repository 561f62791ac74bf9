package flowproof.cli;

import flowproof.cluster.Task;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One simulation of {@code sweep} or {@code compare} on a member of a cluster: the spec as its
 * tree in JSON (named files embedded) and the options as given, from which the member builds the
 * run exactly as the command does on one machine.
 *
 * @param file      the spec file as given on the command line (named in messages)
 * @param tree      the spec's tree as JSON
 * @param cycles    {@code --cycles}, or null
 * @param warmup    {@code --warmup}, or null
 * @param seed      {@code --seed}, or null
 * @param check     {@code --check}
 * @param firstLoad the first load of the sweep (the base run is configured at it)
 * @param scheme    the scheme ({@code --control} or one of {@code --schemes}), or null for the spec's
 * @param option    the option that named the scheme, for messages
 * @param load      this run's load
 */
record SimulationTask(String file, String tree, Long cycles, Long warmup, Long seed, boolean check, double firstLoad,
                      String scheme, String option, double load) implements Task<SimResult> {

    @Override
    public SimResult call() {
        Spec s;
        try {
            s = SpecReader.fromTree(file, "", Yaml.read(tree));
        } catch (SpecException | IOException e) {
            throw new IllegalStateException("the spec sent by the driving member: " + e.getMessage(), e);
        }
        StringWriter text = new StringWriter();
        PrintWriter err = new PrintWriter(text, true);
        Path spec = Path.of(file);
        SimConfig base = SimulateCommand.configure(s, spec, firstLoad, "--loads", cycles, warmup, seed, check, err);
        if (base != null && scheme != null) {
            base = SimulateCommand.withScheme(s, spec, base, scheme, option, err);
        }
        if (base == null) {
            throw new IllegalStateException(text.toString().trim());
        }
        return flowproof.check.Flowproof.simulate(base.withWorkload(base.workload().atLoad(load)));
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "simulate %s%s at load %.4f", file, scheme == null ? "" : " (" + scheme + ")",
            load);
    }
}
