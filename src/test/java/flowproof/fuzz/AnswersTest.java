package flowproof.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code conservation} with message classes ({@link Answers}): delivery logs that follow the
 * request-answer protocol pass, every way of breaking it is caught; and the simulator's own
 * log of a run with message classes passes {@link Invariants}.
 */
class AnswersTest {

    /** Two requests 0->1 (size 2, created at 0 and 3) and one 2->3 (size 1, created at 1). */
    private static final List<Packet> SCRIPT = List.of(new Packet(0, 0, 1, 2), new Packet(3, 0, 1, 2),
        new Packet(1, 2, 3, 1));

    /** A delivery {source, destination, size, created, done}. */
    private static long[] d(long source, long destination, long size, long created, long done) {
        return new long[] {source, destination, size, created, done};
    }

    /** The protocol's log: each request delivered, then its answer created at or after that and delivered. */
    private static List<long[]> good() {
        return new ArrayList<>(List.of(
            d(0, 1, 2, 0, 9), d(2, 3, 1, 1, 6), d(0, 1, 2, 3, 12),
            d(3, 2, 1, 6, 11), d(1, 0, 2, 9, 17), d(1, 0, 2, 12, 20)));
    }

    @Test
    void theProtocolsLogPasses() {
        assertThat(Answers.check(SCRIPT, good(), true)).isNull();
        assertThat(Answers.check(SCRIPT, good(), false)).isNull();
    }

    @Test
    void anAnswerDeliveredTwiceIsCaught() {
        List<long[]> log = good();
        log.add(d(3, 2, 1, 6, 11));
        Violation v = Answers.check(SCRIPT, log, true);
        assertThat(v).isNotNull();
        assertThat(v.invariant()).isEqualTo("conservation");
        assertThat(v.message()).contains("neither scripted nor an answer").contains("3->2:1");
        // at once, not only after the drain
        assertThat(Answers.check(SCRIPT, log, false)).isNotNull();
    }

    @Test
    void aMissingAnswerIsCaughtAfterTheDrain() {
        List<long[]> log = good();
        log.remove(5);
        Violation v = Answers.check(SCRIPT, log, true);
        assertThat(v).isNotNull();
        assertThat(v.message()).contains("2 request(s) 0->1:2").contains("1 answer(s) 1->0:2");
        // before the drain, an answer still on its way is no violation
        assertThat(Answers.check(SCRIPT, log, false)).isNull();
    }

    @Test
    void aMissingRequestIsCaughtAfterTheDrain() {
        List<long[]> log = good();
        log.remove(1);
        log.remove(2);
        Violation v = Answers.check(SCRIPT, log, true);
        assertThat(v).isNotNull();
        assertThat(v.message()).contains("scripted packet 1:2->3:1").contains("delivered 0 of 1");
    }

    @Test
    void anAnswerCreatedBeforeItsRequestWasDeliveredIsCaught() {
        List<long[]> log = good();
        // the answer to the request delivered at 6 created at 5
        log.set(3, d(3, 2, 1, 5, 11));
        assertThat(Answers.check(SCRIPT, log, false)).isNotNull();
        assertThat(Answers.check(SCRIPT, log, false).message()).contains("0 request(s) 2->3:1 delivered by then");
    }

    @Test
    void anAnswerOfTheWrongSizeOrDestinationIsCaught() {
        List<long[]> wrongSize = good();
        wrongSize.set(3, d(3, 2, 2, 6, 11));
        assertThat(Answers.check(SCRIPT, wrongSize, false)).isNotNull();
        List<long[]> wrongDestination = good();
        wrongDestination.set(3, d(3, 1, 1, 6, 11));
        assertThat(Answers.check(SCRIPT, wrongDestination, false)).isNotNull();
    }

    @Test
    void anAnswerToAnAnswerIsCaught() {
        // the reply is the sink: a packet 0->1 answering the reply 1->0 created at 9 is not in the protocol
        List<long[]> log = good();
        log.add(d(0, 1, 2, 17, 25));
        assertThat(Answers.check(SCRIPT, log, false)).isNotNull();
    }

    /**
     * An answer with the key of a scripted packet (same creation cycle, source, destination,
     * size) is told apart by the delivery cycles: the earliest delivered is the request.
     */
    @Test
    void anAnswerWithAScriptedPacketsKeyPasses() {
        List<Packet> script = List.of(new Packet(0, 1, 0, 1), new Packet(5, 0, 1, 1));
        // request 1->0 delivered at 5; its answer 0->1 created at 5 like the scripted 0->1, delivered after it;
        // the scripted one (delivered at 8) is answered at 8, which only the earlier of the two allows
        List<long[]> log = List.of(d(1, 0, 1, 0, 5), d(0, 1, 1, 5, 10), d(0, 1, 1, 5, 8), d(1, 0, 1, 8, 12));
        assertThat(Answers.check(script, log, true)).isNull();
        // one answer too few: caught
        assertThat(Answers.check(script, log.subList(0, 3), true)).isNotNull();
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
    }
}
