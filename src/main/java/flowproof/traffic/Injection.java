package flowproof.traffic;

import java.util.List;
import java.util.stream.Collectors;

/**
 * When terminals create packets: the injection process of a workload. Rates are in
 * flits per terminal per cycle; a terminal creates a packet in a cycle with probability
 * rate / mean packet size. Immutable.
 */
sealed interface Injection {

    /** Whether {@code --load} applies (and {@link #atLoad} may be called). */
    default boolean takesLoad() {
        return false;
    }

    /** The same process at another load: the Bernoulli rate or the ramp's top rate. */
    default Injection atLoad(double load) {
        throw new IllegalStateException(this + " takes no load");
    }

    /** e.g. {@code bernoulli 0.30 flits/node/cycle}. */
    String describe(PacketSizes sizes);

    /** Every cycle, a packet with probability load / mean packet size (default). */
    record Bernoulli(double load) implements Injection {
        @Override
        public boolean takesLoad() {
            return true;
        }

        @Override
        public Injection atLoad(double load) {
            return new Bernoulli(load);
        }

        @Override
        public String describe(PacketSizes sizes) {
            return "bernoulli " + Format.number(load) + " flits/node/cycle";
        }
    }

    /**
     * Bernoulli with a rate rising linearly from {@code from} at cycle 0 to {@code to} at
     * cycle {@code cycles}, then staying at {@code to}: SPTh's ramp method for the critical
     * load (0 to 0.275 over 2.75 M cycles).
     */
    record Ramp(double from, double to, long cycles) implements Injection {
        @Override
        public boolean takesLoad() {
            return true;
        }

        @Override
        public Injection atLoad(double load) {
            return new Ramp(from, load, cycles);
        }

        /** The rate at a cycle. */
        double rate(long cycle) {
            return cycle >= cycles ? to : cycle <= 0 ? from : from + (to - from) * ((double) cycle / cycles);
        }

        @Override
        public String describe(PacketSizes sizes) {
            return "ramp " + Format.number(from) + " to " + Format.number(to) + " flits/node/cycle over " + cycles
                + " cycles";
        }
    }

    /**
     * One phase of a bursty process: {@code cycles} long, Bernoulli at a rate given either
     * as {@code load} (flits/terminal/cycle) or as one packet every {@code every} cycles on
     * average ({@code every} &gt; 0 wins), with a list of patterns: the i-th occurrence
     * of the phase uses pattern i mod n.
     */
    record Phase(long cycles, double load, double every, List<Destinations> traffic) {
        /** Packets per terminal per cycle. */
        double probability(PacketSizes sizes) {
            return every > 0 ? 1 / every : load / sizes.mean();
        }

        /** Flits per terminal per cycle. */
        double rate(PacketSizes sizes) {
            return every > 0 ? sizes.mean() / every : load;
        }

        String describe() {
            String rate = every > 0 ? "one packet every " + Format.plain(every) + " cycles"
                : Format.number(load) + " flits/node/cycle";
            String patterns = traffic.stream().map(Destinations::describe).collect(Collectors.joining(" | "));
            return cycles + " cycles " + (traffic.size() > 1 ? "[" + patterns + "] (one per burst)" : patterns)
                + " at " + rate;
        }
    }

    /**
     * Phases repeated cyclically (Tune's bursty load: one packet per 1,500 cycles uniform,
     * then one per 15 cycles with a pattern that changes every burst). Its rates are its
     * own: it takes no load.
     */
    record Bursty(List<Phase> phases) implements Injection {
        long period() {
            return phases.stream().mapToLong(Phase::cycles).sum();
        }

        @Override
        public String describe(PacketSizes sizes) {
            return "bursty: " + phases.stream().map(Phase::describe).collect(Collectors.joining(", then "));
        }
    }

    /** Every terminal creates {@code packets} packets at cycle 0 and none later (SPTh's collective). */
    record Collective(int packets) implements Injection {
        @Override
        public String describe(PacketSizes sizes) {
            return "collective " + packets + " packet" + (packets == 1 ? "" : "s") + " per terminal at cycle 0";
        }
    }
}
