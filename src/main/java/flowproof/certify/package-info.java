/**
 * Certificates of proofs and their independent checker (issue 44). A certificate carries the
 * spec it proves (its tree) and the argument: for an acyclic channel dependency graph, a numbering
 * of the queues that every dependency increases. {@link flowproof.certify.CertificateChecker}
 * re-validates it sharing with the engines only the model (topology, routing function, rule, the
 * traffic's pairs): it enumerates the dependencies itself, from the routing function's candidates
 * and the rule's VC discipline, without the dependency graph builder, the explorer or the solver.
 */
package flowproof.certify;
