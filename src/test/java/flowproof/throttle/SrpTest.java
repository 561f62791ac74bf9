package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.ConfigurationException;
import flowproof.rule.FlowControlRule;
import flowproof.rule.ReservedClassVcs;
import flowproof.rule.VcPerHop;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Srp} in isolation (the SRP baseline of 003, sections III-B and V-A): the request a
 * flow with queued packets sends, speculative packets until the grant, non-speculative ones
 * from the granted cycle, one reservation in flight per flow, and the destination's
 * reservation schedule with its overhead.
 */
class SrpTest {

    @TempDir
    Path dir;

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** 16 terminals on a 4-router flattened butterfly, 4 VCs (2 normal + SRP's 2). */
    private static final Network NET = new Network(new FlattenedButterfly(4, 1, 4), 4, 4);

    private static Srp srp(String yaml, Network net) {
        try {
            return (Srp) Schemes.read("simulation.control", YAML.readTree(yaml),
                new SchemeContext(net, new VcPerHop(), 256, 32, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SrpControl control(String yaml, SentPort port) {
        SrpControl c = (SrpControl) srp(yaml, NET).create(new StubState(NET, 256, 32), 1);
        c.bind(port);
        return c;
    }

    @Test
    void schemeKeyDescriptionAndTwoClassVcs() {
        Srp s = srp("srp", NET);
        assertThat(s.key()).isEqualTo("srp");
        assertThat(s.describe()).isEqualTo("srp");
        assertThat(srp("{kind: srp, message: 2, overhead: 0.1}", NET).describe()).isEqualTo("srp(message=2, overhead=0.1)");
        FlowControlRule r = s.rule(new VcPerHop(), NET);
        assertThat(r).isInstanceOf(ReservedClassVcs.class);
        assertThat(r.describe()).endsWith(" + 2 class VCs");
        SrpControl c = control("srp", new SentPort(1));
        assertThat(c.classes()).isEqualTo(2);
        assertThat(c.controlClass()).isEqualTo(Srp.CONTROL);
        // control above normal above speculative
        assertThat(c.priority(Srp.CONTROL)).isGreaterThan(c.priority(0));
        assertThat(c.priority(0)).isGreaterThan(c.priority(Srp.SPECULATIVE));
        assertThat(c.lookahead()).isEqualTo(64);
    }

    @Test
    void tooFewVcsAndBadParametersAreOneLineErrors() {
        Network three = new Network(new FlattenedButterfly(4, 1, 4), 2, 4);
        assertThatThrownBy(() -> srp("srp", three)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("simulation.control.kind").hasMessageContaining("at least 3 VCs for scheme srp");
        assertThatThrownBy(() -> srp("{kind: srp, message: 0}", NET)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("simulation.control.message");
        assertThatThrownBy(() -> srp("{kind: srp, overhead: -1}", NET)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("simulation.control.overhead");
        assertThatThrownBy(() -> srp("{kind: srp, ttw: 2000}", NET)).isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("ttw");
    }

    @Test
    void aNewPacketSendsARequestAndGoesSpeculativelyUntilTheGrant() {
        SentPort port = new SentPort(1);
        SrpControl c = control("srp", port);
        c.beginCycle(5);
        // nothing queued: nothing may leave, nothing is requested
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(-1);
        assertThat(port.packets).isEmpty();
        c.generated(2, 9, 32);
        // a request from 2 to 9 for the one queued packet (32 flits)
        assertThat(port.packets).containsExactly(new int[] {2, 9, 32});
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(Srp.SPECULATIVE);
        c.left(2, 9, 32, Srp.SPECULATIVE);
        assertThat(c.speculativePackets()).isEqualTo(1);
        // a second packet of the flow waits: one reservation in flight per flow
        c.generated(2, 9, 32);
        assertThat(port.packets).hasSize(1);
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(-1);
        // other flows of the same source are not held
        c.generated(2, 10, 32);
        assertThat(c.sourceClass(2, 10, 32)).isEqualTo(Srp.SPECULATIVE);
    }

    @Test
    void theDestinationSchedulesReservationsBackToBackWithTheOverhead() {
        SentPort port = new SentPort(1);
        SrpControl c = control("srp", port);
        c.beginCycle(100);
        // request for 4 x 32 flits from source 2 at destination 9: granted now, reserved 128 x 1.05
        c.deliveredControl(2, 9, 128);
        assertThat(port.packets.get(0)).containsExactly(9, 2, -101);
        assertThat(c.reservedUntil(9)).isEqualTo(100 + 135);
        // a second request at cycle 110 from source 3 waits for the first reservation's end
        c.beginCycle(110);
        c.deliveredControl(3, 9, 32);
        assertThat(port.packets.get(1)).containsExactly(9, 3, -(235 + 1));
        assertThat(c.reservedUntil(9)).isEqualTo(235 + 34);
        // another destination has its own schedule
        c.deliveredControl(3, 10, 32);
        assertThat(port.packets.get(2)).containsExactly(10, 3, -111);
    }

    @Test
    void afterTheGrantTheRestLeavesNonSpeculativelyFromTheGrantedCycleThenTheNextMessageIsRequested() {
        SentPort port = new SentPort(1);
        SrpControl c = control("{kind: srp, message: 2}", port);
        c.beginCycle(0);
        for (int i = 0; i < 3; i++) {
            c.generated(2, 9, 32);
        }
        // the first packet's request covers min(message, queued) = 1 packet (the others came later)
        assertThat(port.packets).containsExactly(new int[] {2, 9, 32});
        c.left(2, 9, 32, c.sourceClass(2, 9, 32));
        // the grant arrives at cycle 300 for cycle 400; its one packet has left: next request for 2 packets
        c.beginCycle(300);
        c.deliveredControl(9, 2, -401);
        assertThat(port.packets).hasSize(2);
        assertThat(port.packets.get(1)).containsExactly(2, 9, 64);
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(Srp.SPECULATIVE);
        c.left(2, 9, 32, Srp.SPECULATIVE);
        // that reservation's grant comes before its second packet left: no more speculation
        c.beginCycle(500);
        c.deliveredControl(9, 2, -701);
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(-1);
        c.beginCycle(699);
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(-1);
        c.beginCycle(700);
        assertThat(c.sourceClass(2, 9, 32)).isZero();
        c.left(2, 9, 32, 0);
        assertThat(c.nonSpeculativePackets()).isEqualTo(1);
        assertThat(c.speculativePackets()).isEqualTo(2);
        // nothing queued any more: no new request
        assertThat(port.packets).hasSize(2);
        assertThat(c.requests()).isEqualTo(2);
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(-1);
    }

    @Test
    void messagesShorterThanTheMinimumLeaveUnreservedOnTheNormalVcs() {
        SentPort port = new SentPort(1);
        SrpControl c = control("srp", port);
        c.beginCycle(0);
        // a 3-packet message (below the 4-packet minimum reservation): no request, normal class at once
        for (int i = 0; i < 3; i++) {
            c.generated(2, 9, 32, 3);
        }
        assertThat(port.packets).isEmpty();
        for (int i = 0; i < 3; i++) {
            assertThat(c.sourceClass(2, 9, 32)).isZero();
            c.left(2, 9, 32, 0);
        }
        assertThat(c.unreservedPackets()).isEqualTo(3);
        assertThat(c.requests()).isZero();
        assertThat(c.speculativePackets()).isZero();
        // single-packet messages (a mix entry's message: 1) likewise
        c.generated(4, 5, 8, 1);
        assertThat(c.sourceClass(4, 5, 8)).isZero();
        assertThat(port.packets).isEmpty();
    }

    @Test
    void aLongMessageIsReservedWholeAndAShortOneBehindItWaitsItsTurn() {
        SentPort port = new SentPort(1);
        SrpControl c = control("srp", port);
        c.beginCycle(0);
        // a 6-packet message, then a 1-packet message, to the same destination
        for (int i = 0; i < 6; i++) {
            c.generated(2, 9, 32, 6);
        }
        c.generated(2, 9, 32, 1);
        // one request for all six packets (not min(message, queued) = 4)
        assertThat(port.packets).containsExactly(new int[] {2, 9, 6 * 32});
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(Srp.SPECULATIVE);
        for (int i = 0; i < 2; i++) {
            c.left(2, 9, 32, Srp.SPECULATIVE);
        }
        c.beginCycle(200);
        c.deliveredControl(9, 2, -(250 + 1));
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(-1);
        c.beginCycle(250);
        for (int i = 0; i < 4; i++) {
            assertThat(c.sourceClass(2, 9, 32)).isZero();
            c.left(2, 9, 32, 0);
        }
        // the long message is done: the short one behind it leaves unreserved, no new request
        assertThat(c.sourceClass(2, 9, 32)).isZero();
        c.left(2, 9, 32, 0);
        assertThat(c.unreservedPackets()).isEqualTo(1);
        assertThat(c.nonSpeculativePackets()).isEqualTo(4);
        assertThat(c.speculativePackets()).isEqualTo(2);
        assertThat(port.packets).hasSize(1);
        // the next long message of the flow is requested when it is generated
        for (int i = 0; i < 4; i++) {
            c.generated(2, 9, 32, 4);
        }
        assertThat(port.packets).hasSize(2);
        assertThat(port.packets.get(1)).containsExactly(2, 9, 4 * 32);
    }

    @Test
    void withoutMessageSizesEveryPacketIsReservedAsBefore() {
        SentPort port = new SentPort(1);
        SrpControl c = control("srp", port);
        c.beginCycle(0);
        // message 0: the workload gives none; the same as the three-argument call
        c.generated(2, 9, 32, 0);
        assertThat(port.packets).containsExactly(new int[] {2, 9, 32});
        assertThat(c.sourceClass(2, 9, 32)).isEqualTo(Srp.SPECULATIVE);
    }

    @Test
    void theSeriesCountPerWindow() {
        SentPort port = new SentPort(1);
        SrpControl c = control("srp", port);
        assertThat(c.seriesNames()).hasSize(4);
        c.beginCycle(0);
        c.generated(1, 5, 8);
        c.left(1, 5, 8, Srp.SPECULATIVE);
        double[] out = new double[4];
        c.sample(out);
        assertThat(out).containsExactly(1, 1, 1, 0);
        c.beginCycle(10);
        c.deliveredControl(5, 1, -31);
        c.sample(out);
        // granted for cycle 30 at cycle 10: 20 cycles of wait
        assertThat(out).containsExactly(0, 0, 0, 20);
    }

    @Test
    void theCommandLineReportsTooFewVcsInOneLineWithExitCode2() throws IOException {
        // Fig. 2's spec has the 2 VCs UGAL needs and none for SRP's classes
        String spec = Files.readString(Path.of("specs/sim/cbcm-fb1d-4x4-fig2-ugal.yaml"))
            .replace("  warmup: 10000\n", "  warmup: 10000\n  control: {kind: srp}\n");
        SchemeTestSupport.Cli r = SchemeTestSupport.simulate(dir, spec);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.errLines()).hasSize(1).first().asString()
            .contains("simulation.control.kind: expected at least 3 VCs for scheme srp").contains("found 2 VCs");
    }
}
