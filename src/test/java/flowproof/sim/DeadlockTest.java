package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import flowproof.spec.SimulationReader;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Deadlocks the simulator must find (plain VCT on a torus with one VC) and must never find
 * (dateline, Critical Bubble Scheme, Theoretical Bubble Flow Control on the 8x8 torus specs).
 */
class DeadlockTest {

    static SimConfig spec(String file) {
        try {
            return SimulationReader.read(SpecReader.read(Path.of("specs/sim", file)));
        } catch (SpecException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @Test
    void oneVcVctTorusDeadlocksAtLoadPointEightAndNamesTheHeldQueues() {
        SimConfig cfg = spec("torus8x8-vct-1vc.yaml");
        cfg = cfg.withWorkload(cfg.workload().atLoad(0.8)).withCheck(true);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).isNotNull();
        assertThat(r.deadlock().heldQueues()).isNotEmpty()
            .anyMatch(q -> q.contains("->") && q.contains(" vc0 ") && q.contains("flits, head to"));
        assertThat(r.deadlock().packetsInNetwork()).isPositive();
        assertThat(r.deadlock().cycle()).isLessThan(cfg.cycles() + cfg.drainCycles());
        assertThat(r.drained()).isFalse();
        assertThat(r.unstable()).isTrue();
        assertThat(r.unstableReason()).isEqualTo("deadlock");
        assertThat(r.latency() == null || r.unstable()).isTrue();
        // the ring of one dimension the deadlock closed: each queue's channel ends where the next one's starts
        List<String> cycle = r.deadlock().waitCycle();
        assertThat(cycle).hasSize(8).allMatch(q -> q.endsWith(" vc0"));
        for (int i = 0; i < cycle.size(); i++) {
            String q = cycle.get(i);
            String next = cycle.get((i + 1) % cycle.size());
            assertThat(to(q)).as(q + " then " + next).isEqualTo(from(next));
            assertThat(dimension(q)).isEqualTo(dimension(cycle.get(0)));
        }
    }

    /** The node a queue name's channel ({@code (0,0)-d0+->(1,0) vc0}) leaves. */
    private static String from(String queue) {
        return queue.substring(0, queue.indexOf("-d"));
    }

    private static String to(String queue) {
        return queue.substring(queue.indexOf("->") + 2, queue.lastIndexOf(' '));
    }

    private static String dimension(String queue) {
        return queue.substring(queue.indexOf("-d") + 1, queue.indexOf("->") - 1);
    }

    /**
     * A deadlock in part of the network while the rest still moves: on the 8x8 torus with one
     * VC and plain VCT, row 0's terminals send within row 0 at 0.9 (DOR keeps them on the row's
     * dimension-0 ring) and the others uniformly at 0.05. The row's ring deadlocks; the rest
     * keeps delivering, so no network-wide timeout ends the run, and before knot detection the
     * deadlock showed only in the drain (cycle 22,030 of this run). Now it is found within two
     * periods of the timeout: the row's 8 channel VCs and 8 injection VCs, which wait only on
     * each other. Under wormhole too (8-flit packets in 4-flit buffers: 900 other packets
     * delivered meanwhile), where the waiting cycle passes through the injection VCs whose
     * packets hold the next channel's VC.
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"switching: vct, buffer: 16, packet-size: 4",
        "switching: wormhole, buffer: 4, packet-size: 8"})
    void aDeadlockedRowIsFoundWhileTheRestOfTheNetworkStillMoves(String router) {
        SimConfig cfg = rowZero("vcs: 1\nrule: vct\n", router, 0.05);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).isNotNull();
        assertThat(r.deadlock().knot()).isTrue();
        assertThat(r.deadlock().cycle()).isLessThanOrEqualTo(3L * cfg.deadlockCycles());
        assertThat(r.packetsDelivered()).as("the other rows delivered meanwhile").isGreaterThan(900);
        List<String> held = r.deadlock().heldQueues();
        assertThat(held).hasSize(16).allMatch(q -> q.startsWith("injection ") ? q.contains(" at (") && q.contains(",0) vc0")
            : q.contains("-d0+->") && from(q).endsWith(",0)") && to(q.substring(0, q.indexOf(" ("))).endsWith(",0)"));
        List<String> cycle = r.deadlock().waitCycle();
        assertThat(cycle).allMatch(q -> q.startsWith("injection ") ? q.contains(",0) vc0")
            : q.contains("-d0+->") && from(q).endsWith(",0)"));
        assertThat(cycle.stream().filter(q -> !q.startsWith("injection "))).hasSize(8);
        if (router.contains("vct")) {
            assertThat(cycle).hasSize(8);
        }
    }

    /**
     * Under an injection control the deadlocked row is a knot too: the scheme holds back only
     * heads asking for their first network VC, and a head in the knot has every VC of its route
     * held by the knot. Self-tuned throttling (tune) and a static threshold (at most 5% of the VC buffers full).
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"tune", "{kind: static-threshold, fraction: 0.05}"})
    void aDeadlockedRowIsAKnotUnderAnInjectionControl(String control) {
        SimConfig cfg = rowZero("vcs: 1\nrule: vct\n", "switching: vct, buffer: 16, packet-size: 4, control: "
            + control, 0.05);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.control()).isNotEqualTo("none");
        assertThat(r.deadlock()).isNotNull();
        assertThat(r.deadlock().knot()).isTrue();
        assertThat(r.deadlock().cycle()).isLessThanOrEqualTo(3L * cfg.deadlockCycles());
        assertThat(r.deadlock().waitCycle()).hasSize(8).allMatch(q -> q.contains("-d0+->") && from(q).endsWith(",0)"));
    }

    /**
     * A protocol deadlock found as a knot: requests and replies share both VCs of a dateline
     * torus, row 0 sends requests within the row at 0.9 (a terminal may address itself), the
     * rest at 0.02. The knot holds endpoint queues too (a full request input queue waits on
     * the full reply output queue, which waits on the injection VCs), and is found at cycle
     * 4,000; the network-wide timeout fired at 4,798.
     */
    @Test
    void aProtocolDeadlockIsAKnotThroughTheEndpointQueues() {
        SimConfig cfg = rowZero("vcs: 2\nrule: dateline\n"
            + "messages: {classes: [request, reply], vcs: {request: [0, 1], reply: [0, 1]}}\n",
            "switching: vct, buffer: 4, packet-size: 4", 0.02);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).isNotNull();
        assertThat(r.deadlock().knot()).isTrue();
        assertThat(r.deadlock().cycle()).isEqualTo(2L * cfg.deadlockCycles());
        assertThat(r.deadlock().heldQueues()).anyMatch(q -> q.startsWith("input queue request of terminal "))
            .anyMatch(q -> q.startsWith("output queue reply of terminal "));
        assertThat(r.deadlock().waitCycle()).anyMatch(q -> q.startsWith("input queue request"))
            .anyMatch(q -> q.startsWith("output queue reply"));
    }

    /**
     * The 8x8 torus with {@code network} (VCs, rule, messages) and {@code router} (switching,
     * buffer, packet size): row 0's terminals send to row 0 at 0.9, the others uniformly at
     * {@code load}; 20,000 cycles, checked.
     */
    private static SimConfig rowZero(String network, String router, double load) {
        return SimTestSupport.fromYaml("name: knot-row0\ntopology: {kind: torus, radix: [8, 8], bidirectional: true}\n"
            + network
            + "simulation: {" + router + ", load: " + load + ", cycles: 20000,"
            + " warmup: 1000, traffic: {mix: [{terminals: \"0-7\", pattern: hot-spot, fraction: 1.0, per: packet,"
            + " node: [1, 2, 3, 4, 5, 6, 7], self: true, load: 0.9}, {terminals: \"8-63\", pattern: uniform}]}}\n")
            .withCheck(true);
    }

    /** Deadlock-free specs past saturation hold no knot: heads wait long there, but never only on each other. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"torus8x8-dateline.yaml", "torus8x8-critical-bubble.yaml"})
    void noKnotInADeadlockFreeNetworkPastSaturation(String file) {
        SimConfig cfg = spec(file);
        cfg = cfg.withWorkload(cfg.workload().atLoad(1.0)).withRun(12000, 1000, 5);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).as("deadlock").isNull();
        assertThat(r.drained()).isTrue();
    }

    /**
     * Wormhole on a unidirectional 8-ring with one VC and no rule: the deadlock's waiting cycle
     * goes round the ring, through injection VCs where a packet entering from a terminal holds
     * the next channel's VC (a head waits on the input VC whose packet holds the output VC it
     * needs, a VC holding one without a credit on the queue downstream).
     */
    @Test
    void aWormholeRingDeadlockNamesItsWaitingCycleThroughTheOwners() {
        SimConfig cfg = SimTestSupport.fromYaml("name: wh-ring8\n"
            + "topology: {kind: ring, radix: [8], bidirectional: false}\n"
            + "vcs: 1\n"
            + "rule: vct\n"
            + "simulation: {switching: wormhole, buffer: 4, packet-size: 8, traffic: uniform, load: 0.9, cycles: 5000,"
            + " warmup: 500}\n").withCheck(true);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).isNotNull();
        List<String> cycle = r.deadlock().waitCycle();
        List<String> channels = cycle.stream().filter(q -> !q.startsWith("injection ")).toList();
        assertThat(channels).hasSize(8).doesNotHaveDuplicates();
        for (int i = 0; i < channels.size(); i++) {
            String q = channels.get(i);
            assertThat(to(q)).isEqualTo(from(channels.get((i + 1) % channels.size())));
        }
        assertThat(cycle).filteredOn(q -> q.startsWith("injection ")).isNotEmpty().allSatisfy(q -> {
            // an injection VC sits in the cycle just before the channel leaving its node
            int at = cycle.indexOf(q);
            String next = cycle.get((at + 1) % cycle.size());
            assertThat(q).endsWith(" at " + from(next) + " vc0");
        });
    }

    /**
     * Duato with a dateline escape under wormhole: a packet entering the escape ring from the
     * adaptive VC after crossing the wrap-around used to take VC0, and these runs deadlocked
     * (seeds 1 and 2 at 0.6 within 20,000 cycles); the escape VC now follows the dateline.
     */
    @ParameterizedTest(name = "seed {0}")
    @org.junit.jupiter.params.provider.ValueSource(longs = {1, 2})
    void duatoWithADatelineEscapeUnderWormholeDrains(long seed) {
        SimConfig cfg = spec("torus8x8-duato-dateline-wormhole.yaml");
        cfg = cfg.withRun(cfg.cycles(), cfg.warmup(), seed);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).as("deadlock").isNull();
        assertThat(r.drained()).as("drained").isTrue();
        assertThat(r.packetsDelivered()).isPositive();
    }

    static Stream<Arguments> deadlockFree() {
        List<Arguments> list = new ArrayList<>();
        for (String spec : List.of("torus8x8-critical-bubble.yaml", "torus8x8-theoretical-bubble.yaml",
            "torus8x8-dateline.yaml")) {
            for (double load : new double[] {0.5, 0.8, 1.0}) {
                list.add(Arguments.of(spec, load));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} at load {1}")
    @MethodSource("deadlockFree")
    void deadlockFreeSpecsNeverDeadlockAndDrain(String file, double load) {
        SimConfig cfg = spec(file);
        cfg = cfg.withWorkload(cfg.workload().atLoad(load)).withRun(3000, 1000, 11).withCheck(true);
        SimResult r = new Simulator(cfg).run(null);
        assertThat(r.deadlock()).as("deadlock").isNull();
        assertThat(r.drained()).as("drained").isTrue();
        assertThat(r.packetsDelivered()).isPositive();
        if (!r.unstable()) {
            assertThat(r.packetsDelivered()).isEqualTo(r.packetsCreated());
        }
    }

    /**
     * The Critical Bubble Scheme with one packet slot per VC: the VC holding the critical
     * bubble has no normal free slot, so injection into it waits for an in-ring packet to
     * move the bubble back. Once sources stop, none comes, and the packet waiting there
     * never enters: the run does not drain, and the simulator reports it as a deadlock of
     * injection VCs alone. (The explorer's verdict on CBS with capacity 1 is about packets
     * in the network; a packet waiting to enter is not one of them.) With two slots per VC
     * the same run drains.
     */
    @Test
    void criticalBubbleWithOneSlotPerVcStarvesInjectionOnceTrafficStops() {
        String spec = "name: cbs-ring5-one-slot\n"
            + "topology: {kind: ring, radix: [5], bidirectional: true}\n"
            + "vcs: 1\n"
            + "rule: critical-bubble\n"
            + "simulation:\n"
            + "  switching: vct\n"
            + "  buffer: %d\n"
            + "  packet-size: 2\n"
            + "  pipeline: 4\n"
            + "  link-latency: 3\n"
            + "  traffic: uniform\n"
            + "  load: 0.1\n"
            + "  cycles: 1137\n"
            + "  warmup: 200\n"
            + "  seed: 4\n"
            + "  deadlock-cycles: 400\n";
        SimResult one = new Simulator(SimTestSupport.fromYaml(String.format(spec, 2)).withCheck(true)).run(null);
        assertThat(one.deadlock()).isNotNull();
        assertThat(one.deadlock().cycle()).isGreaterThan(1137);
        assertThat(one.deadlock().heldQueues()).isNotEmpty().allMatch(q -> q.startsWith("injection "));
        // the injection VCs wait on queues that hold nothing: no cycle of held queues
        assertThat(one.deadlock().waitCycle()).isEmpty();
        SimResult two = new Simulator(SimTestSupport.fromYaml(String.format(spec, 4)).withCheck(true)).run(null);
        assertThat(two.deadlock()).isNull();
        assertThat(two.drained()).isTrue();
    }

    /**
     * Rule slots under VCT are {@code credits / largest packet}. With smaller packets too, a
     * move inside a ring can take the target's last slot (its credits drop below a whole
     * packet) without giving the source one: a unidirectional ring of 4 with Theoretical BFC,
     * 10-flit buffers (2 slots of 4 flits) and 2- and 4-flit packets ended with every buffer
     * at 8 flits, no free slot in the ring, and a deadlock. So bubble rules take one packet
     * size under VCT; dateline and plain VCT do not care.
     */
    @Test
    void bubbleRulesUnderVctTakeOnePacketSize() {
        String spec = "name: tbfc-ring4-mixed\n"
            + "topology: {kind: ring, radix: [4]}\n"
            + "vcs: %d\n"
            + "rule: %s\n"
            + "simulation:\n"
            + "  switching: %s\n"
            + "  buffer: 10\n"
            + "  packet-size: {sizes: [2, 4], weights: [1, 1]}\n"
            + "  pipeline: 1\n"
            + "  traffic: uniform\n"
            + "  injection: {process: collective, packets: 4}\n";
        for (String rule : List.of("theoretical-bubble", "critical-bubble", "localized-bubble")) {
            assertThatThrownBy(() -> SimTestSupport.fromYaml(String.format(spec, 1, rule, "vct")))
                .hasMessageContaining("simulation.packet-size").hasMessageContaining("one packet size for rule " + rule);
        }
        // wormhole (a slot is a whole VC), dateline and plain VCT take several sizes
        SimResult r = new Simulator(SimTestSupport.fromYaml(String.format(spec, 2, "dateline", "vct")).withCheck(true))
            .run(null);
        assertThat(r.drained()).isTrue();
        assertThat(r.packetsDelivered()).isEqualTo(16);
        SimTestSupport.fromYaml(String.format(spec, 1, "theoretical-bubble", "wormhole"));
        SimTestSupport.fromYaml(String.format(spec, 1, "vct", "vct"));
        SimConfig ok = SimTestSupport.fromYaml(String.format(spec, 1, "theoretical-bubble", "vct")
            .replace("{sizes: [2, 4], weights: [1, 1]}", "{sizes: [4, 4], weights: [1, 3]}"));
        assertThat(ok.workload().maxPacketSize()).isEqualTo(4);
        ConfigurationException e = null;
        try {
            ok.withWorkload(SimTestSupport.workload(ok.network().topology(),
                "{packet-size: {sizes: [2, 4]}, injection: {process: collective, packets: 4}}"));
        } catch (ConfigurationException x) {
            e = x;
        }
        assertThat(e).as("SimConfig itself refuses").isNotNull();
        assertThat(e.field()).isEqualTo("simulation.packet-size");
    }
}
