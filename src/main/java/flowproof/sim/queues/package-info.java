/**
 * The packet-level engine of input-queued switches whose port RAM is organised into queues by
 * destination or congestion state ({@link flowproof.sim.queues.QueueEngine}: one FIFO, VOQsw,
 * VOQnet, FBICM's flow queues with CAM lines, or RECN-IQ's set-aside queues), set up by
 * {@link flowproof.sim.queues.InputQueueing}. The engine moves packets, credits and events;
 * everything that depends on the organisation is a package-private port-organisation strategy
 * ({@code PortOrganisation}, one implementation per organisation: {@code SingleQueuePorts},
 * {@code VoqSwitchPorts}, {@code VoqNetPorts}, {@code FbicmPorts} and {@code RecnPorts}, the
 * last two over the CAM lines of {@code CamPorts}), over the engine's {@code Fabric} (the
 * network and its routing table), {@code PacketTable} and {@code PortQueues}.
 * {@link flowproof.sim.queues.FbicmView} shows the property suite FBICM's and RECN-IQ's ports.
 * The schemes that need it (single-queue, voq-switch, voq-net, fbicm, recn-iq in
 * {@code flowproof.throttle}) create it as an {@link flowproof.sim.Engine}. Engines layer:
 * depends on {@link flowproof.sim}, {@link flowproof.sim.control} and the core model.
 */
package flowproof.sim.queues;
