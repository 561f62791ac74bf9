package flowproof.sim.control;

import java.util.List;

/**
 * A congestion-control scheme's state during one simulation run. The simulator consults it
 * where the scheme's hardware sits:
 * <ul>
 *   <li>{@link #beginCycle} once per cycle, after flits and credits arrived and before any
 *       allocation (side-band gathers, register shifts, counters);</li>
 *   <li>{@link #mayInject} when the packet at the front of a terminal's injection buffer
 *       asks for its first network VC: {@code false} holds it back this cycle. Packets
 *       already in the network are never held by this call;</li>
 *   <li>{@link #injected} and {@link #delivered} when a data packet enters the network and
 *       when its tail reaches its terminal.</li>
 * </ul>
 * A scheme is created per run ({@link Scheme#create}) and must be deterministic given the
 * seed it was created with: the simulator's results are reproducible bit for bit.
 */
public interface InjectionControl {

    /** Called at the start of every cycle with the cycle number. */
    default void beginCycle(long now) {
    }

    /**
     * Whether the packet of {@code size} flits from {@code terminal} to {@code destination}
     * may enter the network this cycle, through one of the first-hop queues
     * {@code firstQueues[0..n)} its routing function offers (n is 0 when the packet is for a
     * terminal on its own router).
     */
    boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n);

    /** A data packet left its injection buffer for a network VC. */
    default void injected(int terminal, int destination, int size) {
    }

    /** A data packet's tail reached its destination terminal. */
    default void delivered(int source, int destination, int size) {
    }

    /** Names of the scheme's internal quantities recorded over time (empty: none). */
    default List<String> seriesNames() {
        return List.of();
    }

    /** Writes the current value of each {@linkplain #seriesNames series} into {@code out}; called once per window. */
    default void sample(double[] out) {
    }

    /** A control that never holds anything back. */
    InjectionControl NONE = (terminal, destination, size, firstQueues, n) -> true;
}
