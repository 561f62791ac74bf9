package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The turn models on the 8x8 mesh specs, one VC of one packet: simulated past saturation
 * (the accepted load falls short of the offered one), they never deadlock and drain once
 * sources stop. The same network with every turn allowed, or with XY-YX, deadlocks: the
 * runs are long and loaded enough to catch a deadlock the routing allows.
 */
class MeshTurnModelSimulationTest {

    static Stream<Arguments> turnModels() {
        List<Arguments> list = new ArrayList<>();
        for (String model : List.of("west-first", "north-last", "negative-first", "odd-even")) {
            for (double load : new double[] {0.5, 1.0}) {
                list.add(Arguments.of("specs/mesh8x8-" + model + ".yaml", load));
            }
        }
        return list.stream();
    }

    static SimResult run(Spec spec, double load) throws Exception {
        SimConfig cfg = SimulationReader.read(spec);
        cfg = cfg.withWorkload(cfg.workload().atLoad(load)).withRun(10000, 2000, 7).withCheck(true);
        return new Simulator(cfg).run(null);
    }

    @ParameterizedTest(name = "{0} at load {1}")
    @MethodSource("turnModels")
    void turnModelsDrainPastSaturation(String file, double load) throws Exception {
        Spec spec = SpecReader.read(Path.of(file));
        SimResult r = run(spec, load);
        assertThat(r.deadlock()).as("deadlock").isNull();
        assertThat(r.drained()).as("drained").isTrue();
        assertThat(r.unstable()).as("past saturation").isTrue();
        assertThat(r.packetsDelivered()).isPositive();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{kind: turns, forbid: []}", "xy-yx"})
    void theSameMeshWithAllTurnsDeadlocks(String routing) throws Exception {
        String text = Files.readString(Path.of("specs/mesh8x8-west-first.yaml"))
            .replace("routing: west-first", "routing: " + routing);
        Spec spec = SpecReader.fromTree("test", "", Yaml.read(text));
        assertThat(spec.routing().name()).isNotEqualTo("west-first");
        SimResult r = run(spec, 1.0);
        assertThat(r.deadlock()).as("deadlock").isNotNull();
        assertThat(r.drained()).isFalse();
    }
}
