package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.sim.Engine;
import flowproof.sim.SimResult;
import flowproof.spec.SimulationReader;
import flowproof.spec.SpecReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The bursty load of the Tune paper (000_38ccbb1a41645d3d.txt, section 5.2.4) on its
 * 16-ary 2-cube, specs/sim/tune-torus16x16-bursty.yaml, with Base (none), ALO and Tune:
 * about 20 s, so tagged slow ({@code mvn -B test -Pslow -Dtest=TuneBurstyTest}). The
 * command line reports no latency for such an overloaded run, so this test prints the
 * numbers docs/results/tune.md quotes: accepted throughput and the latency from the
 * injection buffer (mean minus source queueing).
 */
@Tag("slow")
class TuneBurstyTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    static SimResult run(Path file, String control) throws Exception {
        return run(file, control, -1);
    }

    /** The spec with its control replaced (YAML text: a key or a mapping) and, if positive, its load. */
    static SimResult run(Path file, String control, double load) throws Exception {
        ObjectNode tree = (ObjectNode) YAML.readTree(Files.readString(file));
        ObjectNode sim = (ObjectNode) tree.get("simulation");
        sim.set("control", YAML.readTree(control));
        if (load > 0) {
            sim.put("load", load);
        }
        return Engine.of(SimulationReader.read(SpecReader.fromTree(file.toString(), "", tree))).run(null);
    }

    static double fromInjection(SimResult r) {
        return r.latency().mean() - r.latency().sourceQueueing();
    }

    @Test
    void tuneSustainsThroughputAndCutsLatencyUnderBurstsOfChangingPatterns() throws Exception {
        Path file = Path.of("specs/sim/tune-torus16x16-bursty.yaml");
        Map<String, SimResult> runs = new LinkedHashMap<>();
        for (String c : new String[] {"none", "alo", "tune"}) {
            SimResult r = run(file, c);
            runs.put(c, r);
            System.out.printf(Locale.ROOT,
                "bursty %-5s accepted %.4f  latency mean %.1f  source queueing %.1f  from injection %.1f"
                    + "  (buffer access %.1f, network %.1f) over %d packets%n",
                c, r.accepted(), r.latency().mean(), r.latency().sourceQueueing(), fromInjection(r),
                r.latency().bufferAccess(), r.latency().network(), r.latency().packets());
            assertThat(r.deadlock()).isNull();
        }
        SimResult none = runs.get("none");
        SimResult tune = runs.get("tune");
        assertThat(tune.accepted()).isGreaterThan(1.2 * none.accepted());
        assertThat(tune.accepted()).isGreaterThan(1.2 * runs.get("alo").accepted());
        assertThat(fromInjection(tune)).isLessThan(0.6 * fromInjection(none));
    }
}
