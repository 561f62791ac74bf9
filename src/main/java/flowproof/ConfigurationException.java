package flowproof;

/**
 * A user's configuration is impossible: names the field, what was expected and what was
 * found, so that the spec reader can turn it into one line of the form
 * {@code FILE: FIELD: expected EXPECTED, found FOUND}.
 */
public final class ConfigurationException extends RuntimeException {

    private final String field;
    private final String expected;
    private final String found;

    public ConfigurationException(String field, String expected, String found) {
        super(field + ": expected " + expected + ", found " + found);
        this.field = field;
        this.expected = expected;
        this.found = found;
    }

    public String field() {
        return field;
    }

    public String expected() {
        return expected;
    }

    public String found() {
        return found;
    }
}
