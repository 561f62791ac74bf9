package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.cdg.ChannelDependencyGraph;
import flowproof.sim.SimConfig;
import flowproof.sim.SimResult;
import flowproof.sim.Simulator;
import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The BookSim anynet network of 8 routers with an explicit up*&#47;down* routing table
 * (specs/anynet-irregular8-up-down-table-1vc.yaml): one VC, an acyclic dependency graph where
 * the shortest-path table's is cyclic, and a simulation that drains past saturation.
 */
class UpDownTableTest {

    static final Path SPEC = Path.of("specs/anynet-irregular8-up-down-table-1vc.yaml");

    private static ChannelDependencyGraph cdg(Spec s) {
        return ChannelDependencyGraph.build(s.network(), s.routing(), s.rule(), s.model().traffic());
    }

    @Test
    void upDownIsAcyclicOnOneVcAndShortestPathIsNot() throws Exception {
        Spec upDown = SpecReader.read(SPEC);
        assertThat(upDown.routing().minimal()).as("up*/down* takes longer routes for some pairs").isFalse();
        assertThat(cdg(upDown).acyclic()).isTrue();
        // the same network and rule, routed by the generated shortest paths (read from the same folder)
        String text = Files.readString(SPEC).replaceFirst("routing: .*", "routing: shortest-path");
        Spec shortest = SpecReader.fromTree(SPEC.toString(), "", Yaml.read(text));
        assertThat(cdg(shortest).acyclic()).isFalse();
    }

    @Test
    void theSimulationDrainsPastSaturation() throws Exception {
        SimConfig cfg = SimulationReader.read(SpecReader.read(SPEC));
        cfg = cfg.withWorkload(cfg.workload().atLoad(1.0)).withRun(10000, 2000, 3).withCheck(true);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).isNull();
        assertThat(r.drained()).isTrue();
        assertThat(r.unstable()).isTrue();
    }
}
