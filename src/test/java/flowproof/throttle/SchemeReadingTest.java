package flowproof.throttle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import flowproof.ConfigurationException;
import flowproof.rule.FlowControlRule;
import flowproof.rule.Invariant;
import flowproof.rule.RuleKind;
import flowproof.rule.VirtualCutThrough;
import flowproof.sim.control.Scheme;
import flowproof.topology.Network;
import flowproof.topology.Torus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Reading schemes: {@link Params} (whole numbers given as 3.0, booleans and choices in the
 * description only when they differ from the default), {@link Schemes#read} and
 * {@link Schemes#named} with the inline {@code key(name=value)} form, and each scheme's key
 * and the rule it requires.
 */
class SchemeReadingTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** An 8-ary 1-cube, bidirectional, 1 VC of 4 packet slots. */
    private static final Network RING = new Network(Torus.torus(new int[] {8}, true), 1, 4);

    private static JsonNode yaml(String s) {
        try {
            return YAML.readTree(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stand-in for the spec's rule: the readers ask what its kind's built-in rule declares (rings, marks). */
    private static FlowControlRule ruleOf(RuleKind kind) {
        return new FlowControlRule() {
            @Override
            public int admit(flowproof.rule.BufferView view, int from, int to) {
                return ADMIT;
            }

            @Override
            public Set<Invariant> invariants() {
                return Set.of();
            }

            @Override
            public RuleKind kind() {
                return kind;
            }

            @Override
            public boolean readsRings() {
                return kind.needsRings();
            }

            @Override
            public int marksPerRing() {
                return kind.takesBubbles() ? 1 : 0;
            }
        };
    }

    private static SchemeContext context(Network net, RuleKind kind) {
        return new SchemeContext(net, ruleOf(kind), 32, 8, true);
    }

    private static Scheme read(String control, SchemeContext c) {
        return Schemes.read("simulation.control", yaml(control), c);
    }

    // ------------------------------------------------------------------ Params

    @Test
    void aWholeNumberMayBeWrittenAsADecimalButNotWithAFraction() {
        assertThat(new Params("p", yaml("{x: 3.0}")).integer("x", 1, 0, 10)).isEqualTo(3);
        assertThat(new Params("p", yaml("{x: 3}")).integer("x", 1, 0, 10)).isEqualTo(3);
        assertThatThrownBy(() -> new Params("p", yaml("{x: 2.5}")).integer("x", 1, 0, 10))
            .isInstanceOf(ConfigurationException.class).hasMessageStartingWith("p.x: expected a whole number in [0, 10]");
        assertThatThrownBy(() -> new Params("p", yaml("{x: three}")).integer("x", 1, 0, 10))
            .isInstanceOf(ConfigurationException.class).hasMessageStartingWith("p.x: expected a whole number");
        Params p = new Params("p", yaml("{x: 3.0}"));
        p.integer("x", 1, 0, 10);
        assertThat(p.describe("k")).isEqualTo("k(x=3)");
    }

    @Test
    void booleansAndChoicesAppearInTheDescriptionOnlyWhenTheyDiffer() {
        Params same = new Params("p", yaml("{b: true, c: any}"));
        assertThat(same.bool("b", true)).isTrue();
        assertThat(same.choice("c", "any", "any", "offered")).isEqualTo("any");
        assertThat(same.describe("k")).isEqualTo("k");
        Params other = new Params("p", yaml("{b: false, c: offered}"));
        assertThat(other.bool("b", true)).isFalse();
        assertThat(other.choice("c", "any", "any", "offered")).isEqualTo("offered");
        assertThat(other.describe("k")).isEqualTo("k(b=false, c=offered)");
        Params absent = new Params("p", null);
        assertThat(absent.bool("b", true)).isTrue();
        assertThat(absent.choice("c", "any", "any", "offered")).isEqualTo("any");
        assertThat(absent.describe("k")).isEqualTo("k");
    }

    // ------------------------------------------------------------------ Schemes

    @Test
    void anAbsentControlIsNone() {
        SchemeContext c = context(RING, RuleKind.VCT);
        assertThat(Schemes.read("simulation.control", null, c)).isSameAs(Scheme.NONE);
        assertThat(Schemes.read("simulation.control", yaml("null"), c)).isSameAs(Scheme.NONE);
        assertThat(read("none", c)).isSameAs(Scheme.NONE);
    }

    @Test
    void theInlineFormReadsTheParametersInTheParentheses() {
        SchemeContext c = context(RING, RuleKind.VCT);
        assertThat(Schemes.named("static-threshold(threshold=3)", null, c).describe())
            .isEqualTo("static-threshold(threshold=3)");
        assertThat(Schemes.named("spth(registers=offered; margin=2)", null, c).describe())
            .isEqualTo("spth(margin=2, registers=offered)");
        assertThat(Schemes.named("tune(extrapolate=false)", null, c).describe()).isEqualTo("tune(extrapolate=false)");
        // empty parentheses: the defaults
        Scheme t = Schemes.named("tune()", null, c);
        assertThat(t.key()).isEqualTo("tune");
        assertThat(t.describe()).isEqualTo("tune");
        // a part without a name
        assertThatThrownBy(() -> Schemes.named("tune(=3)", null, c)).isInstanceOf(ConfigurationException.class)
            .hasMessageStartingWith("--schemes: expected KEY(NAME=VALUE, ...)");
        assertThatThrownBy(() -> Schemes.named("tune(gather)", null, c)).isInstanceOf(ConfigurationException.class)
            .hasMessageStartingWith("--schemes: expected KEY(NAME=VALUE, ...)");
        assertThatThrownBy(() -> Schemes.named("tuna", null, c)).isInstanceOf(ConfigurationException.class)
            .hasMessageStartingWith("--schemes: expected schemes among none, ");
    }

    // ------------------------------------------------------------------ keys and required rules

    @Test
    void everySchemeReadsBackUnderItsOwnKey() {
        assertThat(read("spth", context(RING, RuleKind.VCT)).key()).isEqualTo("spth");
        assertThat(read("spth", context(RING, RuleKind.VCT)).toString()).isEqualTo("spth");
        assertThat(read("{kind: spth, margin: 1}", context(RING, RuleKind.VCT)).toString()).isEqualTo("spth(margin=1)");
        assertThat(read("tune", context(RING, RuleKind.VCT)).toString()).isEqualTo("tune");
        assertThat(read("{kind: tune, drop: 0.5}", context(RING, RuleKind.VCT)).toString()).isEqualTo("tune(drop=0.5)");
        assertThat(read("cbs", context(RING, RuleKind.CRITICAL_BUBBLE)).key()).isEqualTo("cbs");
        assertThat(read("cbs-global", context(RING, RuleKind.CRITICAL_BUBBLE)).key()).isEqualTo("cbs-global");
        assertThat(read("best-local", context(RING, RuleKind.LOCALIZED_BUBBLE)).key()).isEqualTo("best-local");
        assertThat(Scheme.NONE.toString()).isEqualTo("none");
    }

    @Test
    void theSingleCriticalBubbleSchemeNeedsTheCriticalBubbleRule() {
        assertThatThrownBy(() -> read("cbs", context(RING, RuleKind.LOCALIZED_BUBBLE)))
            .isInstanceOf(ConfigurationException.class)
            .hasMessageStartingWith("simulation.control.kind: expected rule critical-bubble for scheme cbs");
    }

    @Test
    void bestLocalReplacesOnlyABubbleRuleAndNeedsTwoSlots() {
        for (RuleKind k : new RuleKind[] {RuleKind.CRITICAL_BUBBLE, RuleKind.LOCALIZED_BUBBLE,
            RuleKind.THEORETICAL_BUBBLE}) {
            assertThat(read("best-local", context(RING, k)).describe()).isEqualTo("best-local");
        }
        for (RuleKind k : new RuleKind[] {RuleKind.VCT, RuleKind.DATELINE, RuleKind.VC_PER_HOP}) {
            assertThatThrownBy(() -> read("best-local", context(RING, k))).isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("simulation.control.kind: expected a bubble rule (critical-bubble, "
                    + "localized-bubble, theoretical-bubble) for scheme best-local, which replaces it")
                .hasMessageContaining("rule " + k.key());
        }
        Network two = new Network(Torus.torus(new int[] {8}, true), 1, 2);
        assertThat(read("best-local", context(two, RuleKind.LOCALIZED_BUBBLE)).describe()).isEqualTo("best-local");
        Network one = new Network(Torus.torus(new int[] {8}, true), 1, 1);
        assertThatThrownBy(() -> read("best-local", context(one, RuleKind.LOCALIZED_BUBBLE)))
            .isInstanceOf(ConfigurationException.class)
            .hasMessageContaining("buffers of at least 2 packet slots for scheme best-local");
    }

    @Test
    void theoreticalReplacesABubbleRuleWithTheoreticalBfc() {
        for (RuleKind k : new RuleKind[] {RuleKind.CRITICAL_BUBBLE, RuleKind.LOCALIZED_BUBBLE,
            RuleKind.THEORETICAL_BUBBLE}) {
            var s = read("theoretical", context(RING, k));
            assertThat(s.key()).isEqualTo("theoretical");
            var rule = s.rule(null, RING);
            assertThat(rule.kind()).isEqualTo(RuleKind.THEORETICAL_BUBBLE);
            assertThat(rule.globalReadAtomic()).isTrue();
        }
        assertThat(read("{kind: theoretical, atomic: false}", context(RING, RuleKind.CRITICAL_BUBBLE)).rule(null, RING)
            .globalReadAtomic()).isFalse();
        assertThatThrownBy(() -> read("theoretical", context(RING, RuleKind.DATELINE)))
            .isInstanceOf(ConfigurationException.class)
            .hasMessageStartingWith("simulation.control.kind: expected a bubble rule (critical-bubble, "
                + "localized-bubble, theoretical-bubble) for scheme theoretical, which replaces it");
    }

    // ------------------------------------------------------------------ Tune's parameters

    @Test
    void tuneExposesItsParameters() {
        Tune t = (Tune) read("{kind: tune, drop: 0.5, reset-below: 0.6, resets: 4, local-maxima: false}",
            context(RING, RuleKind.VCT));
        assertThat(t.drop()).isEqualTo(0.5);
        assertThat(t.resetBelow()).isEqualTo(0.6);
        assertThat(t.resets()).isEqualTo(4);
        assertThat(t.localMaxima()).isFalse();
        Tune d = (Tune) read("tune", context(RING, RuleKind.VCT));
        assertThat(d.drop()).isEqualTo(0.75);
        assertThat(d.resetBelow()).isEqualTo(0.75);
        assertThat(d.resets()).isEqualTo(10);
        assertThat(d.localMaxima()).isTrue();
    }

    @Test
    void aZeroFractionOfBuffersIsZeroEvenAsAStep() {
        assertThat(Tune.buffers(0, 3072, true)).isZero();
        assertThat(Tune.buffers(0, 3072, false)).isZero();
        // a positive step is at least one buffer
        assertThat(Tune.buffers(0.0001, 3072, true)).isEqualTo(1);
        assertThat(Tune.buffers(0.0001, 3072, false)).isZero();
        assertThat(Tune.buffers(0.01, 3072, true)).isEqualTo(30);
    }

    @Test
    void theSpecRuleIsKeptByTheSchemesThatAreNotRules() {
        FlowControlRule spec = new VirtualCutThrough();
        for (String key : new String[] {"static-threshold", "tune", "spth", "alo"}) {
            assertThat(read(key, context(RING, RuleKind.VCT)).rule(spec, RING)).as(key).isSameAs(spec);
        }
    }
}
