package flowproof.report;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.explore.Replayer.HeadWait;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The waiting cycle a trace page shows at its end. */
class TracePageTest {

    private static HeadWait blocked(int queue, int... targets) {
        return new HeadWait(queue, 0, false, targets, new boolean[targets.length]);
    }

    @Test
    void theShortestCycleOfBlockedHeadsIsFound() {
        // 0 -> 1 -> 2 -> 3 -> 0 and a shortcut 1 -> 0: the shortest cycle is 0, 1
        List<HeadWait> waits = List.of(blocked(0, 1), blocked(1, 2, 0), blocked(2, 3), blocked(3, 0));
        assertThat(TracePage.waitingCycle(waits)).containsExactly(0, 1);
        assertThat(TracePage.waitingCycle(List.of(blocked(5, 6), blocked(6, 7), blocked(7, 5)))).containsExactly(5, 6, 7);
    }

    @Test
    void aHeadThatCanMoveOrWaitsOnAnEmptyQueueBreaksTheCycle() {
        HeadWait free = new HeadWait(2, 0, false, new int[] {0}, new boolean[] {true});
        assertThat(TracePage.waitingCycle(List.of(blocked(0, 1), blocked(1, 2), free))).isEmpty();
        // queue 9 holds no packet: no head there waits on anything
        assertThat(TracePage.waitingCycle(List.of(blocked(0, 9)))).isEmpty();
        HeadWait exits = new HeadWait(1, 0, true, new int[0], new boolean[0]);
        assertThat(TracePage.waitingCycle(List.of(blocked(0, 1), exits))).isEmpty();
    }
}
