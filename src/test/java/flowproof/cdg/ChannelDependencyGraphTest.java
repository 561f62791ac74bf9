package flowproof.cdg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Model;
import flowproof.explore.Models;
import flowproof.explore.Property;
import flowproof.explore.Snapshot;
import flowproof.explore.Trace;
import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.RoutingException;
import flowproof.routing.RoutingFunction;
import flowproof.rule.RuleKind;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jgrapht.alg.connectivity.KosarajuStrongConnectivityInspector;
import org.junit.jupiter.api.Test;

class ChannelDependencyGraphTest {

    private static ChannelDependencyGraph cdg(Model m) {
        return ChannelDependencyGraph.build(m.network(), m.routing(), m.rule(), m.traffic());
    }

    private static void assertIsACycle(ChannelDependencyGraph g) {
        List<Integer> c = g.cycle();
        for (int i = 0; i < c.size(); i++) {
            assertThat(g.graph().containsEdge(c.get(i), c.get((i + 1) % c.size())))
                .as("edge %s -> %s", c.get(i), c.get((i + 1) % c.size())).isTrue();
        }
        assertThat(new HashSet<>(c)).hasSize(c.size());
    }

    @Test
    void aUnidirectionalVctRingDependsOnItselfAllTheWayRound() {
        ChannelDependencyGraph g = cdg(Models.ring(4, 1, 1, RuleKind.VCT));
        assertThat(g.vertices()).isEqualTo(4);
        assertThat(g.edges()).isEqualTo(4);
        assertThat(g.acyclic()).isFalse();
        assertThat(g.cycle()).hasSize(4);
        assertIsACycle(g);
    }

    @Test
    void datelineBreaksEveryRingCycle() {
        assertThat(cdg(Models.ring(4, 2, 1, RuleKind.DATELINE)).acyclic()).isTrue();
        assertThat(cdg(Models.torus(new int[] {3, 3}, true, 2, 1, RuleKind.DATELINE, 0)).acyclic()).isTrue();
        assertThat(cdg(Models.torus(new int[] {4, 4, 2}, false, 2, 1, RuleKind.DATELINE, 0)).acyclic()).isTrue();
    }

    @Test
    void dimensionOrderRoutingOnAMeshIsAcyclic() {
        Torus mesh = Torus.mesh(new int[] {4, 4});
        Network n = new Network(mesh, 1, 1);
        ChannelDependencyGraph g = ChannelDependencyGraph.build(n, new DimensionOrderRouting(mesh),
            RuleKind.VCT.create(n, 0), TrafficPattern.ALL_PAIRS.pairs(mesh));
        assertThat(g.acyclic()).isTrue();
        assertThat(g.vertices()).isEqualTo(mesh.channels());
    }

    @Test
    void theWitnessIsAShortestCycle() {
        // a bidirectional ring of 6: + and - rings are separate cycles of 6; no shorter cycle exists
        ChannelDependencyGraph g = cdg(Models.torus(new int[] {6}, true, 1, 1, RuleKind.VCT, 0));
        assertThat(g.cycle()).hasSize(6);
        assertIsACycle(g);
        // in a 3x2 torus the dimension-0 rings (3 queues) are the shortest cycles
        ChannelDependencyGraph t = cdg(Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.VCT, 0));
        assertThat(t.cycle()).hasSize(3);
        assertIsACycle(t);
    }

    @Test
    void trafficLimitsTheDependencies() {
        Torus ring = Torus.torus(new int[] {6}, false);
        Network n = new Network(ring, 1, 1);
        ChannelDependencyGraph g = ChannelDependencyGraph.build(n, new DimensionOrderRouting(ring),
            RuleKind.VCT.create(n, 0), TrafficPattern.NEIGHBOR.pairs(ring));
        assertThat(g.edges()).isZero();
        assertThat(g.acyclic()).isTrue();
    }

    /** The queues holding packets in every deadlock the explorer finds lie on a dependency cycle. */
    @Test
    void everyDeadlockHoldsQueuesThatLieOnADependencyCycle() {
        for (Model m : List.of(Models.ring(4, 1, 1, RuleKind.VCT), Models.ring(3, 1, 2, RuleKind.VCT),
            Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.VCT, 0),
            Models.torus(new int[] {3, 2}, false, 1, 1, RuleKind.CRITICAL_BUBBLE, 0),
            Models.torus(new int[] {4}, true, 1, 1, RuleKind.VCT, 0))) {
            ChannelDependencyGraph g = cdg(m);
            Set<Integer> onCycle = new HashSet<>();
            for (Set<Integer> scc : new KosarajuStrongConnectivityInspector<>(g.graph()).stronglyConnectedSets()) {
                if (scc.size() > 1) {
                    onCycle.addAll(scc);
                }
            }
            ExplorationResult r = Models.explore(m);
            Trace t = r.traces().get(Property.STUCK_FREEDOM);
            assertThat(t).as(m.describe()).isNotNull();
            Snapshot last = t.last();
            for (int q = 0; q < m.network().queues(); q++) {
                if (last.packets()[q].length > 0) {
                    assertThat(onCycle).as("%s: queue %s holds a deadlocked packet", m.describe(),
                        m.network().queueName(q)).contains(q);
                }
            }
            assertThat(g.acyclic()).isFalse();
        }
    }

    private static RoutingFunction broken(Torus t, boolean none) {
        return new RoutingFunction() {
            @Override
            public int candidates(int node, int inChannel, int destination, int[] out) {
                if (none) {
                    return inChannel < 0 ? new DimensionOrderRouting(t).candidates(node, inChannel, destination, out) : 0;
                }
                out[0] = t.channel((node + 1) % t.nodes(), 0, 1);
                return 1;
            }

            @Override
            public int maxCandidates() {
                return 1;
            }

            @Override
            public int headers() {
                return t.nodes();
            }

            @Override
            public int distance(int node, int destination) {
                return 1;
            }

            @Override
            public boolean minimal() {
                return false;
            }

            @Override
            public String name() {
                return "broken";
            }
        };
    }

    @Test
    void aRoutingFunctionWithoutCandidatesIsReportedWithNodeDestinationAndChannel() {
        Torus ring = Torus.torus(new int[] {4}, false);
        Network n = new Network(ring, 1, 1);
        assertThatThrownBy(() -> ChannelDependencyGraph.build(n, broken(ring, true), RuleKind.VCT.create(n, 0),
            TrafficPattern.ALL_PAIRS.pairs(ring)))
            .isInstanceOf(RoutingException.class)
            .hasMessageContaining("no candidate")
            .hasMessageContaining("at node 1")
            .hasMessageContaining("destined to 2")
            .hasMessageContaining("on channel 0-d0+->1");
    }

    @Test
    void aRoutingFunctionThatLeavesItsRouterIsReported() {
        Torus ring = Torus.torus(new int[] {4}, false);
        Network n = new Network(ring, 1, 1);
        assertThatThrownBy(() -> ChannelDependencyGraph.build(n, broken(ring, false), RuleKind.VCT.create(n, 0),
            TrafficPattern.ALL_PAIRS.pairs(ring)))
            .isInstanceOf(RoutingException.class)
            .hasMessageContaining("does not leave 0")
            .hasMessageContaining("being injected");
    }

    @Test
    void aLargeTorusGraphBuildsWithItsCycle() {
        ChannelDependencyGraph g = cdg(Models.torus(new int[] {16, 16}, true, 3, 1, RuleKind.VCT, 0));
        assertThat(g.vertices()).isEqualTo(16 * 16 * 4 * 3);
        assertThat(g.acyclic()).isFalse();
        assertIsACycle(g);
    }
}
