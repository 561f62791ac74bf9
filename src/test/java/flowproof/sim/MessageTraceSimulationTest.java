package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.Move;
import flowproof.fuzz.Scenario;
import flowproof.routing.MessageRouting;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.SimulationReader;
import flowproof.spec.Spec;
import flowproof.spec.SpecReader;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The simulator driven along the explorer's protocol-deadlock trace of
 * {@code msg-ring4-bidir-request-reply-shared-vc} (requests 1 <-> 2 on a bidirectional 4-ring,
 * replies on the requests' one VC, endpoint queues of 1).
 *
 * <p>The trace needs an unfair injection port: node 1 injects its last request while its
 * reply waits in the output queue, right after injecting a request (and so does node 2, or
 * the other way round: some port injects two requests in a row while its reply waits). The
 * explorer's {@code inject} and {@code inject-answer} are independent moves, so any arbiter
 * is allowed; a round-robin arbiter (the simulator's default) never serves two requests in a
 * row while an answer fits, and then the deadlock is unreachable (the last packet to enter an
 * injection buffer, a request right after a request, would have to pass a waiting reply).
 * With {@code injection-arbiter: requests-first} the simulator follows the trace. It holds one
 * more packet per node than the explorer's model: its injection buffer (one per class VC,
 * here shared by requests and replies), which the explorer's inject move skips (the packet
 * goes straight into its first channel). A reply that finds that buffer free leaves the output
 * queue and lets the input queue be consumed, so the script adds one request per injecting
 * node, which fills the buffer behind the blocked channel.
 */
class MessageTraceSimulationTest {

    private static final Path TRACE = Path.of("counterexamples/msg-ring4-bidir-request-reply-shared-vc.stuck-freedom.json");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The trace's injections of first-class messages as a script (one-flit packets, all created at
     * once in the trace's order, buffers of the spec's capacity, one-cycle routers and links), plus
     * {@code extra} more requests per injecting node to the destination of its last one.
     */
    static SimConfig script(int extra, int consumeDelay, SimConfig.InjectionArbiter arbiter) throws Exception {
        CounterexampleFile.Loaded l = CounterexampleFile.read(TRACE);
        Spec spec = l.spec();
        MessageRouting msg = (MessageRouting) spec.routing();
        int[] endpoints = spec.topology().endpoints();
        List<Packet> packets = new ArrayList<>();
        Map<Integer, Integer> lastDestination = new LinkedHashMap<>();
        for (Move m : l.moves()) {
            if (m.kind() == Move.Kind.INJECT && msg.classOf(m.destination()) == 0) {
                int src = indexOf(endpoints, m.node());
                int dst = indexOf(endpoints, msg.destinationOf(m.destination()));
                packets.add(new Packet(0, src, dst, 1));
                lastDestination.put(src, dst);
            }
        }
        assertThat(packets).as("the trace's requests").hasSize(6);
        for (var e : lastDestination.entrySet()) {
            for (int i = 0; i < extra; i++) {
                packets.add(new Packet(0, e.getKey(), e.getValue(), 1));
            }
        }
        ObjectNode tree = (ObjectNode) JSON.readTree(Files.readString(TRACE)).get("spec");
        tree.remove(List.of("expect", "properties", "limits", "traffic", "simulation"));
        ObjectNode sim = tree.putObject("simulation");
        sim.put("switching", "vct");
        sim.put("buffer", spec.network().capacity());
        sim.put("pipeline", 1);
        sim.put("link-latency", 1);
        sim.put("deadlock-cycles", 100);
        sim.put("drain", 5_000);
        return new Scenario(tree, false, null).withPackets(packets).config().withCheck(true)
            .withConsumeDelay(consumeDelay).withInjectionArbiter(arbiter);
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        throw new AssertionError("router " + v + " has no terminal");
    }

    @ParameterizedTest(name = "consume-delay {0}")
    @ValueSource(ints = {0, 1, 3, 10})
    void requestsFirstDeadlocksAlongTheTrace(int delay) throws Exception {
        SimResult r = new Simulator(script(1, delay, SimConfig.InjectionArbiter.REQUESTS_FIRST)).run(null);
        assertThat(r.deadlock()).as("requests-first, consume-delay %d", delay).isNotNull();
        assertThat(r.drained()).isFalse();
        // the explorer's final state: each node's request held in the channel to the other,
        // and (the simulator's extra stage) each injection buffer holding the next request;
        // the full endpoint queues: each node's request input queue and reply output queue
        assertThat(r.deadlock().heldQueues()).hasSize(8)
            .anySatisfy(q -> assertThat(q).startsWith("1-d0+->2 vc0"))
            .anySatisfy(q -> assertThat(q).startsWith("2-d0-->1 vc0"))
            .anySatisfy(q -> assertThat(q).startsWith("injection 0 of terminal 1"))
            .anySatisfy(q -> assertThat(q).startsWith("injection 0 of terminal 2"))
            .anySatisfy(q -> assertThat(q).startsWith("input queue request of terminal 1 at 1 (1 of 1"))
            .anySatisfy(q -> assertThat(q).startsWith("output queue reply of terminal 2 at 2 (1 of 1"));
        // the protocol deadlock's cycle: a request waits on room in its destination's input
        // queue, which waits on room for the reply, which waits on the injection VC holding
        // that node's own request, which waits on the channel to the other node
        assertThat(r.deadlock().waitCycle()).containsExactly("1-d0+->2 vc0", "input queue request of terminal 2 at 2",
            "output queue reply of terminal 2 at 2", "injection 0 of terminal 2 at 2 vc0", "2-d0-->1 vc0",
            "input queue request of terminal 1 at 1", "output queue reply of terminal 1 at 1",
            "injection 0 of terminal 1 at 1 vc0");
    }

    @Test
    void theTracesRequestsAloneDrainBecauseTheInjectionBufferHoldsTheReply() throws Exception {
        for (int delay = 0; delay < 12; delay++) {
            SimResult r = new Simulator(script(0, delay, SimConfig.InjectionArbiter.REQUESTS_FIRST)).run(null);
            assertThat(r.deadlock()).as("consume-delay %d", delay).isNull();
            assertThat(r.drained()).isTrue();
        }
    }

    @Test
    void aFairOrAnswersFirstPortNeverReachesTheDeadlock() throws Exception {
        for (SimConfig.InjectionArbiter a : List.of(SimConfig.InjectionArbiter.ROUND_ROBIN,
            SimConfig.InjectionArbiter.ANSWERS_FIRST)) {
            for (int extra = 0; extra <= 3; extra++) {
                for (int delay = 0; delay < 12; delay++) {
                    SimResult r = new Simulator(script(extra, delay, a)).run(null);
                    assertThat(r.drained()).as("%s, %d extra, consume-delay %d", a, extra, delay).isTrue();
                }
            }
        }
    }

    @Test
    void theSpecsRandomRunDeadlocksWithRequestsFirstAndDrainsRoundRobin() throws Exception {
        Spec spec = SpecReader.read(Path.of("specs/msg-ring4-bidir-request-reply-shared-vc.yaml"));
        SimConfig cfg = SimulationReader.read(spec);
        assertThat(cfg.injectionArbiter()).isEqualTo(SimConfig.InjectionArbiter.REQUESTS_FIRST);
        SimResult r = new Simulator(cfg.withCheck(true)).run(null);
        assertThat(r.deadlock()).isNotNull();
        SimResult fair = new Simulator(cfg.withInjectionArbiter(SimConfig.InjectionArbiter.ROUND_ROBIN)).run(null);
        assertThat(fair.deadlock()).isNull();
        assertThat(fair.drained()).isTrue();
    }

    @Test
    void consumeDelayIsTheTerminalsServiceTime() throws Exception {
        // one request 1 -> 2 and its reply: every cycle of service delays the reply's delivery
        long base = -1;
        for (int delay : new int[] {0, 7, 40}) {
            CounterexampleFile.Loaded l = CounterexampleFile.read(TRACE);
            ObjectNode tree = (ObjectNode) JSON.readTree(Files.readString(TRACE)).get("spec");
            tree.remove(List.of("expect", "properties", "limits", "traffic", "simulation"));
            ObjectNode sim = tree.putObject("simulation");
            sim.put("buffer", l.spec().network().capacity());
            sim.put("pipeline", 1);
            sim.put("consume-delay", delay);
            SimConfig cfg = new Scenario(tree, false, null).withPackets(List.of(new Packet(0, 1, 2, 1))).config();
            assertThat(cfg.consumeDelay()).isEqualTo(delay);
            SimResult r = new Simulator(cfg.withCheck(true)).run(null);
            assertThat(r.drained()).isTrue();
            assertThat(r.packetsDelivered()).isEqualTo(2);
            if (base < 0) {
                base = r.completion();
            }
            assertThat(r.completion()).as("consume-delay %d", delay).isEqualTo(base + delay);
        }
    }
}
