/**
 * Plugins as a user writes them, outside flowproof's packages: a rule (the hybrid bubble), a
 * routing function, a congestion-control scheme, their ServiceLoader factories, and rules that
 * are broken on purpose (to show that {@link flowproof.rule.RuleContract} and the explorer's
 * symmetry check catch them). Specs in {@code src/test/resources/plugins} name them by class.
 */
package example.plugins;
