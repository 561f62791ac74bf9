package flowproof.cli.papers;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One claim of a paper, as its file {@code specs/papers/NNN-short/ID.yaml} states it: the
 * paper's statement, the flowproof runs that measure it (named command lines), the rows that
 * compare the paper's numbers with values selected from those runs' JSON, an optional figure,
 * and the cause of any gap. Its status is never stated: {@link Status#of} computes it.
 *
 * @param file the claim file, as given to the reader
 * @param runs run name to its command line (the normal CLI, without {@code --json}), in file order
 * @param figure null when the claim draws no figure
 * @param cause null when the file gives none
 * @param evidence measured values shown with the cause (the measurements that found it), possibly none
 */
public record Claim(Path file, String id, String paper, String source, String claim, boolean quick,
                    Map<String, String> runs, List<Row> rows, Figure figure, String cause, List<Evidence> evidence) {

    /** A measured value shown beside the cause, not compared with the paper. */
    public record Evidence(String label, Value value) {
    }

    /** Every selector the rows and the evidence read. */
    public List<String> selectors() {
        List<String> all = new java.util.ArrayList<>();
        rows.forEach(r -> all.addAll(r.value().selectors()));
        evidence.forEach(e -> all.addAll(e.value().selectors()));
        return all;
    }

    /**
     * One compared number.
     *
     * @param paper the paper's number, null when the paper gives only a picture or a
     *     qualitative statement (the label then states it)
     * @param value the measured value: a selector, or two joined by {@code /} or {@code -}
     */
    public record Row(String label, Double paper, Value value, Holds holds) {
    }

    /**
     * A figure: our latency-throughput curves (one per scheme of a {@code compare} run, one per
     * {@code sweep} run) with the paper's points overlaid as markers.
     */
    public record Figure(String title, List<String> runs, List<PaperPoints> paper) {
    }

    /**
     * Points read from the paper's figure, in the throughput panel ({@code accepted}) or the
     * latency panel ({@code latency}); x is the offered load.
     */
    public record PaperPoints(String name, boolean latency, double[] x, double[] y) {
    }

    /** The claim's folder name, e.g. {@code 004-cbs}. */
    public String folder() {
        Path parent = file.getParent();
        return parent == null ? paper : parent.getFileName().toString();
    }
}
