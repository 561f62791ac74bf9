/**
 * Routing functions ({@link flowproof.routing.RoutingFunction}: dimension order, minimal
 * adaptive with an escape sub-function, destination tag, turnaround and other tables, turn
 * models, minimal, Valiant and UGAL routing, VC classes ({@link flowproof.routing.VcClassFunction},
 * a spec's table or a user's own) and message classes) and
 * {@link flowproof.routing.QueueRoutes}, the routes at the level of queues (channel x VC,
 * filtered by the rule's VC discipline) that the explorer, the channel dependency graphs and
 * the simulator all take. Every routing error a reachable packet can meet is a
 * {@link flowproof.routing.RoutingException} naming the node, the packet and the channel.
 * Core model layer: depends on {@link flowproof.topology}, {@link flowproof.rule},
 * {@code flowproof.plugin} (factories' parameters) and the root package.
 */
package flowproof.routing;
