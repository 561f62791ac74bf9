/**
 * Flow-control rules, written once against a read-only {@link flowproof.rule.BufferView} and
 * called by every engine: {@link flowproof.rule.FlowControlRule} and the built-in rules
 * (virtual cut-through, dateline, VC per hop, the theoretical, localized and critical
 * bubbles, escape VCs, mixed rules), with the invariants they claim
 * ({@link flowproof.rule.Invariant}, each defined once as linear
 * {@link flowproof.rule.Condition}s that the explorer evaluates and the CP-SAT prover
 * encodes). A rule judges one move without side effects and reports
 * the update it needs (a critical mark moving backwards) as a return code for the engine to
 * apply. Core model layer: depends on {@link flowproof.topology} and the root package only.
 */
package flowproof.rule;
