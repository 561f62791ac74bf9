package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;

/** What the schemes that reserve class VCs ({@link ReservedClassVcs}: CBCM, ECN, ideal) require of a network. */
final class ClassVcs {

    private ClassVcs() {
    }

    /** Checks that {@code network} leaves a normal VC beside {@code k} class VCs. */
    static void requireVcs(Params p, SchemeContext c, String key, int k) {
        if (c.network().vcs() <= k) {
            throw p.bad("kind", "at least " + (k + 1) + " VCs for scheme " + key + " (" + k
                + " reserved class VC" + (k == 1 ? "" : "s") + " and one normal VC)", c.network().vcs() + " VCs");
        }
        if (c.rule().readsRings()) {
            throw p.bad("kind", "a rule without ring invariants for scheme " + key, "rule " + c.rule().name());
        }
    }
}
