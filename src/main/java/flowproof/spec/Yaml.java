package flowproof.spec;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import com.fasterxml.jackson.core.JsonLocation;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads YAML (and JSON, a subset of it) into a Jackson tree, as every flowproof reader of
 * specs does. Jackson's tree reader does not resolve aliases (an alias {@code *one} reads as
 * the string "one", and its parser loses the anchors of scalars); here an alias stands for a
 * copy of the node its anchor names ({@code capacity: *one}), a merge key
 * ({@code <<: *base}) adds the anchored mapping's fields the mapping does not set itself, and
 * an alias with no anchor before it is an error. Duplicate keys are errors too. A document
 * without aliases is read by Jackson alone; one with aliases is first resolved by SnakeYAML's
 * composer (the parser Jackson itself uses).
 */
public final class Yaml {

    private static final YAMLFactory FACTORY = YAMLFactory.builder()
        .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String MERGE = "<<";
    /** Most nodes a document may expand to, aliases copied: a few aliases of aliases can otherwise make billions. */
    static final long MAX_NODES = 1_000_000;
    private static final String SECOND_DOCUMENT = "a second YAML document (after ---): a file holds one";

    private Yaml() {
    }

    /**
     * The document of {@code text} as a tree ({@link MissingNode} when there is none).
     *
     * @throws com.fasterxml.jackson.core.JsonProcessingException for text that is not YAML, a
     *     duplicate key, an undefined alias or a second document (with the line and column)
     */
    public static JsonNode read(String text) throws IOException {
        try {
            return tree(text);
        } catch (AliasFound e) {
            return tree(withoutAliases(text));
        }
    }

    private static JsonNode tree(String text) throws IOException {
        try (YAMLParser p = (YAMLParser) FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                return MissingNode.getInstance();
            }
            JsonNode root = node(p, new long[] {MAX_NODES});
            if (p.nextToken() != null) {
                // Jackson would stop at the first document and drop the rest without a word
                throw new JsonParseException(p, SECOND_DOCUMENT);
            }
            return root;
        }
    }

    /** Thrown by the first pass at the first alias: the document then goes through {@link #withoutAliases}. */
    private static final class AliasFound extends RuntimeException {
        AliasFound() {
            super(null, null, false, false);
        }
    }

    /**
     * The document with every alias replaced by a copy of its anchor's node, by SnakeYAML's
     * composer (which resolves aliases and rejects undefined ones; Jackson's parser loses the
     * anchors of scalars), written back as YAML with the scalars' tags and styles kept.
     */
    static String withoutAliases(String text) throws IOException {
        org.yaml.snakeyaml.LoaderOptions options = new org.yaml.snakeyaml.LoaderOptions();
        org.yaml.snakeyaml.Yaml yaml = new org.yaml.snakeyaml.Yaml(options);
        Node root;
        try {
            root = yaml.compose(new StringReader(text));
        } catch (org.yaml.snakeyaml.error.MarkedYAMLException e) {
            org.yaml.snakeyaml.error.Mark m = e.getProblemMark();
            String problem = e.getProblem() == null ? "not valid YAML"
                : e.getProblem().contains("found another document") ? SECOND_DOCUMENT : e.getProblem();
            throw new JsonParseException(null, problem.replace("found undefined alias ", "undefined alias *"),
                m == null ? JsonLocation.NA : new JsonLocation(null, -1, m.getLine() + 1, m.getColumn() + 1));
        } catch (org.yaml.snakeyaml.error.YAMLException e) {
            throw new JsonParseException(null, String.valueOf(e.getMessage()).lines().findFirst().orElse("not valid YAML"));
        }
        if (root == null) {
            return "";
        }
        StringWriter out = new StringWriter();
        yaml.serialize(copy(root, new long[] {MAX_NODES}), out);
        return out.toString();
    }

    /** A copy of {@code n} that shares no node (so that it serializes without anchors and aliases). */
    private static Node copy(Node n, long[] budget) throws JsonParseException {
        if (--budget[0] < 0) {
            throw new JsonParseException(null, "the aliases expand to more than " + MAX_NODES + " values");
        }
        if (n instanceof ScalarNode s) {
            return new ScalarNode(s.getTag(), s.getValue(), s.getStartMark(), s.getEndMark(), s.getScalarStyle());
        }
        if (n instanceof SequenceNode q) {
            List<Node> items = new ArrayList<>();
            for (Node c : q.getValue()) {
                items.add(copy(c, budget));
            }
            return new SequenceNode(q.getTag(), items, q.getFlowStyle());
        }
        MappingNode m = (MappingNode) n;
        List<NodeTuple> tuples = new ArrayList<>();
        for (NodeTuple t : m.getValue()) {
            tuples.add(new NodeTuple(copy(t.getKeyNode(), budget), copy(t.getValueNode(), budget)));
        }
        return new MappingNode(m.getTag(), tuples, m.getFlowStyle());
    }

    private static JsonNode node(YAMLParser p, long[] budget) throws IOException {
        if (p.isCurrentAlias()) {
            throw new AliasFound();
        }
        if (--budget[0] < 0) {
            throw new JsonParseException(p, "the aliases expand to more than " + MAX_NODES + " values");
        }
        JsonNode n;
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                ObjectNode o = NODES.objectNode();
                List<JsonNode> merged = new ArrayList<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    p.nextToken();
                    JsonNode v = node(p, budget);
                    if (MERGE.equals(key)) {
                        merged.add(v);
                    } else {
                        o.set(key, v);
                    }
                }
                for (JsonNode m : merged) {
                    for (JsonNode part : m.isArray() ? m : List.of(m)) {
                        if (!part.isObject()) {
                            throw new JsonParseException(p, "a merge key (<<) takes a mapping or a list of mappings,"
                                + " found " + SpecReader.describe(part));
                        }
                        part.fields().forEachRemaining(e -> {
                            if (!o.has(e.getKey())) {
                                o.set(e.getKey(), e.getValue());
                            }
                        });
                    }
                }
                n = o;
            }
            case START_ARRAY -> {
                ArrayNode a = NODES.arrayNode();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    a.add(node(p, budget));
                }
                n = a;
            }
            case VALUE_STRING -> n = NODES.textNode(p.getText());
            case VALUE_NUMBER_INT -> n = switch (p.getNumberType()) {
                case INT -> NODES.numberNode(p.getIntValue());
                case LONG -> NODES.numberNode(p.getLongValue());
                default -> NODES.numberNode(p.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> n = NODES.numberNode(p.getDoubleValue());
            case VALUE_TRUE -> n = NODES.booleanNode(true);
            case VALUE_FALSE -> n = NODES.booleanNode(false);
            case VALUE_NULL -> n = NODES.nullNode();
            default -> n = NODES.textNode(p.getText());
        }
        return n;
    }
}
