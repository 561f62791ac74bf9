package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.sim.queues.InputQueueing;
import flowproof.sim.queues.InputQueueing.Organisation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reading FBICM's parameters: P = memory / largest packet packets per input port, defaults
 * capped by P (cfqs min(8, P-1), detection min(5, P-1), stop min(8, P-1), go min(4, stop-1)),
 * and the one-line errors at each bound; RECN-IQ's, read by the same code with {@code saqs}.
 */
class FbicmParamsTest {

    /** A BMIN of 8 terminals with 4-flit packets and FBICM's {@code control}. */
    private static String spec(String control) {
        return "name: fbicm-params\n"
            + "topology: {kind: bmin, radix: 2, stages: 3}\n"
            + "routing: turnaround\n"
            + "vcs: 1\n"
            + "rule: vct\n"
            + "simulation:\n"
            + "  switching: vct\n"
            + "  buffer: 16\n"
            + "  packet-size: 4\n"
            + "  traffic: uniform\n"
            + "  load: 0.1\n"
            + "  cycles: 100\n"
            + "  warmup: 10\n"
            + "  control: " + control + "\n";
    }

    private static InputQueueing setup(String control) {
        return ((Fbicm) SchemeTestSupport.config(spec(control)).control()).setup();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // memory (flits) | cfqs | detection | stop | go   (defaults; P = memory / 4)
        "8    | 1 | 1 | 1 | 0",
        "12   | 2 | 2 | 2 | 1",
        "16   | 3 | 3 | 3 | 2",
        "28   | 6 | 5 | 6 | 4",
        "36   | 8 | 5 | 8 | 4",
        "512  | 8 | 5 | 8 | 4",
    })
    void defaultsAreThePapersCappedByTheRam(int memory, int cfqs, int detection, int stop, int go) {
        InputQueueing s = setup("{kind: fbicm, memory: " + memory + "}");
        assertThat(s).isEqualTo(new InputQueueing(Organisation.FBICM, memory, cfqs, detection, stop, go));
    }

    @org.junit.jupiter.api.Test
    void memoryDefaultsToTheBufferAndGivenValuesAreKept() {
        assertThat(setup("fbicm")).isEqualTo(new InputQueueing(Organisation.FBICM, 16, 3, 3, 3, 2));
        assertThat(setup("{kind: fbicm, memory: 20, cfqs: 4, detection: 0, stop: 4, go: 3}"))
            .isEqualTo(new InputQueueing(Organisation.FBICM, 20, 4, 0, 4, 3));
        // P = 23 / 4 = 5 packets (whole packets only)
        assertThat(setup("{kind: fbicm, memory: 23, cfqs: 4, detection: 4, stop: 4}").cfqs()).isEqualTo(4);
    }

    /** RECN-IQ reads the same parameters, with {@code saqs} for FBICM's {@code cfqs}. */
    @org.junit.jupiter.api.Test
    void recnReadsFbicmsParametersWithSaqs() {
        InputQueueing s = ((Recn) SchemeTestSupport.config(spec("{kind: recn-iq, memory: 36}")).control()).setup();
        assertThat(s).isEqualTo(new InputQueueing(Organisation.RECN_IQ, 36, 8, 5, 8, 4));
        s = ((Recn) SchemeTestSupport.config(spec("{kind: recn-iq, saqs: 2, detection: 1, stop: 2, go: 1}")).control())
            .setup();
        assertThat(s).isEqualTo(new InputQueueing(Organisation.RECN_IQ, 16, 2, 1, 2, 1));
    }

    @org.junit.jupiter.api.Test
    void listsChoosesOneLinePerCongestedPortOrPerPortAndDestination() {
        assertThat(setup("fbicm").linePerDestination()).isFalse();
        assertThat(setup("{kind: fbicm, lists: port}").linePerDestination()).isFalse();
        assertThat(setup("{kind: fbicm, lists: destination}"))
            .isEqualTo(new InputQueueing(Organisation.FBICM, 16, 3, 3, 3, 2, true));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{kind: fbicm, memory: 7} | simulation.control.memory: expected room for at least 2 packets of 4 flits (an NFQ and a CFQ), found 7 flits",
        "{kind: fbicm, memory: 20, cfqs: 5} | simulation.control.cfqs: expected a whole number in [1, 4], found 5",
        "{kind: fbicm, memory: 20, cfqs: 0} | simulation.control.cfqs: expected a whole number in [1, 4], found 0",
        "{kind: fbicm, memory: 20, detection: 5} | simulation.control.detection: expected a whole number in [0, 4], found 5",
        "{kind: fbicm, memory: 20, stop: 5} | simulation.control.stop: expected a whole number in [1, 4], found 5",
        "{kind: fbicm, memory: 20, stop: 3, go: 3} | simulation.control.go: expected a whole number in [0, 2], found 3",
        "{kind: recn-iq, memory: 7} | simulation.control.memory: expected room for at least 2 packets of 4 flits (a standard queue and a SAQ), found 7 flits",
        "{kind: recn-iq, memory: 20, saqs: 5} | simulation.control.saqs: expected a whole number in [1, 4], found 5",
        "{kind: recn-iq, cfqs: 2} | simulation.control.cfqs",
        "{kind: fbicm, lists: dest} | simulation.control.lists: expected one of port, destination, found \"dest\"",
        "{kind: recn-iq, lists: destination} | simulation.control.lists",
    })
    void boundsAreOneLineErrors(String control, String expected) {
        assertThat(SchemeTestSupport.error(spec(control))).startsWith("test-spec.yaml: ").contains(expected)
            .doesNotContain("\n");
    }
}
