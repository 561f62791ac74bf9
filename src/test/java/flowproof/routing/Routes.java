package flowproof.routing;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.List;

/** Follows every candidate of a routing function from injection to exit, checking each step. */
final class Routes {

    private Routes() {
    }

    /** One route: the channels taken and the header on arrival at each hop's target. */
    record Route(int source, int injectHeader, List<Integer> channels, List<Integer> headers) {

        int hops() {
            return channels.size();
        }

        /** The routers visited, source first. */
        List<Integer> nodes(Topology t) {
            List<Integer> nodes = new ArrayList<>();
            nodes.add(source);
            for (int c : channels) {
                nodes.add(t.target(c));
            }
            return nodes;
        }
    }

    /**
     * Every route of a packet from {@code source} to {@code destination}, over every
     * inject header and every candidate, each checked: candidates leave the current
     * router, there is at least one until the packet sits at its exit node, the packet
     * exits at the destination with the plain header, within {@code maxHops} hops.
     */
    static List<Route> all(Topology t, RoutingFunction r, int source, int destination, int maxHops) {
        List<Route> routes = new ArrayList<>();
        int[] heads = new int[r.maxInjectHeaders()];
        int n = r.injectHeaders(source, destination, heads);
        assertThat(n).isBetween(1, r.maxInjectHeaders());
        assertThat(heads[0]).isEqualTo(destination);
        for (int k = 0; k < n; k++) {
            assertThat(heads[k]).isBetween(0, r.headers() - 1);
            assertThat(r.destinationOf(heads[k])).isEqualTo(destination);
            follow(t, r, source, heads[k], source, heads[k], new ArrayList<>(), new ArrayList<>(), maxHops, routes);
        }
        return routes;
    }

    private static void follow(Topology t, RoutingFunction r, int source, int injected, int node, int header,
        List<Integer> channels, List<Integer> headers, int maxHops, List<Route> routes) {
        if (r.exitNode(header) == node) {
            assertThat(node).isEqualTo(r.destinationOf(header));
            routes.add(new Route(source, injected, List.copyOf(channels), List.copyOf(headers)));
            return;
        }
        assertThat(channels.size()).as("hops from %s with %s", t.nodeName(source), r.headerName(injected, t))
            .isLessThan(maxHops);
        int[] out = new int[r.maxCandidates()];
        int in = channels.isEmpty() ? -1 : channels.get(channels.size() - 1);
        int m = r.candidates(node, in, header, out);
        assertThat(m).as("candidates at %s for %s", t.nodeName(node), r.headerName(header, t)).isPositive();
        for (int i = 0; i < m; i++) {
            int c = out[i];
            assertThat(t.source(c)).isEqualTo(node);
            int next = r.afterHop(header, c);
            assertThat(r.destinationOf(next)).isEqualTo(r.destinationOf(header));
            channels.add(c);
            headers.add(next);
            follow(t, r, source, injected, t.target(c), next, channels, headers, maxHops, routes);
            channels.remove(channels.size() - 1);
            headers.remove(headers.size() - 1);
        }
    }

    /** The longest route over every pair of distinct routers, checking every route on the way. */
    static int longest(Topology t, RoutingFunction r, int maxHops) {
        int longest = 0;
        for (int s = 0; s < t.nodes(); s++) {
            for (int d = 0; d < t.nodes(); d++) {
                if (s != d) {
                    for (Route route : all(t, r, s, d, maxHops)) {
                        longest = Math.max(longest, route.hops());
                    }
                }
            }
        }
        return longest;
    }
}
