package flowproof.spec;

import com.google.auto.service.AutoService;
import flowproof.ConfigurationException;
import flowproof.plugin.Param;
import flowproof.plugin.PluginParams;
import flowproof.routing.RoutingFactory;
import flowproof.routing.RoutingFunction;
import flowproof.topology.Topology;
import java.util.List;

/**
 * {@code routing: {kind: table, file: routes.yaml}} or {@code {kind: table, routes: [...]}}: a
 * spec's own routing table ({@link GraphFiles#table}), on a graph or a topology of one's own.
 */
final class TableRoutings {

    private TableRoutings() {
    }

    /** The factory named {@code table}. */
    @AutoService(RoutingFactory.class)
    public static final class Factory implements RoutingFactory {
        @Override
        public String name() {
            return "table";
        }

        @Override
        public RoutingFunction create(Topology topology, PluginParams params) {
            if (!params.has("file") && !params.has("routes")) {
                throw new ConfigurationException("routing.file", "a table: routing: {kind: table, file: routes.yaml} or"
                    + " {kind: table, routes: [{at: R, to: D, next: [R2]}, ...]}", "nothing (the field is missing)");
            }
            try {
                return GraphFiles.table(params.source(), params.prefix(), params.mapping(), topology);
            } catch (SpecException e) {
                throw new SpecError(e);
            }
        }

        @Override
        public List<Param> params() {
            return List.of(Param.of("file"), Param.of("routes"), Param.of("hop-limit"), Param.of("loops"));
        }

        @Override
        public String refuses(Topology topology) {
            return topology.takesAnyRouting() ? null : "is for graphs and topologies of your own";
        }
    }
}
