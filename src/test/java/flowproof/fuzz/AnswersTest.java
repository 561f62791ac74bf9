package flowproof.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code conservation} with message classes ({@link Answers}): delivery logs that follow the
 * protocol pass, every way of breaking it is caught, for two classes and a chain of three;
 * and the simulator's own log of a run with message classes passes {@link Invariants}.
 */
class AnswersTest {

    /** Two requests 0->1 (size 2, created at 0 and 3) and one 2->3 (size 1, created at 1). */
    private static final List<Packet> SCRIPT = List.of(new Packet(0, 0, 1, 2), new Packet(3, 0, 1, 2),
        new Packet(1, 2, 3, 1));

    private static final List<String> TWO = List.of("request", "reply");

    /** A request delivery {source, destination, size, created, done, class 0}. */
    private static long[] d(long source, long destination, long size, long created, long done) {
        return new long[] {source, destination, size, created, done, 0};
    }

    /** An answer's delivery (class 1). */
    private static long[] a(long source, long destination, long size, long created, long done) {
        return new long[] {source, destination, size, created, done, 1};
    }

    /** The protocol's log: each request delivered, then its answer created at or after that and delivered. */
    private static List<long[]> good() {
        return new ArrayList<>(List.of(
            d(0, 1, 2, 0, 9), d(2, 3, 1, 1, 6), d(0, 1, 2, 3, 12),
            a(3, 2, 1, 6, 11), a(1, 0, 2, 9, 17), a(1, 0, 2, 12, 20)));
    }

    @Test
    void theProtocolsLogPasses() {
        assertThat(Answers.check(SCRIPT, good(), TWO, true)).isNull();
        assertThat(Answers.check(SCRIPT, good(), TWO, false)).isNull();
    }

    @Test
    void anAnswerDeliveredTwiceIsCaught() {
        List<long[]> log = good();
        log.add(a(3, 2, 1, 6, 11));
        Violation v = Answers.check(SCRIPT, log, TWO, true);
        assertThat(v).isNotNull();
        assertThat(v.invariant()).isEqualTo("conservation");
        assertThat(v.message()).contains("2 reply 3->2:1").contains("but 1 request 2->3:1 delivered by then");
        // at once, not only after the drain
        assertThat(Answers.check(SCRIPT, log, TWO, false)).isNotNull();
    }

    @Test
    void aMissingAnswerIsCaughtAfterTheDrain() {
        List<long[]> log = good();
        log.remove(5);
        Violation v = Answers.check(SCRIPT, log, TWO, true);
        assertThat(v).isNotNull();
        assertThat(v.message()).contains("2 request 0->1:2").contains("delivered and 1 reply 1->0:2");
        // before the drain, an answer still on its way is no violation
        assertThat(Answers.check(SCRIPT, log, TWO, false)).isNull();
    }

    @Test
    void aMissingRequestIsCaughtAfterTheDrain() {
        List<long[]> log = good();
        log.remove(1);
        log.remove(2);
        Violation v = Answers.check(SCRIPT, log, TWO, true);
        assertThat(v).isNotNull();
        assertThat(v.message()).contains("scripted request 1:2->3:1").contains("delivered 0 of 1");
    }

    @Test
    void anAnswerCreatedBeforeItsRequestWasDeliveredIsCaught() {
        List<long[]> log = good();
        // the answer to the request delivered at 6 created at 5
        log.set(3, a(3, 2, 1, 5, 11));
        assertThat(Answers.check(SCRIPT, log, TWO, false)).isNotNull();
        assertThat(Answers.check(SCRIPT, log, TWO, false).message()).contains("0 request 2->3:1 delivered by then");
    }

    @Test
    void anAnswerOfTheWrongSizeOrDestinationIsCaught() {
        List<long[]> wrongSize = good();
        wrongSize.set(3, a(3, 2, 2, 6, 11));
        assertThat(Answers.check(SCRIPT, wrongSize, TWO, false)).isNotNull();
        List<long[]> wrongDestination = good();
        wrongDestination.set(3, a(3, 1, 1, 6, 11));
        assertThat(Answers.check(SCRIPT, wrongDestination, TWO, false)).isNotNull();
    }

    @Test
    void anAnswerToAnAnswerIsCaught() {
        // the reply is the sink: a class beyond it is not in the protocol
        List<long[]> log = good();
        log.add(new long[] {0, 1, 2, 17, 25, 2});
        assertThat(Answers.check(SCRIPT, log, TWO, false).message()).contains("of class 2 delivered");
        // nor is an unscripted request
        List<long[]> extra = good();
        extra.add(d(1, 0, 2, 17, 25));
        assertThat(Answers.check(SCRIPT, extra, TWO, false).message()).contains("request 17:1->0:2").contains("scripted 0");
    }

    /** A chain of three: request s -> d, forward d -> s, reply s -> d, each created once its message arrived. */
    @Test
    void aChainOfThreeClassesIsCheckedClassByClass() {
        List<String> three = List.of("request", "forward", "reply");
        List<Packet> script = List.of(new Packet(0, 0, 1, 2));
        List<long[]> log = new ArrayList<>(List.of(d(0, 1, 2, 0, 5), a(1, 0, 2, 6, 10),
            new long[] {0, 1, 2, 11, 15, 2}));
        assertThat(Answers.check(script, log, three, true)).isNull();
        // the forward's reply missing: caught once drained
        assertThat(Answers.check(script, log.subList(0, 2), three, true).message())
            .contains("1 forward 1->0:2 (source->destination:size) delivered and 0 reply 0->1:2");
        assertThat(Answers.check(script, log.subList(0, 2), three, false)).isNull();
        // a reply created before its forward arrived
        log.set(2, new long[] {0, 1, 2, 9, 15, 2});
        assertThat(Answers.check(script, log, three, false).message())
            .contains("1 reply 0->1:2 (source->destination:size) created by cycle 9, but 0 forward 1->0:2");
    }

    /** An answer with the key of a scripted packet (same creation cycle, source, destination, size) is told apart by its class. */
    @Test
    void anAnswerWithAScriptedPacketsKeyPasses() {
        List<Packet> script = List.of(new Packet(0, 1, 0, 1), new Packet(5, 0, 1, 1));
        List<long[]> log = List.of(d(1, 0, 1, 0, 5), a(0, 1, 1, 5, 10), d(0, 1, 1, 5, 8), a(1, 0, 1, 8, 12));
        assertThat(Answers.check(script, log, TWO, true)).isNull();
        // one answer too few: caught
        assertThat(Answers.check(script, log.subList(0, 3), TWO, true)).isNotNull();
    }

    /**
     * The simulator's log of a run with message classes: every request answered, so every
     * invariant holds (before message classes were checked, the answers were counted as
     * packets delivered unasked: conservation).
     */
    @Test
    void aRunWithMessageClassesKeepsEveryInvariant() {
        ObjectNode spec = (ObjectNode) ScenarioGenerator.parse("{\"name\":\"msg\",\"topology\":{\"kind\":\"mesh\","
            + "\"radix\":[2,2]},\"routing\":\"dor\",\"vcs\":2,\"rule\":\"vct\",\"messages\":{\"classes\":[\"request\","
            + "\"reply\"],\"vcs\":{\"request\":[0],\"reply\":[1]},\"endpoint-queue\":1},\"simulation\":{\"buffer\":4,"
            + "\"deadlock-cycles\":300,\"drain\":20000,\"seed\":3,\"consume-delay\":2}}");
        List<Packet> script = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int src = i % 4;
            script.add(new Packet(i / 2, src, (src + 1 + i % 3) % 4, 1 + i % 4));
        }
        Scenario s = new Scenario(spec, true, null).withPackets(script);
        assertThat(Invariants.check(s, Variants.NONE)).isNull();
        // a chain of three classes on three VCs: every request forwarded and the forward replied to
        ObjectNode chain = spec.deepCopy();
        chain.put("vcs", 3);
        chain.set("messages", ScenarioGenerator.parse("{\"classes\":[\"request\",\"forward\",\"reply\"],\"vcs\":"
            + "{\"request\":[0],\"forward\":[1],\"reply\":[2]},\"endpoint-queue\":1}"));
        assertThat(Invariants.check(new Scenario(chain, true, null).withPackets(script), Variants.NONE)).isNull();
    }
}
