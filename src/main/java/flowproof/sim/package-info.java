/**
 * The cycle-accurate simulator: {@link flowproof.sim.Simulator}, flit-level input-queued VC
 * routers that run the very network, routing function and rule objects the explorer checks
 * (with its parts: {@code Links}, the channels and credit channels as latency
 * queues; {@code WakeUpLists}, the VC allocator's active set and wake-up lists;
 * {@code SeriesBuilder} and {@code SpaceTimeRecorder}, its time series and space-time chart),
 * its {@link flowproof.sim.SimConfig} and {@link flowproof.sim.SimResult}, the
 * {@link flowproof.sim.RunProtocol} every engine follows, {@link flowproof.sim.Engine} (this
 * simulator or the engine a congestion-control scheme brings), and the analytical
 * {@link flowproof.sim.ChannelLoadBound} and {@link flowproof.sim.RampAnalysis}. Congestion
 * control is called through the interfaces of {@link flowproof.sim.control}; the schemes live
 * in {@code flowproof.throttle} and a configuration is read from a spec in
 * {@code flowproof.spec}, both above. Engines layer: depends on {@link flowproof.sim.control}
 * and the core model.
 */
package flowproof.sim;
