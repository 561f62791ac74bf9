package flowproof.routing;

import flowproof.topology.Topology;

/**
 * Which class of virtual channels a packet takes on each hop, as a function of what it has done
 * so far: the spec's {@code vc-classes}. {@link VcClasses} is the declarative table
 * ({@code vc-classes: {classes: C, start: ..., hops: [...]}}); a user's own function is a class
 * implementing this interface ({@code vc-classes: {class: com.example.MyClasses, params: {...}}}
 * or {@code {plugin: NAME}} through a {@link VcClassFactory}).
 *
 * <p>{@link ClassedRouting} carries the packet's class in its header and asks the function on
 * every hop, so the explorer, the channel dependency graph, {@code prove} and the simulator all
 * follow it (through {@link QueueRoutes}). Class {@code c} owns the VCs {@code c*m .. c*m+m-1}
 * with {@code m = vcs / classes()}. The explorer tabulates the function over every (queue,
 * header) pair it meets, so it must be a function of its arguments alone (no state of its own that
 * changes), and may be called from several threads at once.
 */
public interface VcClassFunction {

    /**
     * What {@link #afterHop} returns for a hop that may take any VC of its channel, whatever the
     * class (as BookSim's {@code valiant_mesh} lets a packet leave its destination router, which it
     * passes on the way to its intermediate); the packet is then in class "any" until a later hop
     * sets a class. Only for a function whose {@link #mayReturnAny} says so; from any other it
     * takes the packet beyond the last class, as every result outside {@code 0..classes()-1}.
     */
    int ANY = -2;

    /** Number of classes, at least 1; it must divide the spec's {@code vcs}. */
    int classes();

    /**
     * Whether {@link #afterHop} may return {@link #ANY}; then {@link ClassedRouting} keeps a
     * header state for it. False by default.
     */
    default boolean mayReturnAny() {
        return false;
    }

    /**
     * The class a packet starts with, before its first hop (the hop out of its source is then
     * classified by {@link #afterHop} like every other).
     *
     * @param route       the route name the routing function gives the packet's inject header
     *                    ({@link RoutingFunction#routeName}: {@code minimal} for most,
     *                    {@code xy}/{@code yx} for XY-YX, {@code minimal}/{@code valiant} for UGAL)
     * @param source      the router the packet is injected at
     * @param destination its destination router
     * @return a class {@code 0..classes()-1}, or -1 when the function has none for this packet (a
     *     routing error naming the route)
     */
    int startClass(String route, int source, int destination);

    /**
     * The class of the queue a hop enters. A result outside {@code 0..classes()-1} takes the packet
     * beyond the last class: the hop has no VC, a routing error naming the packet and the channel.
     * Once beyond, a packet is not asked again.
     */
    int afterHop(Hop hop);

    /**
     * The largest {@link Hop#ringHop} this function tells apart; 0 (the default) when it does not
     * read it. {@link ClassedRouting} counts a packet's hops in its ring up to this number in the
     * header (so each unit multiplies the headers), and {@code ringHop} is exact up to it.
     */
    default int ringHops() {
        return 0;
    }

    /** One line for reports, e.g. {@code 2 VC classes (com.example.MyClasses)}. */
    default String describe() {
        return classes() + " VC classes (" + getClass().getName() + ")";
    }

    /**
     * A hop a packet takes: what the function may read. The packet is at {@code
     * topology.source(channel)}; it arrived there on {@code inChannel} ({@code -1} at its source).
     *
     * @param topology    the topology
     * @param route       the packet's route name before the hop ({@link RoutingFunction#routeName});
     *                    UGAL's and Valiant's {@code valiant} becomes {@code minimal} after the hop
     *                    that reaches the intermediate
     * @param vcClass     the packet's class before the hop (the class of the queue it is in, or its
     *                    start class on the first hop; {@link #ANY} after a hop that took any VC)
     * @param inChannel   the channel it arrived on, -1 on the first hop
     * @param channel     the channel the hop takes
     * @param destination the packet's destination router
     * @param firstHop    whether the hop is the packet's first (out of its source)
     * @param newRing     whether the hop enters another ring (or line) than the one the packet is on:
     *                    true on the first hop; on networks without rings, another dimension or
     *                    direction ({@link Topology#ringOf}, {@link Topology#dimension},
     *                    {@link Topology#direction})
     * @param ringHop     the hop is the n-th of the packet in its ring (1: the hop that enters it);
     *                    exact up to {@link #ringHops()}, some larger number beyond it
     */
    record Hop(Topology topology, String route, int vcClass, int inChannel, int channel, int destination,
               boolean firstHop, boolean newRing, int ringHop) {
    }
}
