package flowproof.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import flowproof.ConfigurationException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Typed reads of a plugin's params, each failure one {@link ConfigurationException} naming the field. */
class PluginParamsTest {

    private static PluginParams params(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return new PluginParams("rule.params", m);
    }

    @Test
    void typedReadsWithDefaults() {
        PluginParams p = params("k", 2, "x", 0.5, "on", true, "mode", "fast", "list", List.of(1, 2));
        assertThat(p.positiveInt("k")).isEqualTo(2);
        assertThat(p.positiveInt("absent", 7)).isEqualTo(7);
        assertThat(p.integer("k", 0, 1, 3)).isEqualTo(2);
        assertThat(p.number("x", 1, 0, 1)).isEqualTo(0.5);
        assertThat(p.number("k", 1, 0, 5)).as("an integer is a number").isEqualTo(2.0);
        assertThat(p.bool("on", false)).isTrue();
        assertThat(p.text("mode")).isEqualTo("fast");
        assertThat(p.choice("mode", "slow", "slow", "fast")).isEqualTo("fast");
        assertThat(p.integers("list")).containsExactly(1, 2);
        p.done();
        assertThat(p.describe()).isEqualTo("k=2, x=0.5, on=true, mode=fast, list=[1, 2]");
    }

    @Test
    void aWrongValueIsOneLineNamingTheField() {
        assertThatThrownBy(() -> params("k", "x").positiveInt("k")).isInstanceOf(ConfigurationException.class)
            .hasMessage("rule.params.k: expected a positive integer, found \"x\"");
        assertThatThrownBy(() -> params("k", 0).positiveInt("k")).hasMessage(
            "rule.params.k: expected a positive integer, found 0");
        assertThatThrownBy(() -> params().positiveInt("k")).hasMessage(
            "rule.params.k: expected a positive integer, found nothing (the parameter is missing)");
        assertThatThrownBy(() -> params("k", 9).integer("k", 1, 0, 3)).hasMessage(
            "rule.params.k: expected an integer in [0, 3], found 9");
        assertThatThrownBy(() -> params("on", "yes").bool("on", false)).hasMessage(
            "rule.params.on: expected true or false, found \"yes\"");
        assertThatThrownBy(() -> params("m", Map.of("a", 1)).text("m")).hasMessage(
            "rule.params.m: expected a non-empty string, found a mapping {a}");
        assertThatThrownBy(() -> params("m", "z").choice("m", "a", "a", "b")).hasMessage(
            "rule.params.m: expected a or b, found \"z\"");
        assertThatThrownBy(() -> params("l", List.of(1, "two")).integers("l")).hasMessage(
            "rule.params.l: expected a list of integers, found [1, \"two\"]");
        assertThatThrownBy(() -> params("x", 2.5).number("x", 0, 0, 1)).hasMessage(
            "rule.params.x: expected a number in [0, 1], found 2.5");
    }

    @Test
    void aParameterNoReadAskedForIsRefused() {
        PluginParams p = params("k", 2, "kk", 3);
        p.positiveInt("k");
        assertThatThrownBy(p::done).hasMessage("rule.params.kk: expected one of the parameters k, found an unknown parameter");
        assertThatThrownBy(params("k", 2)::done).hasMessage(
            "rule.params.k: expected no parameters (the plugin reads none), found an unknown parameter");
        PluginParams q = params("k", 2);
        assertThat(q.has("k")).isTrue();
        q.done();
    }
}
