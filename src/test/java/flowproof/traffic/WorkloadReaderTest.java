package flowproof.traffic;

import static flowproof.traffic.Workloads.read;
import static flowproof.traffic.Workloads.yaml;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.ConfigurationException;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Topology;
import flowproof.topology.Torus;
import org.junit.jupiter.api.Test;

/**
 * Every bad workload is a {@link ConfigurationException} naming the field at fault by its
 * path, with what was expected and what was found, on one line.
 */
class WorkloadReaderTest {

    private static final Torus TORUS_4X4 = Torus.torus(new int[] {4, 4}, true);
    private static final Torus RING_12 = Torus.torus(new int[] {12}, true);

    private static ConfigurationException rejected(String simulation, Topology topology, String field) {
        ConfigurationException e = catchThrowableOfType(ConfigurationException.class,
            () -> WorkloadReader.read(yaml(simulation), topology));
        assertThat(e).as("WorkloadReader should reject %s", simulation).isNotNull();
        assertThat(e.field()).isEqualTo(field);
        assertThat(e.getMessage()).startsWith(field + ": expected ").contains(", found ").doesNotContain("\n");
        return e;
    }

    private static ConfigurationException rejected(String simulation, String field) {
        return rejected(simulation, TORUS_4X4, field);
    }

    // --- patterns --------------------------------------------------------------------

    @Test
    void unknownPatternNameListsThePatterns() {
        ConfigurationException e = rejected("traffic: tornadoes", "simulation.traffic");
        assertThat(e.expected()).contains("uniform", "transpose", "bit-rotation", "random-permutation (or random-pair)",
            "hot-spot", "mix");
        assertThat(e.found()).isEqualTo("\"tornadoes\"");
        rejected("traffic: {pattern: tornadoes}", "simulation.traffic.pattern");
        rejected("traffic: {pattern: 3}", "simulation.traffic.pattern");
        rejected("traffic: 3", "simulation.traffic");
        rejected("traffic: {node: 3}", "simulation.traffic");
    }

    @Test
    void bitPatternOnANonPowerOfTwoTerminalCountIsRejected() {
        for (String p : new String[] {"bit-complement", "bit-reverse", "shuffle", "bit-rotation"}) {
            ConfigurationException e = rejected("traffic: " + p, RING_12, "simulation.traffic");
            assertThat(e.expected()).contains("power-of-two");
            assertThat(e.found()).contains("12 terminals");
        }
        rejected("traffic: {pattern: shuffle}", RING_12, "simulation.traffic.pattern");
        rejected("injection: {process: bursty, phases: [{cycles: 5, load: 0.1, traffic: [uniform, bit-reverse]}]}",
            RING_12, "simulation.injection.phases[0].traffic[1]");
    }

    @Test
    void transposeNeedsASquareTorusOrAnEvenPowerOfTwo() {
        ConfigurationException e = rejected("traffic: transpose", Torus.torus(new int[] {4, 2}, true),
            "simulation.traffic");
        assertThat(e.expected()).contains("square 2-D torus");
        rejected("traffic: transpose", new FlattenedButterfly(2, 3, 1), "simulation.traffic");
    }

    @Test
    void patternsWithoutParametersRejectParameters() {
        ConfigurationException e = rejected("traffic: {pattern: random-permutation, node: 3}",
            "simulation.traffic.node");
        assertThat(e.expected()).contains("random-permutation takes no parameters");
        assertThat(e.found()).isEqualTo("an unknown field");
        // a fixed permutation takes one, self: whether a fixed point sends to itself
        e = rejected("traffic: {pattern: tornado, node: 3}", "simulation.traffic.node");
        assertThat(e.expected()).isEqualTo("one of the fields pattern, self for tornado");
        // uniform takes one, self (issue 20)
        e = rejected("traffic: {pattern: uniform, node: 3}", "simulation.traffic.node");
        assertThat(e.expected()).isEqualTo("one of the fields pattern, self for uniform");
    }

    @Test
    void hotSpotParametersAreChecked() {
        rejected("traffic: {pattern: hot-spot, nodes: 3}", "simulation.traffic.nodes");
        rejected("traffic: {pattern: hot-spot, node: 16}", "simulation.traffic.node");
        rejected("traffic: {pattern: hot-spot, node: -1}", "simulation.traffic.node");
        rejected("traffic: {pattern: hot-spot, fraction: 0}", "simulation.traffic.fraction");
        rejected("traffic: {pattern: hot-spot, fraction: 1.5}", "simulation.traffic.fraction");
        rejected("traffic: {pattern: hot-spot, sources: 16}", "simulation.traffic.sources");
        rejected("traffic: {pattern: hot-spot, sources: 3, fraction: 0.5}", "simulation.traffic.sources");
        rejected("traffic: {pattern: hot-spot, choose: first}", "simulation.traffic.choose");
        rejected("traffic: {pattern: hot-spot, background: hot-spot}", "simulation.traffic.background");
        rejected("traffic: {pattern: hot-spot, background: {pattern: transpose, x: 1}}", "simulation.traffic.background.x");
        rejected("traffic: {pattern: hot-spot, background: {mix: []}}", "simulation.traffic.background.mix");
    }

    // --- mix -------------------------------------------------------------------------

    @Test
    void mixSetsMustBeDisjoint() {
        ConfigurationException e = rejected("""
            traffic:
              mix:
                - {terminals: "0-7", pattern: uniform}
                - {terminals: [8, 9, 7], pattern: neighbor}
            """, "simulation.traffic.mix[1].terminals");
        assertThat(e.found()).isEqualTo("terminal 7, also in simulation.traffic.mix[0]");
    }

    @Test
    void mixEntriesAreChecked() {
        rejected("traffic: {mix: []}", "simulation.traffic.mix");
        rejected("traffic: {mix: [{pattern: uniform}]}", "simulation.traffic.mix[0].terminals");
        rejected("traffic: {mix: [{terminals: \"0-16\", pattern: uniform}]}", "simulation.traffic.mix[0].terminals");
        rejected("traffic: {mix: [{terminals: \"3-1\", pattern: uniform}]}", "simulation.traffic.mix[0].terminals");
        rejected("traffic: {mix: [{terminals: [1, 1], pattern: uniform}]}", "simulation.traffic.mix[0].terminals");
        rejected("traffic: {mix: [{terminals: \"0-3\"}]}", "simulation.traffic.mix[0].pattern");
        rejected("traffic: {mix: [{terminals: \"0-3\", pattern: uniform, within: yes please}]}",
            "simulation.traffic.mix[0].within");
        rejected("traffic: {mix: [{terminals: \"0-3\", pattern: uniform, colour: red}]}",
            "simulation.traffic.mix[0].colour");
        rejected("traffic: {mix: [{terminals: \"0-3\", pattern: {pattern: uniform}}]}",
            "simulation.traffic.mix[0].pattern");
        rejected("traffic: {mix: [{terminals: \"0-2\", pattern: bit-reverse, within: true}]}",
            "simulation.traffic.mix[0].pattern");
        rejected("traffic: {mix: [{terminals: \"0\", pattern: uniform, within: true}]}",
            "simulation.traffic.mix[0].pattern");
        rejected("traffic: {mix: [{terminals: \"0-3\", pattern: hot-spot, node: 5, within: true}]}",
            "simulation.traffic.mix[0].node");
        rejected("traffic: {mix: [{terminals: \"0-3\", pattern: uniform}], pattern: uniform}",
            "simulation.traffic.pattern");
    }

    // --- load, injection, sizes ------------------------------------------------------

    @Test
    void loadMustBeInZeroToOne() {
        assertThat(rejected("load: 0", "simulation.load").found()).isEqualTo("0");
        assertThat(rejected("load: 1.5", "simulation.load").found()).isEqualTo("1.5");
        rejected("load: -0.1", "simulation.load");
        rejected("load: high", "simulation.load");
        assertThat(read("load: 1", TORUS_4X4).describe()).contains("bernoulli 1.00");
    }

    @Test
    void loadDoesNotApplyToBurstyOrCollective() {
        rejected("{load: 0.2, injection: collective}", "simulation.load");
        rejected("{load: 0.2, injection: {process: bursty, phases: [{cycles: 5, load: 0.1}]}}", "simulation.load");
        rejected("{load: 0.2, injection: {process: ramp, to: 0.3, cycles: 10}}", "simulation.load");
    }

    @Test
    void unknownProcessesAndFieldsAreRejected() {
        assertThat(rejected("injection: poisson", "simulation.injection").expected())
            .contains("bernoulli", "bursty", "ramp", "collective");
        rejected("injection: {process: poisson}", "simulation.injection.process");
        rejected("injection: {cycles: 3}", "simulation.injection.process");
        rejected("injection: {process: ramp, cycles: 10, step: 1}", "simulation.injection.step");
        rejected("injection: {process: bernoulli, load: 0.3}", "simulation.injection.load");
        rejected("injection: [bernoulli]", "simulation.injection");
    }

    @Test
    void rampAndCollectiveParametersAreChecked() {
        rejected("injection: ramp", "simulation.injection.cycles");
        rejected("injection: {process: ramp, cycles: 0}", "simulation.injection.cycles");
        rejected("injection: {process: ramp, cycles: 2.5}", "simulation.injection.cycles");
        rejected("injection: {process: ramp, cycles: 10, from: 2}", "simulation.injection.from");
        rejected("injection: {process: ramp, cycles: 10, to: 0}", "simulation.injection.to");
        rejected("injection: {process: collective, packets: 0}", "simulation.injection.packets");
        assertThat(read("injection: {process: ramp, cycles: 2.75e6}", TORUS_4X4).describe())
            .contains("over 2750000 cycles");
    }

    @Test
    void burstyPhasesAreChecked() {
        String phases = "injection: {process: bursty, phases: [{cycles: 100, load: 0.1}, %s]}";
        rejected("injection: bursty", "simulation.injection.phases");
        rejected("injection: {process: bursty, phases: []}", "simulation.injection.phases");
        rejected(phases.formatted("{cycles: 0, load: 0.5}"), "simulation.injection.phases[1].cycles");
        rejected(phases.formatted("{load: 0.5}"), "simulation.injection.phases[1].cycles");
        rejected(phases.formatted("{cycles: 10}"), "simulation.injection.phases[1]");
        rejected(phases.formatted("{cycles: 10, load: 0.5, packets-every: 3}"),
            "simulation.injection.phases[1].packets-every");
        rejected(phases.formatted("{cycles: 10, packets-every: 0.5}"), "simulation.injection.phases[1].packets-every");
        rejected(phases.formatted("{cycles: 10, load: 2}"), "simulation.injection.phases[1].load");
        rejected(phases.formatted("{cycles: 10, load: 0.5, pattern: uniform}"), "simulation.injection.phases[1].pattern");
        rejected(phases.formatted("{cycles: 10, load: 0.5, traffic: []}"), "simulation.injection.phases[1].traffic");
        rejected(phases.formatted("{cycles: 10, load: 0.5, traffic: [uniform, warp]}"),
            "simulation.injection.phases[1].traffic[1]");
        rejected(phases.formatted("7"), "simulation.injection.phases[1]");
    }

    @Test
    void simulationTrafficUnusedByEveryBurstyPhaseIsRejected() {
        rejected("{traffic: uniform, injection: {process: bursty, phases: [{cycles: 5, load: 0.1, traffic: shuffle}]}}",
            "simulation.traffic");
    }

    @Test
    void packetSizesAreChecked() {
        rejected("packet-size: 0", "simulation.packet-size");
        rejected("packet-size: eight", "simulation.packet-size");
        rejected("packet-size: {sizes: [4, 16], weight: [1, 1]}", "simulation.packet-size.weight");
        rejected("packet-size: {weights: [1]}", "simulation.packet-size.sizes");
        rejected("packet-size: {sizes: [4, 0]}", "simulation.packet-size.sizes[1]");
        rejected("packet-size: {sizes: [4, 16], weights: [1]}", "simulation.packet-size.weights");
        rejected("packet-size: {sizes: [4, 16], weights: [1, 0]}", "simulation.packet-size.weights[1]");
    }

    @Test
    void otherSimulationFieldsAreLeftToTheSimulator() {
        Workload w = read("{cycles: 10000, warmup: 2000, router: {pipeline: 4}, traffic: shuffle}", TORUS_4X4);
        assertThat(w.describe()).isEqualTo("shuffle, bernoulli 0.10 flits/node/cycle, 8-flit packets");
        rejected("[1, 2]", "simulation");
    }
}
