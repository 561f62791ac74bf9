package flowproof.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.Property;
import flowproof.explore.Trace;
import flowproof.report.Picture;
import flowproof.report.ResultJson;
import flowproof.report.ResultText;
import flowproof.spec.CounterexampleFile;
import flowproof.spec.Spec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/** Runs the explorer on a spec, saves counterexamples and formats the result. */
final class Checker {

    record Outcome(Spec spec, ExplorationResult result, Map<Property, String> saved) {
        String text() {
            return ResultText.of(spec.source(), spec.name(), spec.traffic(), result, spec.expect(), saved);
        }

        ObjectNode json() {
            return ResultJson.of(spec.source(), spec.name(), result, spec.expect(), saved);
        }
    }

    private Checker() {
    }

    /**
     * @param saveDir where to write counterexamples, or null not to write them
     * @param states  overrides the spec's state limit when > 0
     * @param seconds overrides the spec's time limit when > 0
     */
    static Outcome check(Spec spec, Path saveDir, long states, double seconds, boolean first) throws IOException {
        Limits l = spec.limits();
        Limits limits = new Limits(states > 0 ? states : l.states(), seconds > 0 ? seconds : l.seconds(), l.bytes());
        ExplorationResult r = new Explorer(spec.model(), spec.effectiveProperties(), limits, first).run();
        Map<Property, String> saved = new EnumMap<>(Property.class);
        if (saveDir != null) {
            for (Trace t : r.traces().values()) {
                Path json = saveDir.resolve(CounterexampleFile.fileName(spec, t.property()));
                CounterexampleFile.write(json, spec, t);
                String txt = json.toString().replaceAll("\\.json$", ".txt");
                Files.writeString(Path.of(txt), spec.name() + ": " + spec.model().describe() + "\n"
                    + Picture.trace(spec.model(), t));
                saved.put(t.property(), json.toString().replace('\\', '/'));
            }
        }
        return new Outcome(spec, r, saved);
    }
}
