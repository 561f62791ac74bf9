package flowproof.traffic;

import flowproof.topology.Topology;
import flowproof.topology.Grid;
import java.util.Arrays;

/**
 * The terminals a pattern's destinations range over: either every terminal of a topology
 * (where the topology's structure applies: torus coordinates, concentration), or the set
 * of a mix entry marked {@code within: true}, where a pattern works on the rank of a
 * terminal in the set as if the set were a network of its own without coordinates.
 * Immutable.
 */
final class TerminalSpace {

    /** Rank to terminal, increasing. */
    private final int[] members;
    /** Terminal to rank, -1 outside; null when the space is every terminal (rank = terminal). */
    private final int[] rank;
    /** The topology when the space is all of it, else null. */
    private final Topology topology;
    private final int concentration;

    private TerminalSpace(int[] members, int[] rank, Topology topology, int concentration) {
        this.members = members;
        this.rank = rank;
        this.topology = topology;
        this.concentration = concentration;
    }

    /** Every terminal of a topology: {@code endpoints().length * concentration()} of them. */
    static TerminalSpace of(Topology topology) {
        int count = topology.endpoints().length * topology.concentration();
        int[] all = new int[count];
        Arrays.setAll(all, i -> i);
        return new TerminalSpace(all, null, topology, topology.concentration());
    }

    /** A set of this space's terminals (given in increasing order) as a space of its own. */
    TerminalSpace subset(int[] terminals) {
        int[] r = new int[members.length];
        Arrays.fill(r, -1);
        for (int i = 0; i < terminals.length; i++) {
            r[terminals[i]] = i;
        }
        return new TerminalSpace(terminals.clone(), r, null, concentration);
    }

    int size() {
        return members.length;
    }

    /** The terminals, in increasing order (shared: do not modify). */
    int[] members() {
        return members;
    }

    int terminal(int rank) {
        return members[rank];
    }

    /** Whether a terminal index (of the network, or not) belongs to this space. */
    boolean contains(int terminal) {
        if (rank == null) {
            return terminal >= 0 && terminal < members.length;
        }
        return terminal >= 0 && terminal < rank.length && rank[terminal] >= 0;
    }

    /** The rank of a terminal of the network in this space, or -1. */
    int rank(int terminal) {
        return rank == null ? terminal : rank[terminal];
    }

    /** The torus when the space is every terminal of a torus or mesh, else null. */
    Grid torus() {
        return topology instanceof Grid t ? t : null;
    }

    /** Terminals per router of the network. */
    int concentration() {
        return concentration;
    }

    /** e.g. {@code 64 terminals of bidirectional torus 8x8} or {@code 12 terminals 0-11 (within)}. */
    String describe() {
        if (topology != null) {
            return members.length + " terminals of " + topology.describe();
        }
        return members.length + " terminals " + Format.terminals(members) + " (within)";
    }
}
