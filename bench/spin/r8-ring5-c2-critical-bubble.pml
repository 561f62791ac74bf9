/*
 * Reference R8 of docs/model.md in Promela, for SPIN's exact breadth-first search:
 * a unidirectional ring of 5 nodes, 1 VC, capacity 2 packets per queue, the Critical
 * Bubble Scheme with m = 1 mark, all-pairs traffic, dimension-order routing, one move per
 * step (inject, forward, eject). It is the model flowproof's explorer checks for
 * specs/r8-ring5-c2-critical-bubble.yaml, written independently of its code.
 *
 * Queue y is the input queue at node y, fed by the channel (y-1 mod 5) -> y. A packet is
 * its destination; a slot holds destination+1, 0 when empty; hd[y] is the head (oldest
 * packet), tl[y] the packet behind it. An empty slot is always 0, so that equal model
 * states have equal state vectors.
 *
 * The one critical mark is kept as the number of the queue that holds it (mk), which with
 * m = 1 is the same information as b(q) for every q: b(q) = (mk == q). It starts on
 * queue 0, the ring's queue at the node with the lowest coordinate.
 *
 * Every move is one d_step, so one SPIN transition is one move and, the process staying at
 * the head of its loop, one SPIN state is one model state: SPIN's "states stored" is the
 * explorer's reachable states and its transitions are the explorer's transitions plus the
 * initial state (SPIN counts transitions as stored + matched states).
 *
 * Checked on the way: stuck-freedom (a state with a packet and no forward or eject move)
 * and the critical-bubble invariant (the marked queue has a free slot, b(q) <= free(q); with
 * one mark per ring this also gives the bubble invariant). Drainability (from every state
 * the empty network can be reached by forward and eject moves) is not a safety property
 * that a breadth-first search of SPIN decides; flowproof decides it after its search.
 */

byte hd[5];
byte tl[5];
byte mk = 0;

/* inject(S, D) into queue T = S+1 mod 5 (entering the ring): a free slot that is not critical */
#define INJ(T, D) \
    :: d_step { (tl[T] == 0 && (hd[T] == 0 || mk != T)) -> \
           if :: hd[T] == 0 -> hd[T] = D + 1 :: else -> tl[T] = D + 1 fi }

/*
 * forward(Y): the head of queue Y, destined elsewhere, moves to queue Z = Y+1 mod 5 (within
 * the ring): Z needs a free slot; when all of Z's free slots are critical (Z holds the mark
 * and one packet) the mark moves back to Y, the queue the packet leaves.
 */
#define FWD(Y, Z) \
    :: d_step { (hd[Y] != 0 && hd[Y] != Y + 1 && tl[Z] == 0) -> \
           if :: mk == Z && hd[Z] != 0 -> mk = Y :: else -> skip fi; \
           if :: hd[Z] == 0 -> hd[Z] = hd[Y] :: else -> tl[Z] = hd[Y] fi; \
           hd[Y] = tl[Y]; tl[Y] = 0 }

/* eject(Y): the head of queue Y is destined to node Y and leaves the network */
#define EJ(Y) \
    :: d_step { (hd[Y] == Y + 1) -> hd[Y] = tl[Y]; tl[Y] = 0 }

/* queue Y has a forward or eject move */
#define MOVES(Y, Z) (hd[Y] != 0 && (hd[Y] == Y + 1 || tl[Z] == 0))

#define STUCK ((hd[0] | hd[1] | hd[2] | hd[3] | hd[4]) != 0 && \
    !(MOVES(0, 1) || MOVES(1, 2) || MOVES(2, 3) || MOVES(3, 4) || MOVES(4, 0)))

active proctype network()
{
end:
    do
    INJ(1, 1) INJ(1, 2) INJ(1, 3) INJ(1, 4)
    INJ(2, 0) INJ(2, 2) INJ(2, 3) INJ(2, 4)
    INJ(3, 0) INJ(3, 1) INJ(3, 3) INJ(3, 4)
    INJ(4, 0) INJ(4, 1) INJ(4, 2) INJ(4, 4)
    INJ(0, 0) INJ(0, 1) INJ(0, 2) INJ(0, 3)
    FWD(0, 1) FWD(1, 2) FWD(2, 3) FWD(3, 4) FWD(4, 0)
    EJ(0) EJ(1) EJ(2) EJ(3) EJ(4)
    :: d_step { (STUCK || tl[mk] != 0) -> assert(!STUCK && tl[mk] == 0) }
    od
}
