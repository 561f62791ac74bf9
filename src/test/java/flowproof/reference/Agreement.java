package flowproof.reference;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.PropertyStatus;
import flowproof.explore.Trace;
import flowproof.spec.Spec;

/**
 * The comparison every test against the reference enumerator makes: the explorer, run to
 * completion on a spec, and the reference on its own description of the same model reach the
 * same number of states, the same stuck-freedom and drainability verdicts, and the same
 * shortest stuck depth.
 */
public final class Agreement {

    private Agreement() {}

    /** Explores {@code spec} and enumerates {@code reference}; {@code what} names the case in failures. */
    public static void assertAgrees(Object what, Spec spec, ReferenceEnumerator.Config reference) {
        ExplorationResult r = new Explorer(spec.model(), spec.effectiveProperties(), Limits.defaults(), false).run();
        ReferenceEnumerator.Result ref = ReferenceEnumerator.enumerate(reference);
        assertThat(r.complete()).as("complete: %s", what).isTrue();
        assertThat(r.states()).as("states of %s", what).isEqualTo(ref.states());
        assertThat(r.properties().get(Property.STUCK_FREEDOM) == PropertyStatus.VIOLATED)
            .as("stuck of %s", what).isEqualTo(ref.stuckStateReachable());
        assertThat(r.properties().get(Property.DRAINABILITY) == PropertyStatus.HOLDS)
            .as("drainable of %s", what).isEqualTo(ref.allStatesDrainable());
        Trace stuck = r.traces().get(Property.STUCK_FREEDOM);
        assertThat(stuck == null ? -1 : stuck.length()).as("shortest stuck depth of %s", what)
            .isEqualTo(ref.shortestStuckDepth());
    }
}
