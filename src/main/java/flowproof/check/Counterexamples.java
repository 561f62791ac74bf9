package flowproof.check;

import flowproof.explore.Property;
import flowproof.explore.Trace;
import flowproof.report.OutputFile;
import flowproof.report.Picture;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.Spec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Saves a decision's traces as counterexample files: for each, in the order of
 * {@link Decision#traces()}, the JSON file {@code replay} reads and a text file beside it with
 * the trace drawn (and, for a trace CP-SAT's configuration led to, how it was found), each
 * written atomically. A file that cannot be written does not stop the others; the first such
 * failure is the decision's {@link Decision#writeFailure()}.
 */
final class Counterexamples {

    private Counterexamples() {
    }

    /**
     * @param d   a decision, nothing saved yet
     * @param dir where to write, or null not to write
     * @return the decision with what was written
     * @throws IOException when writing fails for a reason other than the folder (an {@link OutputFile.Failure})
     */
    static Decision save(Decision d, Path dir) throws IOException {
        if (dir == null) {
            return d;
        }
        Spec spec = d.spec();
        Evidence.Proof proof = d.evidence().proof();
        Map<Property, String> files = new LinkedHashMap<>();
        String failure = null;
        for (Trace t : d.traces().values()) {
            String how = proof != null && proof.reach() != null && proof.reach().trace() == t ? proof.found() : null;
            Path json = dir.resolve(CounterexampleFile.fileName(spec, t.property()));
            try {
                CounterexampleFile.write(json, spec, t);
                OutputFile.write(Path.of(json.toString().replaceAll("\\.json$", ".txt")), spec.name() + ": "
                    + spec.model().describe() + "\n" + (how == null ? "" : how + "\n") + Picture.trace(spec.model(), t));
                files.put(t.property(), json.toString().replace('\\', '/'));
            } catch (OutputFile.Failure e) {
                failure = failure != null ? failure : "--counterexamples: " + e.getMessage();
            }
        }
        return Decision.of(d.kind(), spec, d.evidence(), new Decision.Saved(files, failure));
    }
}
