package flowproof.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.traffic.ScriptedWorkload.Packet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The greedy shrinker on predicates whose smallest failing case is known. */
class ShrinkerTest {

    static Scenario torus(int x, int y, List<Packet> packets) throws Exception {
        ObjectNode spec = (ObjectNode) Scenario.JSON.readTree("{\"name\":\"t\",\"topology\":{\"kind\":\"torus\",\"radix\":["
            + x + "," + y + "]},\"vcs\":2,\"rule\":\"dateline\",\"simulation\":{\"switching\":\"vct\",\"buffer\":4}}");
        return new Scenario(spec, true, null).withPackets(packets);
    }

    @Test
    void dropsEveryPacketTheFailureDoesNotNeed() throws Exception {
        List<Packet> ps = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            ps.add(new Packet(i * 3, i % 9, (i + 1) % 9, 1 + i % 3));
        }
        ps.add(17, new Packet(50, 2, 0, 3));
        Scenario s = torus(3, 3, ps);
        Shrinker.Result r = new Shrinker(c -> c.packets().stream().anyMatch(p -> p.source() == 2 && p.destination() == 0)
            ? new Violation("x", "has 2->0") : null, 1_000).shrink(s, new Violation("x", "has 2->0"));
        assertThat(r.scenario().packets()).hasSize(1);
        Packet p = r.scenario().packets().get(0);
        assertThat(p.source()).isEqualTo(2);
        assertThat(p.destination()).isEqualTo(0);
        assertThat(p.cycle()).as("moved to the start").isZero();
        assertThat(p.size()).as("one flit").isEqualTo(1);
    }

    @Test
    void shrinksTheNetworkAndKeepsPacketsOnTheirCoordinates() throws Exception {
        // (1,1) -> (2,2) vanishes when dimension 0 shrinks to 2; (0,0) -> (1,1) becomes 0 -> 3
        List<Scenario> smaller = Shrinker.smallerNetworks(torus(3, 3, List.of(new Packet(0, 4, 8, 1),
            new Packet(0, 0, 4, 1))));
        assertThat(smaller).hasSize(2);
        assertThat(smaller.get(0).spec().get("topology").get("radix").toString()).isEqualTo("[2,3]");
        assertThat(smaller.get(0).packets()).containsExactly(new Packet(0, 0, 3, 1));
        assertThat(smaller.get(1).spec().get("topology").get("radix").toString()).isEqualTo("[3,2]");
        assertThat(smaller.get(1).packets()).containsExactly(new Packet(0, 0, 4, 1));
    }

    @Test
    void shrinksToTheSmallestNetworkThatStillFails() throws Exception {
        Scenario s = torus(5, 4, List.of(new Packet(7, 0, 1, 2), new Packet(9, 1, 0, 2)));
        Shrinker.Result r = new Shrinker(c -> c.routers() >= 6 && !c.packets().isEmpty() ? new Violation("x", "big") : null,
            1_000).shrink(s, new Violation("x", "big"));
        assertThat(r.scenario().routers()).isEqualTo(6);
        assertThat(r.scenario().packets()).hasSize(1);
        assertThat(r.tried()).isPositive();
    }

    @Test
    void keepsTheOriginalWhenNothingSmallerFailsTheSameWay() throws Exception {
        Scenario s = torus(2, 2, List.of(new Packet(0, 0, 1, 1)));
        Shrinker.Result r = new Shrinker(c -> c.equals(s) ? new Violation("x", "only this") : new Violation("y", "other"),
            100).shrink(s, new Violation("x", "only this"));
        assertThat(r.scenario()).isEqualTo(s);
        assertThat(r.violation().invariant()).isEqualTo("x");
    }

    @Test
    void stopsAtItsBudget() throws Exception {
        List<Packet> ps = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ps.add(new Packet(i, i % 4, (i + 1) % 4, 1));
        }
        Shrinker.Result r = new Shrinker(c -> new Violation("x", "always"), 5).shrink(torus(2, 2, ps),
            new Violation("x", "always"));
        assertThat(r.tried()).isEqualTo(5);
    }
}
