package flowproof.topology;

/**
 * A permutation of a topology's nodes and channels that maps every channel from u to v
 * onto a channel from {@code nodes[u]} to {@code nodes[v]}: {@code nodes[node]} and
 * {@code channels[channel]} are the images. Virtual channels are not part of it (a queue's
 * VC index is unchanged). Arrays are owned by the record; do not modify.
 *
 * @param name a short human name, e.g. {@code reflect d0}
 */
public record Automorphism(String name, int[] nodes, int[] channels) {

    /** Checks that the channel map is a bijection that agrees with the node map on every endpoint. */
    public Automorphism {
        boolean[] hit = new boolean[channels.length];
        for (int c = 0; c < channels.length; c++) {
            int image = channels[c];
            if (image < 0 || image >= channels.length || hit[image]) {
                throw new IllegalArgumentException(name + ": the channel map is not a permutation");
            }
            hit[image] = true;
        }
    }

    /** Throws unless this maps every channel of {@code top} from u to v onto one from nodes[u] to nodes[v]. */
    public Automorphism checkedOn(Topology top) {
        for (int c = 0; c < top.channels(); c++) {
            int image = channels[c];
            if (top.source(image) != nodes[top.source(c)] || top.target(image) != nodes[top.target(c)]
                || top.dimension(image) != top.dimension(c)) {
                throw new IllegalStateException(top.describe() + ": " + name + " maps channel "
                    + top.channelName(c) + " to " + top.channelName(image) + ", which does not join the images of its ends");
            }
        }
        return this;
    }
}
