package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.topology.Topology;
import flowproof.topology.Torus;
import org.junit.jupiter.api.Test;

/**
 * What an SPTh run shows through {@link SpthView} (the invariant checker's reading: how the
 * registers are built) and the {@code registers: any} gate for a packet offered a VC other
 * than the channel's first: any VC of the offered channel holds it.
 */
class SpthViewTest {

    @Test
    void theViewReportsHowTheRegistersAreBuilt() {
        SpthTest.Scripted s = SpthTest.ring(8, 2);
        SpthView dflt = SpthTest.registers(s, "spth");
        assertThat(dflt.hopDelay()).isEqualTo(1);
        assertThat(dflt.margin()).isZero();
        assertThat(dflt.anyVc()).isTrue();
        assertThat(dflt.byOccupancy()).isFalse();
        SpthView other = SpthTest.registers(s,
            "{kind: spth, hop-delay: 3, margin: 2, registers: offered, free: occupancy}");
        assertThat(other.hopDelay()).isEqualTo(3);
        assertThat(other.margin()).isEqualTo(2);
        assertThat(other.anyVc()).isFalse();
        assertThat(other.byOccupancy()).isTrue();
    }

    @Test
    void nextIsTheSameVcOneHopFurtherInTheSameDirection() {
        SpthTest.Scripted s = SpthTest.ring(8, 2);
        Topology t = s.net.topology();
        SpthView v = SpthTest.registers(s, "spth");
        for (int r = 0; r < 8; r++) {
            for (int vc = 0; vc < 2; vc++) {
                int q = s.net.queue(t.channel(r, 0, 1), vc);
                assertThat(v.next(q)).isEqualTo(s.net.queue(t.channel((r + 1) % 8, 0, 1), vc));
            }
        }
        // a mesh line ends: no queue beyond the edge
        SpthTest.Scripted mesh = new SpthTest.Scripted(Torus.mesh(new int[] {4}), 1);
        Topology m = mesh.net.topology();
        SpthView mv = SpthTest.registers(mesh, "spth");
        assertThat(mv.next(mesh.net.queue(m.channel(2, 0, 1), 0))).isEqualTo(-1);
        assertThat(mv.next(mesh.net.queue(m.channel(1, 0, 1), 0))).isEqualTo(mesh.net.queue(m.channel(2, 0, 1), 0));
    }

    @Test
    void aPacketOfferedTheSecondVcIsHeldByABusyFirstVcOfTheSameChannel() {
        SpthTest.Scripted s = SpthTest.ring(8, 2);
        Topology t = s.net.topology();
        SpthRegisters any = SpthTest.registers(s, "spth");
        SpthRegisters offered = SpthTest.registers(s, "{kind: spth, registers: offered}");
        int ch = t.channel(3, 0, 1);
        s.credits[s.net.queue(ch, 0)] = 0;
        SpthTest.cycle(any, s);
        s.now--;
        SpthTest.cycle(offered, s);
        // after one cycle only router 3's own register of VC 0 shows the busy buffer
        assertThat(any.register(s.net.queue(ch, 0))).isEqualTo(1);
        int[] vc1 = {s.net.queue(ch, 1)};
        assertThat(any.mayInject(3, 6, 8, vc1, 1)).isFalse();
        assertThat(offered.mayInject(3, 6, 8, vc1, 1)).isTrue();
        // the next channel's VCs are clear
        int[] nextVc1 = {s.net.queue(t.channel(4, 0, 1), 1)};
        assertThat(any.mayInject(4, 6, 8, nextVc1, 1)).isTrue();
    }
}
