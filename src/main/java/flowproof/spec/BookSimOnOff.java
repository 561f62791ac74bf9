package flowproof.spec;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * BookSim's {@code injection_process = on_off} (injection.cpp, {@code OnOffInjectionProcess})
 * as flowproof's {@code injection: {process: on-off}}: every cycle an off source turns on with
 * probability {@code burst_alpha}, an on one off with {@code burst_beta}, then an on source
 * creates a packet with probability {@code burst_r1}; each source starts on or off with
 * probability 1/2. Exactly two of the three are given (0 or more; BookSim's defaults 0.5,
 * 0.5 and -1, "not given") and the third follows from them and the rate, in both tools. A
 * set of parameters BookSim refuses, or one flowproof cannot run (a probability outside
 * [0, 1], a rate while on above 1 flit per cycle), is one line naming the key.
 */
final class BookSimOnOff {

    private BookSimOnOff() {
    }

    /** The three keys, in BookSim's order, and their defaults (booksim_config.cpp). */
    private static final String[] KEYS = {"burst_alpha", "burst_beta", "burst_r1"};
    private static final double[] DEFAULTS = {0.5, 0.5, -1.0};

    /**
     * The {@code simulation.injection} node of an on_off source at {@code load} flits per
     * terminal per cycle, in packets of {@code packet} flits on average.
     */
    static ObjectNode map(String file, Map<String, BookSimConfig.Value> values, double load, double packet)
            throws SpecException {
        double[] v = new double[3];
        int given = 0;
        for (int i = 0; i < 3; i++) {
            BookSimConfig.Value x = values.get(KEYS[i]);
            if (x != null && !x.number()) {
                throw error(file, KEYS[i], "a number (a negative one: derived from the other two)", x.text());
            }
            v[i] = x == null ? DEFAULTS[i] : Double.parseDouble(x.text());
            given += v[i] >= 0 ? 1 : 0;
        }
        if (given != 2) {
            String key = given == 3 ? "burst_r1" : v[0] < 0 ? "burst_alpha" : "burst_beta";
            throw error(file, key, "exactly two of burst_alpha, burst_beta and burst_r1 at 0 or more, the third"
                + " negative (BookSim derives it from the other two and the rate, and refuses any other set)",
                shown(values, key, v[java.util.Arrays.asList(KEYS).indexOf(key)]));
        }
        // BookSim's rate and burst_r1 count packets per cycle
        double rate = load / packet;
        double alpha = v[0] >= 0 ? v[0] : v[1] * rate / (v[2] - rate);
        double beta = v[1] >= 0 ? v[1] : v[0] * (v[2] - rate) / rate;
        double r1 = v[2] >= 0 ? v[2] : rate * (v[0] + v[1]) / v[0];
        check(file, values, "burst_r1", v[2] >= 0, r1, r1 >= rate - 1e-12 && r1 <= 1.0 / packet + 1e-12, "a rate while"
            + " on from the injection rate (" + number(rate) + ") to " + (packet == 1 ? "1 packet" : "1 flit (1/"
            + number(packet) + " packet)") + " per cycle");
        check(file, values, "burst_alpha", v[0] >= 0, alpha, alpha > 0 && alpha <= 1, "a probability in (0, 1] of"
            + " turning on per cycle");
        check(file, values, "burst_beta", v[1] >= 0, beta, beta >= 0 && beta <= 1, "a probability from 0 to 1 of"
            + " turning off per cycle");
        ObjectNode o = JsonNodeFactory.instance.objectNode().put("process", "on-off");
        if (v[0] >= 0) {
            o.put("alpha", v[0]);
        }
        if (v[1] >= 0) {
            o.put("beta", v[1]);
        }
        if (v[2] >= 0) {
            // flowproof's rate while on counts flits
            o.put("on-load", v[2] * packet);
        }
        return o;
    }

    /** Nothing when {@code ok}, else one line naming the parameter (a derived one: injection_process). */
    private static void check(String file, Map<String, BookSimConfig.Value> values, String key, boolean isGiven,
            double x, boolean ok, String expected) throws SpecException {
        if (ok) {
            return;
        }
        if (isGiven) {
            throw error(file, key, expected, values.containsKey(key) ? values.get(key).text()
                : number(x) + " (BookSim's default)");
        }
        throw error(file, "injection_process", "on_off parameters flowproof can run: " + key + ", derived from the"
            + " other two and the injection rate, " + expected, key + " = " + number(x));
    }

    private static String shown(Map<String, BookSimConfig.Value> values, String key, double x) {
        return values.containsKey(key) ? values.get(key).text() : number(x) + " (BookSim's default)";
    }

    private static String number(double x) {
        if (!Double.isFinite(x)) {
            return Double.toString(x);
        }
        return new java.math.BigDecimal(x).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private static SpecException error(String file, String key, String expected, String found) {
        return new SpecException(file, "key " + key, expected, found);
    }
}
