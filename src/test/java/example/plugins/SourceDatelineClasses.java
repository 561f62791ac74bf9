package example.plugins;

import flowproof.routing.VcClassFunction;

/**
 * Broken on purpose: a "dateline" relative to the source. A packet enters every ring in class 0
 * and moves to class 1 on its second hop in the ring, wherever that is, so each class still holds
 * hops at every position of the ring and the dependencies of class 1 go around it: a deadlock (the
 * table {@code [{new-ring: true, set: 0}, {ring-hop: 2, set: 1}]} of
 * {@code specs/ring4-c1-classes-source-dateline.yaml}). It reads the hop's place in its ring, so it
 * says how far it counts ({@link #ringHops()}).
 */
public final class SourceDatelineClasses implements VcClassFunction {

    @Override
    public int classes() {
        return 2;
    }

    @Override
    public int startClass(String route, int source, int destination) {
        return 0;
    }

    @Override
    public int afterHop(Hop hop) {
        return hop.newRing() ? 0 : hop.ringHop() == 2 ? 1 : hop.vcClass();
    }

    @Override
    public int ringHops() {
        return 2;
    }
}
