package flowproof.cli;

import flowproof.check.Decision;
import flowproof.check.Flowproof;
import flowproof.check.Options;
import flowproof.cluster.Task;
import flowproof.explore.Verdict;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One spec of {@code verify} checked on a member of a cluster, as {@code check} checks it. The
 * spec travels as its tree in JSON; the counterexample files the member writes (into a folder of
 * its own) travel back with the row, and the member that drives the run writes them where
 * {@code --counterexamples} says.
 *
 * @param source the spec's file on the member that drives the run
 * @param tree   the spec's tree as JSON
 * @param options the search options, without progress reports; {@code saveTo} only says whether to save
 */
record VerifyTask(String source, String tree, long maxStates, double maxSeconds, int threads, boolean symmetry,
                  long maxBytes, long expectedStates, boolean injectionProduct, boolean save, Options.Method method,
                  boolean firstViolation)
    implements Task<VerifyTask.Row> {

    /**
     * What {@code verify} prints and writes about one spec.
     *
     * @param folder       the member's folder the saved files' names in {@code json} begin with, or null
     * @param files        the files saved, by path relative to that folder, with their text
     */
    record Row(Verdict verdict, String method, boolean explored, long states, double seconds, String limit, String json,
               String writeFailure, String folder, Map<String, String> files) implements Serializable {

        private static final long serialVersionUID = 1L;

        /** The JSON with the saved files' paths in {@code dir} instead of the member's own folder. */
        String json(Path dir) {
            return folder == null ? json : json.replace(folder + "/", dir.toString().replace('\\', '/') + "/");
        }
    }

    static VerifyTask of(Spec spec, Options o) {
        return new VerifyTask(spec.source(), spec.tree().toString(), o.maxStates(), o.maxSeconds(), o.threads(),
            o.symmetry(), o.maxBytes(), o.expectedStates(), o.injectionProduct(), o.saveTo() != null, o.method(),
            o.firstViolation());
    }

    @Override
    public Row call() throws IOException {
        Spec spec;
        try {
            spec = SpecReader.fromTree(source, "", Yaml.read(tree));
        } catch (SpecException e) {
            throw new IllegalStateException("the spec sent by the driving member: " + e.getMessage(), e);
        }
        Path dir = save ? Files.createTempDirectory("flowproof-verify") : null;
        try {
            Decision d = Flowproof.check(spec, new Options(maxStates, maxSeconds, threads, symmetry, maxBytes,
                expectedStates, null, injectionProduct, dir, firstViolation, method));
            Map<String, String> files = new LinkedHashMap<>();
            if (dir != null) {
                try (Stream<Path> s = Files.walk(dir)) {
                    for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                        files.put(dir.relativize(p).toString().replace('\\', '/'), Files.readString(p));
                    }
                }
            }
            return new Row(d.verdict(), d.method().key(), d.exploration().isPresent(), d.states(), d.seconds(),
                d.exploration().map(r -> r.limit()).orElse(null), d.json(), d.writeFailure().orElse(null),
                dir == null ? null : dir.toString().replace('\\', '/'), files);
        } finally {
            if (dir != null) {
                delete(dir);
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    @Override
    public String describe() {
        return "verify " + source;
    }

    /** The specs' tasks, in order. */
    static List<VerifyTask> all(List<Spec> specs, Options o) {
        return specs.stream().map(s -> of(s, o)).toList();
    }
}
