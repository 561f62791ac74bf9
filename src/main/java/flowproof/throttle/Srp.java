package flowproof.throttle;

import flowproof.rule.ReservedClassVcs;
import flowproof.sim.control.InjectionControl;
import flowproof.sim.control.NetworkState;
import flowproof.sim.control.Scheme;

/**
 * The Speculative Reservation Protocol, SRP (Jiang, Becker, Michelogiannakis and Dally,
 * HPCA 2012), as the CBCM paper (003_4abd1b2c8ca2b731.txt, sections III-B and V-A) runs it
 * as a baseline; registry key {@code srp}. Reservation-based endpoint congestion
 * management: a source reserves its destination's ejection bandwidth before sending
 * non-speculatively, and meanwhile sends the reserved packets speculatively at low priority.
 *
 * <h2>Sources</h2>
 * A flow is a source-destination pair (the paper's per-destination source queues). When a
 * flow without a reservation has packets queued, its source sends a single-flit reservation
 * request for its next {@code min(message, queued)} packets ({@code message} 4: the paper's
 * 4-packet messages and its minimum reservation size) on the control VC. Until the grant
 * arrives those packets may leave speculatively (class {@link #SPECULATIVE}: the
 * lowest-priority VC, minimal routes); once the grant arrives the flow stops speculating and
 * its remaining packets leave non-speculatively on the normal VCs (the spec's routing) from
 * the granted cycle on. A flow has at most one reservation (one message) in flight: the next
 * is requested when the grant has arrived and the reservation's last packet has left (the
 * paper: "up to 1 message per destination from each source"). Held flows do not block
 * other destinations: the source queue is searched {@code lookahead} (64) packets deep.
 *
 * <h2>Messages</h2>
 * When the workload gives its packets message sizes (a trace, or a mix entry's
 * {@code message}), a flow sends its messages in order: a message shorter than
 * {@code message} packets leaves without reservation on the normal VCs at normal priority,
 * above the speculative VC (the paper, footnote 2: "SRP does not use reservation mechanism
 * for them because of the high reservation overhead and always injects them
 * non-speculatively with high priority"); a longer one is reserved whole, one request for all
 * its packets, sent speculatively until the grant as above. Without message sizes every
 * packet is reserved as above.
 *
 * <h2>Destinations</h2>
 * Each destination keeps the cycle its ejection channel is reserved up to, R. A request for
 * F flits arriving at cycle t is granted from max(t, R) on, and R becomes that cycle plus
 * ceil(F x (1 + {@code overhead})) ({@code overhead} 0.05, the paper's "reservation
 * overhead adjustment"); the grant (single flit, carrying the cycle) goes back on the control
 * VC.
 *
 * <h2>What is not modelled</h2>
 * Speculative packets are never dropped: the paper's Time-To-Wait (2,000 cycles) after which
 * a blocked speculative packet is dropped and later re-sent under its reservation needs
 * packets removed from the middle of the network, which the simulator does not do.
 * Acknowledgements of speculative packets are not sent (without drops they carry nothing).
 * Requests and grants share one control VC (the paper uses two); control packets are
 * consumed at the network interface on arrival, so one VC cannot deadlock.
 *
 * <h2>VCs and priority</h2>
 * The two highest VCs of every channel are reserved ({@link ReservedClassVcs}): VC vcs-1
 * for control packets (highest priority), VC vcs-2 for speculative packets (lowest); normal
 * traffic uses the others under the spec's rule, so a spec needs the VCs its routing needs
 * plus two.
 */
public final class Srp extends ClassVcScheme {

    static final int CONTROL = 1;
    static final int SPECULATIVE = 2;

    final int message;
    final double overhead;
    final int lookahead;

    private Srp(Params p) {
        super("srp", 2);
        message = (int) p.integer("message", 4, 1, 1 << 20);
        overhead = p.number("overhead", 0.05, 0, false, 10);
        lookahead = (int) p.integer("lookahead", 64, 1, 1 << 20);
        described(p);
    }

    static Scheme read(Params p, SchemeContext c) {
        ClassVcs.requireVcs(p, c, "srp", 2);
        return new Srp(p);
    }

    @Override
    public InjectionControl create(NetworkState state, long seed) {
        return new SrpControl(this, state.terminals());
    }
}
