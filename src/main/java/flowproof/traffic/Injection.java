package flowproof.traffic;

import flowproof.ConfigurationException;
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

    /**
     * A two-state Markov (on-off) process per terminal, BookSim's {@code on_off}: every cycle
     * an off terminal turns on with probability {@code alpha} and an on terminal turns off
     * with probability {@code beta}; then an on terminal creates a packet with probability
     * {@code onLoad} / mean packet size. On average a terminal is on alpha / (alpha + beta) of
     * the cycles, so the mean rate is {@code load}; bursts last 1 / beta cycles on average.
     * Exactly two of {@code alpha}, {@code beta}, {@code onLoad} are given (NaN: derived from
     * the other two and {@code load}, as BookSim derives its missing parameter). Each terminal
     * starts on or off with probability 1/2, as BookSim's.
     */
    record OnOff(double load, double alpha, double beta, double onLoad) implements Injection {

        /** The field the parameters are written under, for errors. */
        static final String FIELD = "simulation.injection";

        public OnOff {
            int given = (Double.isNaN(alpha) ? 0 : 1) + (Double.isNaN(beta) ? 0 : 1) + (Double.isNaN(onLoad) ? 0 : 1);
            if (given != 2) {
                throw new ConfigurationException(FIELD, "exactly two of alpha, beta and on-load (the third follows"
                    + " from them and the load, as in BookSim)", given + " of them");
            }
        }

        @Override
        public boolean takesLoad() {
            return true;
        }

        @Override
        public Injection atLoad(double load) {
            OnOff o = new OnOff(load, alpha, beta, onLoad);
            o.check();
            return o;
        }

        /** The probability of turning on, per cycle, while off. */
        double onProbability() {
            return Double.isNaN(alpha) ? beta * load / (onLoad - load) : alpha;
        }

        /** The probability of turning off, per cycle, while on. */
        double offProbability() {
            return Double.isNaN(beta) ? alpha * (onLoad - load) / load : beta;
        }

        /** The rate while on, flits per terminal per cycle. */
        double rateOn() {
            return Double.isNaN(onLoad) ? load * (alpha + beta) / alpha : onLoad;
        }

        /** Throws a one-line {@link ConfigurationException} unless the three parameters are probabilities and the rate while on is at most 1 flit per cycle (and at least the load). */
        void check() {
            double a = onProbability();
            double b = offProbability();
            double on = rateOn();
            if (!Double.isNaN(onLoad)) {
                // given: check it first, the derived probability's trouble would only follow from it
                checkRateOn(on);
            }
            if (!(a > 0 && a <= 1)) {
                throw new ConfigurationException(FIELD + ".alpha", "a probability in (0, 1] of turning on per cycle"
                    + (Double.isNaN(alpha) ? " (derived from beta, on-load and the load)" : ""), Format.number(a));
            }
            if (!(b >= 0 && b <= 1)) {
                throw new ConfigurationException(FIELD + ".beta", "a probability from 0 to 1 of turning off per cycle"
                    + (Double.isNaN(beta) ? " (derived from alpha, on-load and the load)" : ""), Format.number(b));
            }
            checkRateOn(on);
        }

        private void checkRateOn(double on) {
            if (!(on >= load - 1e-12 && on <= 1 + 1e-12)) {
                throw new ConfigurationException(FIELD + ".on-load", "a rate while on from the load (" + Format.number(load)
                    + ") to 1 flit per terminal per cycle" + (Double.isNaN(onLoad) ? " (derived: load x (alpha + beta) /"
                    + " alpha)" : ""), Format.number(on));
            }
        }

        @Override
        public String describe(PacketSizes sizes) {
            return "on-off " + Format.number(load) + " flits/node/cycle (on " + Format.number(rateOn()) + ", alpha "
                + Format.number(onProbability()) + ", beta " + Format.number(offProbability()) + ")";
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
