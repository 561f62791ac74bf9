package flowproof.cli.papers;

/**
 * A claim's status, computed from its rows: reproduced (every row holds), partly (some),
 * not reproduced (none), not run (a run failed, hit a limit, or was never measured).
 */
public enum Status {
    REPRODUCED("reproduced"), PARTLY("partly"), NOT_REPRODUCED("not reproduced"), NOT_RUN("not run");

    private final String text;

    Status(String text) {
        this.text = text;
    }

    @Override
    public String toString() {
        return text;
    }

    /** The status of {@code c} under its measurement ({@code m} null: never measured). */
    public static Status of(Claim c, Measured.Entry m) {
        if (m == null || m.notRun() != null) {
            return NOT_RUN;
        }
        int holding = holding(c, m);
        return holding == c.rows().size() ? REPRODUCED : holding == 0 ? NOT_REPRODUCED : PARTLY;
    }

    /** How many rows of {@code c} hold under {@code m}. */
    static int holding(Claim c, Measured.Entry m) {
        int n = 0;
        for (Claim.Row r : c.rows()) {
            if (holds(r, m)) {
                n++;
            }
        }
        return n;
    }

    /** Whether one row holds. */
    static boolean holds(Claim.Row r, Measured.Entry m) {
        return r.holds().test(r.value().of(m.values()), r.paper());
    }
}
