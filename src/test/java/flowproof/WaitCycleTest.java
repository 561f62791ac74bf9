package flowproof;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WaitCycleTest {

    @Test
    void theShortestOfTwoCyclesFromItsLowestQueue() {
        Map<Integer, int[]> waits = Map.of(0, new int[] {1}, 1, new int[] {2}, 2, new int[] {0},
            7, new int[] {9, 5}, 5, new int[] {7});
        assertThat(WaitCycle.shortest(waits)).containsExactly(5, 7);
    }

    @Test
    void waitsOnQueuesThatAreNotBlockedCloseNoCycle() {
        assertThat(WaitCycle.shortest(Map.of(0, new int[] {1}, 1, new int[] {2}))).isEmpty();
        assertThat(WaitCycle.shortest(Map.of(3, new int[] {3}))).containsExactly(3);
        assertThat(WaitCycle.shortest(Map.of())).isEmpty();
    }
}
