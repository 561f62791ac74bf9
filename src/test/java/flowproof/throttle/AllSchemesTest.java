package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.sim.Engine;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.spec.SimulationReader;
import flowproof.spec.SpecReader;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every registered scheme, on a seed paper's configuration it applies to, at 0.9 offered
 * (past saturation on each) and checked every cycle (conservation, flit order, exactly-once
 * delivery, credits): the network drains, a stable run delivers every data packet, and
 * control packets (if any) are all delivered and kept apart from data. A new scheme without a configuration here fails {@link #everySchemeHasAConfiguration}.
 */
class AllSchemesTest {

    /** The spec each scheme is run on, and a load past that spec's saturation. */
    private static final Map<String, String> SPEC = Map.ofEntries(
        Map.entry("none", "specs/sim/torus8x8-dateline.yaml"),
        Map.entry("static-threshold", "specs/sim/torus8x8-dateline.yaml"),
        Map.entry("tune", "specs/sim/torus8x8-dateline.yaml"),
        Map.entry("alo", "specs/sim/torus8x8-dateline.yaml"),
        Map.entry("spth", "specs/sim/torus8x8-dateline.yaml"),
        Map.entry("best-local", "specs/sim/torus8x8-cbs-multiple.yaml"),
        Map.entry("theoretical", "specs/sim/torus8x8-cbs-multiple.yaml"),
        Map.entry("cbs", "specs/sim/torus8x8-cbs-multiple.yaml"),
        Map.entry("cbs-global", "specs/sim/torus8x8-cbs-multiple.yaml"),
        Map.entry("cbcm", "specs/sim/cbcm-fb1d-16x4-hotspot.yaml"),
        Map.entry("ecn", "specs/sim/cbcm-fb1d-16x4-hotspot.yaml"),
        Map.entry("ideal", "specs/sim/cbcm-fb1d-16x4-hotspot.yaml"),
        Map.entry("srp", "specs/sim/cbcm-fb1d-16x4-hotspot.yaml"),
        Map.entry("single-queue", "specs/sim/fbicm-bmin64-hotspot.yaml"),
        Map.entry("voq-switch", "specs/sim/fbicm-bmin64-hotspot.yaml"),
        Map.entry("voq-net", "specs/sim/fbicm-bmin64-hotspot.yaml"),
        Map.entry("fbicm", "specs/sim/fbicm-bmin64-hotspot.yaml"),
        Map.entry("recn-iq", "specs/sim/fbicm-bmin64-hotspot.yaml"));

    static Stream<String> keys() {
        return Schemes.keys().stream();
    }

    @Test
    void everySchemeHasAConfiguration() {
        assertThat(SPEC.keySet()).containsAll(Schemes.keys());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keys")
    void conservesAndDrainsPastSaturation(String key) throws Exception {
        SimConfig base = SimulationReader.read(SpecReader.read(Path.of(SPEC.get(key))));
        SimConfig cfg = base.withControl(Schemes.named(key, base.control().key().equals(key)
                ? SpecReader.read(Path.of(SPEC.get(key))).simulation().get("control") : null,
                SimulationReader.schemeContext(base)))
            .withRun(4000, 1000, 7).withCheck(true);
        if (cfg.workload().takesLoad()) {
            cfg = cfg.withWorkload(cfg.workload().atLoad(0.9));
        }
        SimResult r = Engine.of(cfg).run(null);
        assertThat(r.deadlock()).as("deadlock").isNull();
        assertThat(r.drained()).as("drained").isTrue();
        assertThat(r.packetsDelivered()).isPositive();
        if (!r.unstable()) {
            assertThat(r.packetsDelivered()).isEqualTo(r.packetsCreated());
        }
        assertThat(r.controlDelivered()).isEqualTo(r.controlSent());
        assertThat(r.control()).startsWith(key);
    }
}
