/**
 * The packet-level engine of input-queued switches whose port RAM is organised into queues by
 * destination or congestion state ({@link flowproof.sim.queues.QueueEngine}: one FIFO, VOQsw,
 * VOQnet, or FBICM's flow queues with CAM lines), set up by
 * {@link flowproof.sim.queues.InputQueueing}; {@link flowproof.sim.queues.FbicmView} shows the
 * property suite FBICM's ports. The schemes that need it (single-queue, voq-switch, voq-net,
 * fbicm in {@code flowproof.throttle}) create it as an {@link flowproof.sim.Engine}. Engines
 * layer: depends on {@link flowproof.sim}, {@link flowproof.sim.control} and the core model.
 */
package flowproof.sim.queues;
