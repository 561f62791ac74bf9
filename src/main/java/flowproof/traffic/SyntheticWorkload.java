package flowproof.traffic;

import flowproof.ConfigurationException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A workload of generated traffic: a pattern, an injection process and packet sizes over
 * the terminals of a topology. Immutable; see {@link Workload}.
 */
final class SyntheticWorkload implements Workload {

    private final int terminals;
    /** The pattern of every process but bursty (whose phases carry their own). */
    private final Destinations traffic;
    private final Injection injection;
    private final PacketSizes sizes;
    /**
     * Per terminal, the load of its mix entry when the entry sets its own (a hot sender at 1.0
     * among others at the swept load), else NaN: the workload's load. Null when no entry does.
     */
    private final double[] ownLoad;
    /**
     * Per terminal, the packets per message of its mix entry ({@code message}: a message of N
     * packets to one destination, created in one cycle), 0 for none. Null when no entry sets it.
     */
    private final int[] message;

    SyntheticWorkload(int terminals, Destinations traffic, Injection injection, PacketSizes sizes) {
        this(terminals, traffic, injection, sizes, null);
    }

    SyntheticWorkload(int terminals, Destinations traffic, Injection injection, PacketSizes sizes, int[] message) {
        this.terminals = terminals;
        this.message = message;
        this.traffic = traffic;
        this.injection = injection;
        this.sizes = sizes;
        double[] own = null;
        if (traffic instanceof Destinations.Mix m) {
            for (Destinations.MixEntry e : m.entries()) {
                if (!Double.isNaN(e.load())) {
                    if (own == null) {
                        own = new double[terminals];
                        java.util.Arrays.fill(own, Double.NaN);
                    }
                    for (int t : e.terminals()) {
                        own[t] = e.load();
                    }
                }
            }
        }
        this.ownLoad = own;
    }

    @Override
    public int[] flowOf() {
        if (!(traffic instanceof Destinations.Mix m)) {
            return null;
        }
        int[] of = new int[terminals];
        java.util.Arrays.fill(of, -1);
        for (int i = 0; i < m.entries().size(); i++) {
            for (int t : m.entries().get(i).terminals()) {
                of[t] = i;
            }
        }
        return of;
    }

    @Override
    public List<String> flowNames() {
        if (!(traffic instanceof Destinations.Mix m)) {
            return List.of();
        }
        return m.entries().stream().map(Destinations.MixEntry::describe).toList();
    }

    @Override
    public int terminals() {
        return terminals;
    }

    @Override
    public Generator start(long seed) {
        return new Run(this, seed);
    }

    @Override
    public int maxPacketSize() {
        return sizes.max();
    }

    @Override
    public double meanPacketSize() {
        return sizes.mean();
    }

    @Override
    public boolean takesLoad() {
        return injection.takesLoad();
    }

    @Override
    public Workload atLoad(double load) {
        if (!injection.takesLoad()) {
            throw new ConfigurationException("load", "no load for this injection process (its rates are its own: "
                + injection.describe(sizes) + ")", Format.number(load));
        }
        if (!(load > 0 && load <= 1)) {
            throw new ConfigurationException("load", "a load in (0, 1] flits/terminal/cycle", Double.toString(load));
        }
        return new SyntheticWorkload(terminals, traffic, injection.atLoad(load), sizes, message);
    }

    @Override
    public String describe() {
        if (injection instanceof Injection.Bursty) {
            return injection.describe(sizes) + ", " + sizes.describe();
        }
        return traffic.describe() + ", " + injection.describe(sizes) + ", " + sizes.describe();
    }

    @Override
    public String toString() {
        return describe();
    }

    /** Bernoulli, ramp and collective: the one destination table of the run with this seed; bursty: refused. */
    @Override
    public double[] destinationWeights(int terminal, long seed) {
        if (injection instanceof Injection.Bursty) {
            throw new UnsupportedOperationException(describe() + " changes its pattern from burst to burst");
        }
        DestinationTable t;
        synchronized (this) {
            if (weightTable == null || weightSeed != seed) {
                weightTable = new Run(this, seed).tables[0][0];
                weightSeed = seed;
            }
            t = weightTable;
        }
        return t.weights(terminal, terminals);
    }

    /** The mean offered load of Bernoulli injection over all terminals, mix entries' own loads included. */
    double bernoulliOffered() {
        double load = ((Injection.Bernoulli) injection).load();
        if (ownLoad == null) {
            return load;
        }
        double sum = 0;
        for (double l : ownLoad) {
            sum += Double.isNaN(l) ? load : l;
        }
        return sum / terminals;
    }

    private DestinationTable weightTable;
    private long weightSeed;

    /**
     * One run. What may change from cycle to cycle (packet probability, destination table)
     * is recomputed once per cycle, on the first call that names a new cycle, so the
     * per-terminal calls are an array look-up and at most one random draw each.
     */
    private static final class Run implements Generator {

        private static final int BERNOULLI = 0;
        private static final int RAMP = 1;
        private static final int BURSTY = 2;
        private static final int COLLECTIVE = 3;
        private static final int ON_OFF = 4;

        private final SyntheticWorkload workload;
        private final int kind;
        private final SplittableRandom[] injectRandom;
        private final SplittableRandom[] destinationRandom;
        private final SplittableRandom[] sizeRandom;
        private final PacketSizes sizes;
        private final int collectivePackets;

        /** Bernoulli, ramp: the one table; bursty: tables[phase][burst mod patterns]. */
        private final DestinationTable[][] tables;
        /** Bursty: cycle (within a period) at which each phase ends; probabilities and rates per phase. */
        private final long[] phaseEnd;
        private final double[] phaseProbability;
        private final double[] phaseRate;
        private final long period;

        /** The cycle the fields below were computed for. */
        private long now = Long.MIN_VALUE;
        private double probability;
        /** Per terminal: the packet probability of a mix entry with its own load, else NaN (null: none). */
        private final double[] ownProbability;
        private DestinationTable table;
        /** Per terminal: packets per message (null: no entry sets it), packets of the current message still to address, its destination. */
        private final int[] message;
        private final int[] messageLeft;
        private final int[] messageDestination;
        /** On-off: per terminal whether it is on, and the process's probabilities (turn on, turn off, packet while on). */
        private final boolean[] on;
        private final double turnOn;
        private final double turnOff;
        private final double onProbability;

        Run(SyntheticWorkload w, long seed) {
            this.workload = w;
            this.message = w.message;
            this.messageLeft = message == null ? null : new int[w.terminals];
            this.messageDestination = message == null ? null : new int[w.terminals];
            this.sizes = w.sizes;
            int t = w.terminals;
            SplittableRandom root = new SplittableRandom(seed);
            injectRandom = new SplittableRandom[t];
            destinationRandom = new SplittableRandom[t];
            sizeRandom = new SplittableRandom[t];
            for (int i = 0; i < t; i++) {
                injectRandom[i] = root.split();
                destinationRandom[i] = root.split();
                sizeRandom[i] = root.split();
            }
            SplittableRandom choices = root.split();
            int[] all = new int[t];
            for (int i = 0; i < t; i++) {
                all[i] = i;
            }
            // One table per distinct pattern object, so that a random permutation shared by
            // several phases is the same permutation in all of them.
            Map<Destinations, DestinationTable> compiled = new IdentityHashMap<>();
            Injection in = w.injection;
            if (in instanceof Injection.Bursty b) {
                kind = BURSTY;
                List<Injection.Phase> phases = b.phases();
                int n = phases.size();
                tables = new DestinationTable[n][];
                phaseEnd = new long[n];
                phaseProbability = new double[n];
                phaseRate = new double[n];
                long end = 0;
                for (int p = 0; p < n; p++) {
                    Injection.Phase phase = phases.get(p);
                    end += phase.cycles();
                    phaseEnd[p] = end;
                    phaseProbability[p] = phase.probability(sizes);
                    phaseRate[p] = phase.rate(sizes);
                    tables[p] = new DestinationTable[phase.traffic().size()];
                    for (int i = 0; i < tables[p].length; i++) {
                        tables[p][i] = compile(phase.traffic().get(i), compiled, t, all, choices);
                    }
                }
                period = end;
                collectivePackets = 0;
            } else {
                kind = in instanceof Injection.Bernoulli ? BERNOULLI : in instanceof Injection.Ramp ? RAMP
                    : in instanceof Injection.OnOff ? ON_OFF : COLLECTIVE;
                tables = new DestinationTable[][] {{compile(w.traffic, compiled, t, all, choices)}};
                phaseEnd = null;
                phaseProbability = null;
                phaseRate = null;
                period = 0;
                collectivePackets = in instanceof Injection.Collective c ? c.packets() : 0;
            }
            table = tables[0][0];
            if (in instanceof Injection.OnOff o) {
                // each terminal starts on or off with probability 1/2 (BookSim's RandomInt(1)), from its own stream
                on = new boolean[t];
                for (int i = 0; i < t; i++) {
                    on[i] = injectRandom[i].nextInt(2) == 1;
                }
                turnOn = o.onProbability();
                turnOff = o.offProbability();
                onProbability = o.rateOn() / sizes.mean();
            } else {
                on = null;
                turnOn = 0;
                turnOff = 0;
                onProbability = 0;
            }
            if (w.ownLoad == null) {
                ownProbability = null;
            } else {
                ownProbability = new double[t];
                for (int i = 0; i < t; i++) {
                    ownProbability[i] = w.ownLoad[i] / sizes.mean();
                }
            }
        }

        private static DestinationTable compile(Destinations d, Map<Destinations, DestinationTable> compiled,
            int terminals, int[] all, SplittableRandom choices) {
            DestinationTable table = compiled.get(d);
            if (table == null) {
                table = new DestinationTable(terminals);
                d.compile(table, all, choices);
                compiled.put(d, table);
            }
            return table;
        }

        /** Recomputes the per-cycle state for {@code cycle}. */
        private void advance(long cycle) {
            now = cycle;
            switch (kind) {
                case BERNOULLI -> probability = ((Injection.Bernoulli) workload.injection).load() / sizes.mean();
                case RAMP -> probability = ((Injection.Ramp) workload.injection).rate(cycle) / sizes.mean();
                case BURSTY -> {
                    int p = phase(cycle);
                    probability = phaseProbability[p];
                    DestinationTable[] patterns = tables[p];
                    table = patterns[(int) (Math.floorDiv(cycle, period) % patterns.length)];
                }
                default -> probability = 0;
            }
        }

        private int phase(long cycle) {
            long c = Math.floorMod(cycle, period);
            int p = 0;
            while (c >= phaseEnd[p]) {
                p++;
            }
            return p;
        }

        @Override
        public int packets(int terminal, long cycle) {
            if (kind == COLLECTIVE) {
                return cycle == 0 ? collectivePackets : 0;
            }
            if (kind == ON_OFF) {
                // the state moves first, then an on terminal may create a packet (BookSim's OnOffInjectionProcess)
                SplittableRandom r = injectRandom[terminal];
                boolean state = on[terminal] ? r.nextDouble() >= turnOff : r.nextDouble() < turnOn;
                on[terminal] = state;
                return state && r.nextDouble() < onProbability ? 1 : 0;
            }
            if (cycle != now) {
                advance(cycle);
            }
            double p = ownProbability == null || Double.isNaN(ownProbability[terminal]) ? probability
                : ownProbability[terminal];
            if (message != null && message[terminal] > 1) {
                // a message of N packets with probability p / N: the same flits per cycle
                int n = message[terminal];
                return injectRandom[terminal].nextDouble() < p / n ? n : 0;
            }
            return injectRandom[terminal].nextDouble() < p ? 1 : 0;
        }

        @Override
        public int destination(int terminal, long cycle) {
            if (cycle != now) {
                advance(cycle);
            }
            if (message != null && message[terminal] > 1) {
                if (messageLeft[terminal] == 0) {
                    messageDestination[terminal] = table.destination(terminal, destinationRandom[terminal]);
                    messageLeft[terminal] = message[terminal];
                }
                messageLeft[terminal]--;
                return messageDestination[terminal];
            }
            return table.destination(terminal, destinationRandom[terminal]);
        }

        @Override
        public int size(int terminal) {
            return sizes.draw(sizeRandom[terminal]);
        }

        @Override
        public int message(int terminal) {
            return message == null ? 0 : message[terminal];
        }

        @Override
        public double offered(long cycle) {
            return switch (kind) {
                case BERNOULLI -> workload.bernoulliOffered();
                case ON_OFF -> ((Injection.OnOff) workload.injection).load();
                case RAMP -> ((Injection.Ramp) workload.injection).rate(cycle);
                case BURSTY -> phaseRate[phase(cycle)];
                default -> cycle == 0 ? collectivePackets * sizes.mean() : 0;
            };
        }

        @Override
        public long lastGeneration() {
            return kind == COLLECTIVE ? 0 : Long.MAX_VALUE;
        }
    }
}
