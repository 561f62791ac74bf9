/**
 * Plugins as a user writes them, outside flowproof's packages: a rule (the hybrid bubble), a
 * routing function, a congestion-control scheme, topologies (an irregular network given by its
 * links, a ring that declares its rings and translations) and VC-class functions (the dateline,
 * a class per route), their ServiceLoader factories, and rules, topologies and class functions
 * that are broken on purpose (to show that {@link flowproof.rule.RuleContract},
 * {@link flowproof.topology.TopologyContract}, the channel dependency graph and the explorer's
 * symmetry check catch them). Specs in {@code src/test/resources/plugins} name them.
 */
package example.plugins;
