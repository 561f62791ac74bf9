package flowproof.testing;

import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleContract;
import flowproof.spec.Spec;
import flowproof.topology.Network;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on a flow-control rule of your own: the contract every rule must keep
 * ({@link RuleContract}), checked on generated buffer states of the networks you name. Start
 * with {@link FlowproofAssertions#assertThat(FlowControlRule)}:
 *
 * <pre>{@code
 * assertThat(new SlackBubble(2)).satisfiesContractOn(Flowproof.read(Path.of("specs/torus3x3.yaml")));
 * }</pre>
 *
 * A failure lists every broken promise with the rule's class, the check, the move and the
 * buffer state.
 */
public final class RuleAssert extends AbstractAssert<RuleAssert, FlowControlRule> {

    RuleAssert(FlowControlRule actual) {
        super(actual, RuleAssert.class);
    }

    /**
     * The rule keeps the contract on each network: it never admits into a queue without a free
     * slot or what {@code mayUse} forbids, its capability declarations are honest, its declared
     * invariants survive every admitted move and its declared symmetries hold.
     *
     * @param networks the networks to generate buffer states on (at least one)
     * @return this assertion
     */
    public RuleAssert satisfiesContractOn(Network... networks) {
        isNotNull();
        if (networks.length == 0) {
            failWithMessage("Expected at least one network to check %s on, but none was given", actual.name());
        }
        List<String> broken = new ArrayList<>();
        for (Network n : networks) {
            for (RuleContract.Violation v : RuleContract.violations(actual, n)) {
                broken.add(n.topology().describe() + " (vcs " + n.vcs() + ", capacity " + n.capacity() + "): " + v);
            }
        }
        if (!broken.isEmpty()) {
            failWithMessage("Expected %s to keep the flow-control rule contract, but it breaks it:%n  %s",
                RuleContract.label(actual), String.join("\n  ", broken));
        }
        return this;
    }

    /**
     * As {@link #satisfiesContractOn(Network...)}, on the networks of specs (their topology,
     * VCs and capacity; the specs' own rules are not used).
     *
     * @param specs the specs whose networks to check on (at least one)
     * @return this assertion
     */
    public RuleAssert satisfiesContractOn(Spec... specs) {
        Network[] n = new Network[specs.length];
        for (int i = 0; i < specs.length; i++) {
            n[i] = specs[i].network();
        }
        return satisfiesContractOn(n);
    }
}
