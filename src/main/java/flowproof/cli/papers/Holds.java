package flowproof.cli.papers;

import java.util.Locale;

/**
 * What must hold for a row of a claim to count as reproduced: the measured value within a
 * relative tolerance of the paper's ({@code within 10%}), or in a relation to a constant
 * ({@code > 1.5}, {@code >= 0.9}, {@code < 0.6}, {@code <= 1}, {@code between 0.9 and 1.1}).
 */
public record Holds(Kind kind, double a, double b) {

    /** The forms of a condition. */
    public enum Kind { WITHIN, GT, GE, LT, LE, BETWEEN }

    /** The syntax, as error messages quote it. */
    static final String SYNTAX = "'within P%', '> X', '>= X', '< X', '<= X' or 'between X and Y'";

    /** Parses a condition, or returns null when {@code text} is none of {@link #SYNTAX}. */
    static Holds parse(String text) {
        String t = text.trim();
        try {
            if (t.startsWith("within ") && t.endsWith("%")) {
                double p = Double.parseDouble(t.substring(7, t.length() - 1).trim());
                return p >= 0 ? new Holds(Kind.WITHIN, p / 100, 0) : null;
            }
            if (t.startsWith("between ")) {
                String[] p = t.substring(8).split(" and ");
                if (p.length != 2) {
                    return null;
                }
                double lo = Double.parseDouble(p[0].trim());
                double hi = Double.parseDouble(p[1].trim());
                return lo <= hi ? new Holds(Kind.BETWEEN, lo, hi) : null;
            }
            for (Kind k : new Kind[] {Kind.GE, Kind.LE, Kind.GT, Kind.LT}) {
                String op = op(k);
                if (t.startsWith(op)) {
                    double x = Double.parseDouble(t.substring(op.length()).trim());
                    return Double.isFinite(x) ? new Holds(k, x, 0) : null;
                }
            }
        } catch (NumberFormatException e) {
            return null;
        }
        return null;
    }

    private static String op(Kind k) {
        return switch (k) {
            case GT -> ">";
            case GE -> ">=";
            case LT -> "<";
            case LE -> "<=";
            default -> throw new IllegalArgumentException(k.name());
        };
    }

    /** Whether a condition of this kind needs the paper's number. */
    boolean needsPaper() {
        return kind == Kind.WITHIN;
    }

    /** Whether {@code measured} satisfies this condition ({@code paper} is used by {@code within} only). */
    boolean test(double measured, Double paper) {
        if (!Double.isFinite(measured)) {
            return false;
        }
        return switch (kind) {
            case WITHIN -> Math.abs(measured - paper) <= a * Math.abs(paper) + 1e-12;
            case GT -> measured > a;
            case GE -> measured >= a;
            case LT -> measured < a;
            case LE -> measured <= a;
            case BETWEEN -> measured >= a && measured <= b;
        };
    }

    @Override
    public String toString() {
        return switch (kind) {
            case WITHIN -> "within " + Numbers.plain(a * 100) + "%";
            case BETWEEN -> "between " + Numbers.plain(a) + " and " + Numbers.plain(b);
            default -> op(kind) + " " + Numbers.plain(a);
        };
    }

    /** Number formatting shared by the renderer. */
    static final class Numbers {
        private Numbers() {
        }

        /** A number as written, without exponent or trailing zeros. */
        static String plain(double x) {
            return new java.math.BigDecimal(Double.toString(x)).stripTrailingZeros().toPlainString();
        }

        /** A measured value to four significant digits, without exponent. */
        static String measured(double x) {
            if (!Double.isFinite(x)) {
                return "-";
            }
            if (x == Math.rint(x) && Math.abs(x) < 1e9) {
                return String.format(Locale.ROOT, "%d", (long) x);
            }
            return new java.math.BigDecimal(x).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
        }
    }
}
