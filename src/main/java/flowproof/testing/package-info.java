/**
 * Test support for users' own builds: AssertJ assertions on decisions
 * ({@link flowproof.testing.FlowproofAssertions}), a JUnit 5 regression suite of spec and
 * counterexample folders ({@link flowproof.testing.SpecSuite}), the rule contract as an
 * assertion, and QuickTheories generators of traffic scripts
 * ({@link flowproof.testing.TrafficScripts}).
 *
 * <p>Layer: top, beside the command line. It may depend on everything below it, and it is
 * the only package that may use JUnit, AssertJ and QuickTheories, which flowproof declares
 * in {@code provided} scope: users bring them in their test scope.
 */
package flowproof.testing;
