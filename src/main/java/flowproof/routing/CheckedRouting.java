package flowproof.routing;

import flowproof.topology.Topology;

/**
 * A user's routing function (a plugin) whose {@code minimal()} claim was refused by
 * {@link RoutingContract}: it answers {@code minimal()} false, so that no engine relies on packets
 * being unable to circle (the explorer decides drainability over the drain graph's components,
 * CP-SAT's proof does not imply it), and forwards everything else to the function as written.
 * {@link #of} wraps a function only when a claim is refused.
 */
public final class CheckedRouting implements RoutingFunction {

    private final RoutingFunction routing;
    private final String refused;

    private CheckedRouting(RoutingFunction routing, String refused) {
        this.routing = routing;
        this.refused = refused;
    }

    /** {@code routing} itself when its declarations hold on {@code topology}, else the function with them refused. */
    public static RoutingFunction of(RoutingFunction routing, Topology topology) {
        if (!routing.minimal()) {
            return routing;
        }
        RoutingContract.Violation v = RoutingContract.falseMinimal(routing, topology);
        return v == null ? routing : new CheckedRouting(routing, v.detail().replaceFirst("^declares minimal\\(\\) but ",
            "minimal(), but ") + "; the engines treat it as non-minimal");
    }

    /**
     * The claims refused of a spec's routing function (inside {@link ClassedRouting} too), one line each naming the
     * function, the method and what failed; empty when none was.
     */
    public static java.util.List<String> refusedClaims(RoutingFunction routing) {
        RoutingFunction r = routing instanceof ClassedRouting c ? c.base() : routing;
        return r instanceof CheckedRouting c ? java.util.List.of(RoutingContract.label(c.routing) + " declares "
            + c.refused) : java.util.List.of();
    }

    /** {@code routing}'s own class: the user's for a refused plugin, {@code routing}'s otherwise. */
    public static Class<?> classOf(RoutingFunction routing) {
        return routing instanceof CheckedRouting c ? c.routing.getClass() : routing.getClass();
    }

    @Override
    public int candidates(int node, int inChannel, int header, int[] out) {
        return routing.candidates(node, inChannel, header, out);
    }

    @Override
    public int candidates(int node, int inChannel, int header, int vcClass, int[] out) {
        return routing.candidates(node, inChannel, header, vcClass, out);
    }

    @Override
    public int maxCandidates() {
        return routing.maxCandidates();
    }

    @Override
    public int distance(int node, int destination) {
        return routing.distance(node, destination);
    }

    @Override
    public boolean minimal() {
        return false;
    }

    @Override
    public String name() {
        return routing.name();
    }

    @Override
    public int headers() {
        return routing.headers();
    }

    @Override
    public int injectHeaders(int source, int destination, int[] out) {
        return routing.injectHeaders(source, destination, out);
    }

    @Override
    public int maxInjectHeaders() {
        return routing.maxInjectHeaders();
    }

    @Override
    public boolean randomHeader() {
        return routing.randomHeader();
    }

    @Override
    public int afterHop(int header, int channel) {
        return routing.afterHop(header, channel);
    }

    @Override
    public int afterHop(int header, int inChannel, int channel) {
        return routing.afterHop(header, inChannel, channel);
    }

    @Override
    public boolean allowsVc(int header, int vc) {
        return routing.allowsVc(header, vc);
    }

    @Override
    public String routeName(int header) {
        return routing.routeName(header);
    }

    @Override
    public boolean selfPairsCross() {
        return routing.selfPairsCross();
    }

    @Override
    public int destinationOf(int header) {
        return routing.destinationOf(header);
    }

    @Override
    public int exitNode(int header) {
        return routing.exitNode(header);
    }

    @Override
    public String headerName(int header, Topology topology) {
        return routing.headerName(header, topology);
    }

    @Override
    public String noRouteNote(int node, int inChannel, int header) {
        return routing.noRouteNote(node, inChannel, header);
    }

    @Override
    public boolean translationInvariant() {
        return routing.translationInvariant();
    }

    @Override
    public boolean reflectionInvariant(int dimension) {
        return routing.reflectionInvariant(dimension);
    }

    @Override
    public boolean hasEscape() {
        return routing.hasEscape();
    }

    @Override
    public int escapeCandidates(int node, int inChannel, int header, int[] out) {
        return routing.escapeCandidates(node, inChannel, header, out);
    }
}
