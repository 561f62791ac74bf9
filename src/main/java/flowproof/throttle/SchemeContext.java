package flowproof.throttle;

import flowproof.rule.FlowControlRule;
import flowproof.topology.Network;

/**
 * What a scheme's reader may check its parameters against: the simulated network (capacity
 * in rule slots), the spec's rule, the buffer depth and the largest packet.
 */
public record SchemeContext(Network network, FlowControlRule rule, int bufferFlits, int maxPacketSize, boolean vct) {
}
