package flowproof.cdg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Model;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.routing.DimensionOrderRouting;
import flowproof.routing.MinimalAdaptiveRouting;
import flowproof.rule.Dateline;
import flowproof.rule.EscapeVcs;
import flowproof.rule.FlowControlRule;
import flowproof.rule.VirtualCutThrough;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import flowproof.traffic.TrafficPattern;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Duato's extended channel dependency graph of an escape sub-function, and escape use in the explorer. */
class DuatoTest {

    private static Network network(Torus t, int vcs, int escapeVcs) {
        return new Network(t, vcs, 1, escapeVcs);
    }

    private static ChannelDependencyGraph escape(Network n, FlowControlRule inner, boolean wormhole) {
        Torus t = (Torus) n.topology();
        return ChannelDependencyGraph.buildEscape(n, new MinimalAdaptiveRouting(t), new EscapeVcs(inner, n.ringVcs()),
            TrafficPattern.ALL_PAIRS.pairs(t), wormhole);
    }

    @Test
    void aDatelineEscapeMakesTheExtendedGraphAcyclicWhileTheFullGraphIsCyclic() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        Network n = network(t, 3, 2);
        ChannelDependencyGraph ext = escape(n, new Dateline(), false);
        assertThat(ext.kind()).isEqualTo(ChannelDependencyGraph.Kind.DUATO);
        assertThat(ext.acyclic()).isTrue();
        assertThat(ext.graph().vertexSet()).allMatch(q -> n.vcOf(q) < 2);
        ChannelDependencyGraph full = ChannelDependencyGraph.build(n, new MinimalAdaptiveRouting(t),
            new EscapeVcs(new Dateline(), 2), TrafficPattern.ALL_PAIRS.pairs(t));
        assertThat(full.acyclic()).isFalse();
        assertThat(full.vertices()).isGreaterThan(ext.vertices());
    }

    @Test
    void aSingleVctEscapeVcKeepsTheRingCyclesOfDimensionOrderRouting() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        Network n = network(t, 2, 1);
        ChannelDependencyGraph ext = escape(n, new VirtualCutThrough(), false);
        assertThat(ext.acyclic()).isFalse();
        assertThat(ext.cycle()).allMatch(q -> n.vcOf(q) == 0);
        // the cycle is one directional ring: every queue on it in the same dimension
        assertThat(ext.cycle().stream().map(q -> t.dimension(n.channelOf(q))).distinct()).hasSize(1);
    }

    @Test
    void wormholeAddsIndirectDependenciesThroughAdaptiveQueues() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        Network n = network(t, 3, 2);
        ChannelDependencyGraph vct = escape(n, new Dateline(), false);
        ChannelDependencyGraph worm = escape(n, new Dateline(), true);
        assertThat(worm.kind()).isEqualTo(ChannelDependencyGraph.Kind.DUATO_WORMHOLE);
        assertThat(worm.edges()).isGreaterThan(vct.edges());
        for (var e : vct.graph().edgeSet()) {
            assertThat(worm.graph().containsEdge(vct.graph().getEdgeSource(e), vct.graph().getEdgeTarget(e))).isTrue();
        }
    }

    @Test
    void onlyRoutingWithAnEscapeSubFunctionHasAnExtendedGraph() {
        Torus t = Torus.torus(new int[] {3}, false);
        Network n = new Network(t, 1, 1);
        assertThatThrownBy(() -> ChannelDependencyGraph.buildEscape(n, new DimensionOrderRouting(t), new VirtualCutThrough(),
            TrafficPattern.ALL_PAIRS.pairs(t), false)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void escapeAnyTimeAllowsEveryMoveOfEscapeWhenBlockedAndMore() {
        Torus t = Torus.torus(new int[] {3, 3}, false);
        Network n = network(t, 2, 1);
        List<int[]> pairs = List.of(new int[] {t.node(0, 0), t.node(2, 2)});
        FlowControlRule rule = new EscapeVcs(new VirtualCutThrough(), 1);
        var props = EnumSet.of(Property.STUCK_FREEDOM, Property.DRAINABILITY);
        ExplorationResult blocked = new Explorer(new Model(n, new MinimalAdaptiveRouting(t), rule, pairs, false), props,
            Limits.defaults(), false).run();
        ExplorationResult any = new Explorer(new Model(n, new MinimalAdaptiveRouting(t), rule, pairs, true), props,
            Limits.defaults(), false).run();
        assertThat(blocked.complete()).isTrue();
        assertThat(any.complete()).isTrue();
        assertThat(any.states()).isGreaterThanOrEqualTo(blocked.states());
        assertThat(any.transitions()).isGreaterThan(blocked.transitions());
        assertThat(blocked.properties().get(Property.DRAINABILITY)).isEqualTo(PropertyStatus.HOLDS);
        assertThat(any.properties().get(Property.DRAINABILITY)).isEqualTo(PropertyStatus.HOLDS);
    }

    @Test
    void aDatelineEscapeEnteredFromAnAdaptiveVcIsAcyclicUnderWormhole() {
        // a packet that crossed the wrap-around on an adaptive VC and then enters the escape ring
        // must not take VC0 there, or the indirect dependencies of wormhole close the escape ring
        for (int[] radix : List.of(new int[] {4}, new int[] {3, 3}, new int[] {4, 4}, new int[] {5, 4})) {
            for (boolean bidirectional : new boolean[] {false, true}) {
                Torus t = Torus.torus(radix, bidirectional);
                for (int vcs : new int[] {3, 4}) {
                    Network n = network(t, vcs, 2);
                    ChannelDependencyGraph worm = escape(n, new Dateline(), true);
                    assertThat(worm.acyclic()).as("%s, %d VCs: cycle %s", t.describe(), vcs, worm.cycle()).isTrue();
                }
            }
        }
    }
}
