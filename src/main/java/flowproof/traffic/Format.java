package flowproof.traffic;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Text for workload descriptions. */
final class Format {

    private Format() {
    }

    /**
     * A rate or fraction with at least two decimals and at most six, without trailing
     * zeros beyond the second: {@code 0.30}, {@code 0.275}, {@code 0.00067}.
     */
    static String number(double x) {
        BigDecimal d = BigDecimal.valueOf(x).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
        if (d.scale() < 2) {
            d = d.setScale(2, RoundingMode.UNNECESSARY);
        }
        return d.toPlainString();
    }

    /** A number without trailing zeros: {@code 1500}, {@code 15.5}. */
    static String plain(double x) {
        return BigDecimal.valueOf(x).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    }

    /** Increasing terminals as ranges: {@code 0-39,44,46-47}. */
    static String terminals(int[] sorted) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < sorted.length) {
            int j = i;
            while (j + 1 < sorted.length && sorted[j + 1] == sorted[j] + 1) {
                j++;
            }
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(sorted[i]);
            if (j > i) {
                b.append('-').append(sorted[j]);
            }
            i = j + 1;
        }
        return b.toString();
    }
}
