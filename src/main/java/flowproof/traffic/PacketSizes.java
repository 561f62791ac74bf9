package flowproof.traffic;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Packet sizes in flits: one fixed size, or a distribution over a few sizes drawn per
 * packet ({@code packet-size: {sizes: [4, 16], weights: [0.5, 0.5]}}; weights are
 * normalized). Immutable.
 */
final class PacketSizes {

    private final int[] sizes;
    /** Cumulative normalized weights; the last is exactly 1. */
    private final double[] cumulative;
    private final double mean;
    private final int max;

    private PacketSizes(int[] sizes, double[] weights) {
        this.sizes = sizes.clone();
        double total = Arrays.stream(weights).sum();
        this.cumulative = new double[sizes.length];
        double sum = 0;
        double m = 0;
        for (int i = 0; i < sizes.length; i++) {
            sum += weights[i];
            cumulative[i] = sum / total;
            m += sizes[i] * weights[i] / total;
        }
        cumulative[sizes.length - 1] = 1.0;
        this.mean = sizes.length == 1 ? sizes[0] : m;
        this.max = Arrays.stream(sizes).max().orElseThrow();
    }

    static PacketSizes fixed(int size) {
        return new PacketSizes(new int[] {size}, new double[] {1});
    }

    /** Sizes (positive) with positive weights of the same length. */
    static PacketSizes weighted(int[] sizes, double[] weights) {
        return new PacketSizes(sizes, weights);
    }

    boolean isFixed() {
        return sizes.length == 1;
    }

    double mean() {
        return mean;
    }

    int max() {
        return max;
    }

    /** The size of a packet; draws from {@code random} only when sizes vary. */
    int draw(SplittableRandom random) {
        if (sizes.length == 1) {
            return sizes[0];
        }
        double u = random.nextDouble();
        int i = 0;
        while (u >= cumulative[i]) {
            i++;
        }
        return sizes[i];
    }

    /** {@code 8-flit packets} or {@code 4- or 16-flit packets (mean 10.00)}. */
    String describe() {
        if (sizes.length == 1) {
            return sizes[0] + "-flit packets";
        }
        String list = IntStream.range(0, sizes.length).mapToObj(i -> sizes[i] + (i < sizes.length - 1 ? "-" : ""))
            .collect(Collectors.joining(sizes.length == 2 ? " or " : ", "));
        return list + "-flit packets (mean " + Format.number(mean) + ")";
    }
}
