/**
 * The channel dependency graph ({@link flowproof.cdg.ChannelDependencyGraph}), with Duato's
 * extended graph for escape sub-functions and the consumption dependencies of message
 * classes: an acyclic graph proves a rule where a free slot suffices deadlock-free without
 * enumerating states; a cyclic one proves nothing either way. Engines layer: depends on the
 * core model ({@link flowproof.topology}, {@link flowproof.rule}, {@link flowproof.routing})
 * and jgrapht.
 */
package flowproof.cdg;
