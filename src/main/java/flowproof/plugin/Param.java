package flowproof.plugin;

/**
 * A field a factory reads from its spec mapping, declared so that an unknown field is refused
 * before the factory runs and the spec reference lists it. A field without documentation
 * ({@link #of}) must be documented by the spec reference's own table.
 *
 * @param name         the field's name, e.g. {@code radix}
 * @param type         what the value may be, or null
 * @param defaultValue the value when absent, or {@code required}, or null
 * @param example      a YAML fragment using the field, or null
 * @param meaning      one line, or null
 */
public record Param(String name, String type, String defaultValue, String example, String meaning) {

    /** A field documented by the spec reference's own table. */
    public static Param of(String name) {
        return new Param(name, null, null, null, null);
    }

    /** Whether the field carries its own documentation. */
    public boolean documented() {
        return meaning != null;
    }
}
