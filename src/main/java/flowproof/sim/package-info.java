/**
 * The cycle-accurate simulator: {@link flowproof.sim.Simulator}, flit-level input-queued VC
 * routers that run the very network, routing function and rule objects the explorer checks.
 * Its components, each a class a reader can take alone:
 * <ul>
 *   <li>the router's cycle, {@code Simulator}: arrivals, switch traversal and delivery,
 *       conservation and credit checks; {@code LiveState}, the cycle's counters, which is what a
 *       congestion control ({@code NetworkState}) and an observer ({@code SimState}) read;</li>
 *   <li>terminals: {@code SourceQueues} (unbounded source queues in bounded memory, drawn
 *       again lazily) and {@code InjectionPorts} (one flit a cycle into an injection VC, message
 *       classes put aside under wormhole, and the control packets a {@code RouterControl}
 *       sends: the port it is bound to);</li>
 *   <li>router state: {@code Buffers} (input VC buffers, output VCs, credits, reservations,
 *       critical marks and their control lines; the {@code BufferView} the rule judges) and
 *       {@code Packets} (the packet table, records reused);</li>
 *   <li>allocators: {@code RouteComputation} (start headers and the next output VCs of a
 *       packet, from the explorer's {@code QueueRoutes}), {@code VcAllocator} (route
 *       computation and VC allocation over an active set, with {@code WakeUpLists} for
 *       blocked heads) and {@code SwitchAllocator} (separable input-first switch
 *       allocation over the active input ports, or over their switch inputs with an input
 *       speedup), both timed by {@code RouterTiming} (flowproof's pipeline or BookSim's
 *       stages, and the cycle each input VC's front flit may take the switch) and both able
 *       to match by {@code Islip} (iSLIP, BookSim's default allocator);</li>
 *   <li>links and credits: {@code Links}, the channels and credit channels as a latency
 *       wheel listing each cycle's arriving flits and credits (without a congestion control
 *       or an observer a flit skips the wheel: it is written into the downstream buffer with
 *       its arrival cycle, which the allocators wait for);</li>
 *   <li>statistics: {@code Statistics} (window counters, channel utilisation, exact latency
 *       histogram), {@link flowproof.sim.SeriesBuilder} (the time series, shared with the
 *       queue engines) and {@code SpaceTimeRecorder} (the space-time chart);</li>
 *   <li>terminals with message classes: {@code MessageQueues};</li>
 *   <li>contention: {@code Contention} (each output port's contention degree, for a control that
 *       wants it);</li>
 *   <li>deadlocks: {@code DeadlockWatch} (no flit moved for {@code deadlock-cycles} cycles, or a
 *       knot: VCs and endpoint queues that wait only on each other while flits move elsewhere;
 *       the report of what is held and a shortest cycle of waits).</li>
 * </ul>
 * Beside it: its {@link flowproof.sim.SimConfig} and {@link flowproof.sim.SimResult}, the
 * {@link flowproof.sim.RunProtocol} every engine follows, {@link flowproof.sim.Engine} (this
 * simulator or the engine a congestion-control scheme brings), and the analytical
 * {@link flowproof.sim.ChannelLoadBound} and {@link flowproof.sim.RampAnalysis}. Congestion
 * control is called through the interfaces of {@link flowproof.sim.control}; the schemes live
 * in {@code flowproof.throttle} and a configuration is read from a spec in
 * {@code flowproof.spec}, both above. Engines layer: depends on {@link flowproof.sim.control}
 * and the core model.
 */
package flowproof.sim;
