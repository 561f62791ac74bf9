package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.rule.Dateline;
import flowproof.rule.EscapeVcs;
import flowproof.rule.FlowControlRule;
import flowproof.rule.VcPerHop;
import flowproof.topology.FlattenedButterfly;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import org.junit.jupiter.api.Test;

/** Queue-level routes: candidate classes, headers after a hop, VC disciplines and routing errors. */
class QueueRoutesTest {

    @Test
    void ugalInjectsOnTheMinimalRouteAndThroughEveryIntermediateOnVcZero() {
        FlattenedButterfly fb = new FlattenedButterfly(4, 1, 1);
        UgalRouting ugal = new UgalRouting(fb);
        Network n = new Network(fb, 2, 1);
        QueueRoutes routes = new QueueRoutes(n, ugal, new VcPerHop());
        int[] headers = routes.injectHeaders(0, 1);
        assertThat(headers).containsExactly(1, ugal.valiantHeader(2, 1), ugal.valiantHeader(3, 1));
        QueueRoutes.Next valiant = routes.next(FlowControlRule.INJECT, 0, ugal.valiantHeader(2, 1));
        assertThat(valiant.queues()).containsExactly(n.queue(fb.channelTo(0, 2), 0));
        // arriving at the intermediate the header becomes the plain destination
        assertThat(valiant.headers()).containsExactly(1);
        QueueRoutes.Next second = routes.next(valiant.queues()[0], -1, 1);
        assertThat(second.queues()).containsExactly(n.queue(fb.channelTo(2, 1), 1));
        assertThat(routes.next(second.queues()[0], -1, 1).exits()).isTrue();
    }

    @Test
    void tooFewVcsForVcPerHopIsAReportedRoutingError() {
        FlattenedButterfly fb = new FlattenedButterfly(3, 1, 1);
        UgalRouting ugal = new UgalRouting(fb);
        Network n = new Network(fb, 1, 1);
        QueueRoutes routes = new QueueRoutes(n, ugal, new VcPerHop());
        QueueRoutes.Next first = routes.next(FlowControlRule.INJECT, 0, ugal.valiantHeader(1, 2));
        assertThatThrownBy(() -> routes.next(first.queues()[0], -1, first.headers()[0]))
            .isInstanceOf(RoutingException.class)
            .hasMessageContaining("at node 1")
            .hasMessageContaining("destined to 2")
            .hasMessageContaining("allows no VC of channel 1-d0->2");
    }

    @Test
    void adaptiveCandidatesUseTheAdaptiveVcsAndTheEscapeFollowsDimensionOrder() {
        Torus t = Torus.torus(new int[] {4, 4}, true);
        Network n = new Network(t, 3, 1, 2);
        QueueRoutes routes = new QueueRoutes(n, new MinimalAdaptiveRouting(t), new EscapeVcs(new Dateline(), 2));
        int from = t.node(0, 0);
        int to = t.node(1, 1);
        QueueRoutes.Next next = routes.next(FlowControlRule.INJECT, from, to);
        // adaptive: + in dimension 0 and + in dimension 1, on VC2; escape: DOR (dimension 0) on dateline VC0
        assertThat(next.primary()).isEqualTo(2);
        assertThat(next.queues()).containsExactly(n.queue(t.channel(from, 0, 1), 2), n.queue(t.channel(from, 1, 1), 2),
            n.queue(t.channel(from, 0, 1), 0));
    }

    @Test
    void aRoutingFunctionLeavingTheTopologyIsNamed() {
        Torus t = Torus.torus(new int[] {3}, false);
        RoutingFunction bad = new RoutingFunction() {
            @Override
            public int candidates(int node, int inChannel, int header, int[] out) {
                out[0] = 99;
                return 1;
            }

            @Override
            public int maxCandidates() {
                return 1;
            }

            @Override
            public int distance(int node, int destination) {
                return 1;
            }

            @Override
            public boolean minimal() {
                return true;
            }

            @Override
            public String name() {
                return "bad";
            }

            @Override
            public int headers() {
                return 3;
            }
        };
        QueueRoutes routes = new QueueRoutes(new Network(t, 1, 1), bad, new flowproof.rule.VirtualCutThrough());
        assertThatThrownBy(() -> routes.next(FlowControlRule.INJECT, 0, 2)).isInstanceOf(RoutingException.class)
            .hasMessage("routing bad for a packet at node 0 destined to 2 (being injected) returns channel 99, "
                + "which does not exist");
    }

    @org.junit.jupiter.api.Test
    void escapeCandidatesAreTriedOnlyWhenNoPrimaryOneAdmittedUnlessEscapeAny() {
        // two primary candidates (0, 1), then escape candidates (2, 3)
        org.assertj.core.api.Assertions.assertThat(QueueRoutes.tries(0, 2, false, false)).isTrue();
        org.assertj.core.api.Assertions.assertThat(QueueRoutes.tries(1, 2, true, false)).isTrue();
        org.assertj.core.api.Assertions.assertThat(QueueRoutes.tries(2, 2, false, false)).isTrue();
        org.assertj.core.api.Assertions.assertThat(QueueRoutes.tries(2, 2, true, false)).isFalse();
        org.assertj.core.api.Assertions.assertThat(QueueRoutes.tries(3, 2, true, false)).isFalse();
        org.assertj.core.api.Assertions.assertThat(QueueRoutes.tries(2, 2, true, true)).isTrue();
    }
}
