package example.plugins;

import flowproof.plugin.PluginParams;
import flowproof.routing.VcClassFunction;
import java.util.ArrayList;
import java.util.List;

/**
 * A user's VC-class function: one class per route name the routing function gives at the source
 * ({@code routes: [xy, yx]}: XY packets in class 0, YX packets in class 1, all the way), as the
 * table {@code vc-classes: {classes: 2, start: {xy: 0, yx: 1}}}. Registered as {@code route-order}.
 */
public final class RouteOrderClasses implements VcClassFunction {

    private final List<String> routes;

    public RouteOrderClasses(PluginParams params) {
        Object given = params.value("routes");
        if (!(given instanceof List<?> list) || list.isEmpty() || !list.stream().allMatch(o -> o instanceof String)
            || list.stream().distinct().count() != list.size()) {
            throw params.bad("routes", "a list of distinct route names, e.g. [xy, yx]");
        }
        routes = new ArrayList<>();
        list.forEach(o -> routes.add((String) o));
    }

    @Override
    public int classes() {
        return routes.size();
    }

    /** The route's place in the list; -1 (no class) for a route the list does not name. */
    @Override
    public int startClass(String route, int source, int destination) {
        return routes.indexOf(route);
    }

    @Override
    public int afterHop(Hop hop) {
        return hop.vcClass();
    }

    @Override
    public String describe() {
        return routes.size() + " VC classes by route (" + String.join(", ", routes) + ")";
    }
}
