package flowproof.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.cdg.ChannelDependencyGraph;
import flowproof.certify.CertificateChecker;
import flowproof.check.Decision;
import flowproof.check.Method;
import flowproof.explore.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jgrapht.traverse.TopologicalOrderIterator;

/**
 * Writes the certificate of a proof ({@code check --certificate FILE}): for a proof by an acyclic
 * channel dependency graph, the queues' topological numbering, with the spec's tree, in the form
 * {@link CertificateChecker} re-validates. Other proofs get no certificate yet, said in one line.
 */
final class Certificates {

    private Certificates() {
    }

    /** The certificate of {@code d}, or null with {@code why[0]} saying why there is none. */
    static ObjectNode of(Decision d, String[] why) {
        if (d.verdict() != Verdict.PROVED) {
            why[0] = "no certificate: the verdict is " + d.verdict().key() + ", not proved";
            return null;
        }
        ChannelDependencyGraph g = d.cdg().orElse(null);
        if (d.method() != Method.CDG || g == null || g.kind() != ChannelDependencyGraph.Kind.FULL) {
            why[0] = "no certificate yet for a proof by method " + d.method().key()
                + (g != null && g.kind() != ChannelDependencyGraph.Kind.FULL ? " (" + g.kind() + " graph)" : "")
                + ": certificates cover proofs by an acyclic full dependency graph";
            return null;
        }
        String uncovered = CertificateChecker.uncovered(d.spec());
        if (uncovered != null) {
            why[0] = "no certificate yet: " + uncovered;
            return null;
        }
        ObjectNode c = new ObjectMapper().createObjectNode();
        c.put("format", "flowproof-certificate");
        c.put("version", 1);
        c.put("kind", "cdg-acyclic");
        c.put("source", d.spec().source());
        c.set("spec", d.spec().tree().deepCopy());
        ObjectNode numbering = c.putObject("numbering");
        List<String> names = CertificateChecker.queueNames(d.spec());
        TopologicalOrderIterator<Integer, ?> it = new TopologicalOrderIterator<>(g.graph());
        int n = 0;
        while (it.hasNext()) {
            numbering.put(names.get(it.next()), n++);
        }
        return c;
    }

    /** Writes {@code d}'s certificate to {@code file}; returns one line on what went wrong, or null. */
    static String write(Decision d, Path file) {
        String[] why = new String[1];
        ObjectNode c = of(d, why);
        if (c == null) {
            return "--certificate: " + why[0];
        }
        try {
            Files.writeString(file, new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(c) + "\n");
        } catch (IOException e) {
            return "--certificate: cannot write " + file + ": " + e.getMessage();
        }
        return null;
    }
}
