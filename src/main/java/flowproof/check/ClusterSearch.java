package flowproof.check;

import flowproof.cluster.MemberTask;
import flowproof.explore.ExplorationResult;
import flowproof.explore.Explorer;
import flowproof.explore.Limits;
import flowproof.explore.distributed.Transport;
import flowproof.spec.Spec;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import flowproof.spec.Yaml;
import java.io.IOException;
import java.util.Locale;

/**
 * The explorer's part on one member of a cluster ({@code explore --cluster}): the spec travels
 * as its tree in JSON (the files it names already embedded by the reader), and every member
 * builds the model from it and runs the partitioned search with the same limits.
 *
 * @param source   the spec's file on the member that drives the run (named in messages)
 * @param tree     the spec's tree as JSON
 * @param states   the state limit
 * @param seconds  the time limit
 * @param bytes    the memory limit of each member
 * @param first    whether to stop at the first violation
 * @param symmetry whether to reduce by symmetry
 */
record ClusterSearch(String source, String tree, long states, double seconds, long bytes, boolean first,
                     boolean symmetry) implements MemberTask<ExplorationResult> {

    @Override
    public ExplorationResult run(Transport transport) {
        Spec spec;
        try {
            spec = SpecReader.fromTree(source, "", Yaml.read(tree));
        } catch (SpecException | IOException e) {
            throw new IllegalStateException("the spec sent by the driving member: " + e.getMessage(), e);
        }
        return new Explorer(spec.model(), spec.effectiveProperties(), new Limits(states, seconds, bytes), first)
            .symmetry(symmetry).member(transport).run();
    }

    @Override
    public String summary(ExplorationResult r) {
        return String.format(Locale.ROOT, "explore %s: %s%s, %,d states, %,d transitions, depth %d", source,
            r.verdict().key(), r.limit() == null ? "" : " (" + r.limit() + ")", r.states(), r.transitions(), r.depth());
    }
}
