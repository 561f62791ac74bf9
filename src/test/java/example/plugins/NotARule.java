package example.plugins;

/** Implements no flowproof interface: a spec naming it as a rule is refused. */
public final class NotARule {
}
