package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Field access for the spec readers, with errors that name the file and the field (after the prefix). */
final class Fields {
    final String file;
    final String prefix;

    Fields(String file, String prefix) {
        this.file = file;
        this.prefix = prefix;
    }

    SpecException error(String field, String expected, JsonNode found) {
        return new SpecException(file, prefix + field, expected, SpecReader.describe(found));
    }

    SpecException missing(String field, String expected) {
        return new SpecException(file, prefix + field, expected, "nothing (the field is missing)");
    }

    void onlyKnown(String path, JsonNode node, List<String> known) throws SpecException {
        SpecReader.onlyKnownFields(file, prefix + path, node, known);
    }

    String text(JsonNode node, String field, String dflt, boolean required) throws SpecException {
        return text(node, field, field, dflt, required);
    }

    String text(JsonNode node, String path, String field, String dflt, boolean required) throws SpecException {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw missing(path, "a string");
            }
            return dflt;
        }
        if (!v.isTextual() || v.asText().isBlank()) {
            throw error(path, "a non-empty string", v);
        }
        return v.asText();
    }

    int positive(JsonNode node, String field, int dflt, boolean required) throws SpecException {
        return positive(node, field, field, dflt, required);
    }

    int positive(JsonNode node, String path, String field, int dflt, boolean required) throws SpecException {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw missing(path, "a positive integer");
            }
            return dflt;
        }
        if (!v.isInt() || v.asInt() < 1) {
            throw error(path, "a positive integer", v);
        }
        return v.asInt();
    }

    long positiveLong(JsonNode node, String path, String field) throws SpecException {
        JsonNode v = node.get(field);
        if (v == null || !v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 1) {
            throw error(path, "a positive integer", v);
        }
        return v.asLong();
    }
}
