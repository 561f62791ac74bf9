package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link CbcmRouterDetection}: a router whose inputs keep requesting one destination from several
 * sources throttles those sources itself (003, section VI-A); a permutation (one source per
 * destination) and short bursts do not trigger it; a changed source count is sent again.
 */
class CbcmRouterDetectionTest {

    /** 16 terminals, 4 routers (terminals 4r..4r+3), epochs of 100 cycles, threshold 1, at least 2 sources. */
    private static CbcmRouterDetection detection() {
        return new CbcmRouterDetection(16, 100, 1.0, 2, new int[] {0, 4, 8, 12});
    }

    @Test
    void sustainedRequestsFromFourSourcesForOneDestinationThrottleThemWithDtFour() {
        CbcmRouterDetection r = detection();
        SentPort port = new SentPort(1);
        for (long now = 0; now < 100; now++) {
            r.cycle(now, port);
            // router 0's four injection ports all request terminal 5 every cycle: degree 4
            for (int src = 0; src < 4; src++) {
                r.requested(0, src, 5);
            }
        }
        assertThat(port.packets).isEmpty();
        r.cycle(100, port);
        // from router 0's first terminal to each source, carrying destination 5 and D_t 4
        int payload = -(5 * 1024 + 4) - 1;
        assertThat(port.packets).containsExactly(new int[] {0, 0, payload}, new int[] {0, 1, payload},
            new int[] {0, 2, payload}, new int[] {0, 3, payload});
        assertThat(r.sent()).isEqualTo(4);
        // the same four sources again: nothing new is sent
        for (long now = 101; now < 200; now++) {
            for (int src = 0; src < 4; src++) {
                r.requested(0, src, 5);
            }
        }
        r.cycle(200, port);
        assertThat(port.packets).hasSize(4);
        // three sources in the next epoch: D_t 3 goes to them
        for (long now = 201; now < 300; now++) {
            for (int src = 0; src < 3; src++) {
                r.requested(0, src, 5);
            }
        }
        r.cycle(300, port);
        assertThat(port.packets).hasSize(7);
        assertThat(port.packets.get(6)[2]).isEqualTo(-(5 * 1024 + 3) - 1);
        assertThat(r.detections()).isEqualTo(2);
    }

    @Test
    void aPermutationAndAShortBurstAreNotThrottled() {
        CbcmRouterDetection r = detection();
        SentPort port = new SentPort(1);
        for (long now = 0; now < 100; now++) {
            // every input of router 1 requests its own destination: degree 1 each, never 2
            for (int src = 4; src < 8; src++) {
                r.requested(1, src, src + 4);
            }
            // two sources for terminal 14, but only in 40 of the 100 cycles: mean 0.8
            if (now < 40) {
                r.requested(2, 8, 14);
                r.requested(2, 9, 14);
            }
        }
        r.cycle(100, port);
        assertThat(port.packets).isEmpty();
        // one source keeping a degree of 1 on its own is network congestion, not endpoint
        for (long now = 101; now < 200; now++) {
            r.requested(3, 12, 1);
            r.requested(3, 12, 1);
        }
        r.cycle(200, port);
        assertThat(port.packets).isEmpty();
    }

    @Test
    void aRoutersThrottleReachesTheSourceAsAThrottleTowardTheCongestedDestination() {
        Cbcm.Control c = (Cbcm.Control) Schemes.read("simulation.control",
            new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("kind", "cbcm")
                .put("detect-at-routers", true),
            new SchemeContext(new flowproof.topology.Network(new flowproof.topology.FlattenedButterfly(4, 1, 4), 4, 4),
                new flowproof.rule.VcPerHop(), 32, 8, true))
            .create(new StubState(new flowproof.topology.Network(new flowproof.topology.FlattenedButterfly(4, 1, 4), 4,
                4), 32, 8), 1);
        c.bind(new SentPort(1));
        assertThat(c.wantsRequests()).isTrue();
        c.beginCycle(10);
        // a throttle sent by router 0 (through terminal 0) to source 2 for destination 5 with D_t 4
        c.deliveredControl(0, 2, -(5 * 1024 + 4) - 1);
        assertThat(c.degree(2, 5)).isEqualTo(4);
        assertThat(c.degree(2, 0)).isZero();
        assertThat(c.sourceClass(2, 5, 8)).isEqualTo(-1);
    }
}
