package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A flit crossing into a channel is written into the downstream buffer at once, stamped with
 * its arrival cycle, unless something reads buffer counts (an observer turns it off): both
 * ways give the same run, packet by packet, with every router option that changes when a
 * flit may act (rules, wormhole, stages, route timing, link and credit latency, deadlocks).
 */
class DirectLinksTest {

    /** Observes nothing: only turns the direct writes off. */
    private static final CycleObserver NOTHING = state -> { };

    private static List<Object> run(SimConfig cfg, boolean observed) {
        List<Object> out = new ArrayList<>();
        Simulator sim = new Simulator(cfg).onDelivery((s, d, size, created, inj, done, hops) ->
            out.add(List.of(s, d, size, created, inj, done, hops)));
        if (observed) {
            sim.observe(NOTHING);
        }
        out.add(DeterminismTest.Numbers.of(sim.run(null)));
        return out;
    }

    private static void same(SimConfig cfg) {
        List<Object> direct = run(cfg, false);
        assertThat(direct).hasSizeGreaterThan(100);
        assertThat(run(cfg, true)).isEqualTo(direct);
    }

    private static SimConfig spec(String file, double load) {
        SimConfig cfg = DeadlockTest.spec(file);
        return cfg.withWorkload(cfg.workload().atLoad(load)).withRun(3000, 500, 7);
    }

    @Test
    void specsOfEveryRuleRunTheSameEitherWay() {
        same(spec("torus8x8-dateline.yaml", 0.3));
        same(spec("torus8x8-dateline.yaml", 1.0));
        same(spec("torus8x8-critical-bubble.yaml", 1.0));
        same(spec("torus8x8-localized-bubble.yaml", 0.6));
        same(spec("torus8x8-theoretical-bubble.yaml", 0.6));
        same(spec("torus8x8-duato-dateline-wormhole.yaml", 0.6));
    }

    @Test
    void aDeadlockIsFoundInTheSameCycleWithTheSameQueues() {
        SimConfig cfg = spec("torus8x8-vct-1vc.yaml", 0.8);
        List<Object> direct = run(cfg, false);
        assertThat(((DeterminismTest.Numbers) direct.get(direct.size() - 1)).deadlock()).isNotNull();
        assertThat(run(cfg, true)).isEqualTo(direct);
    }

    @Test
    void routerOptionsAndLatenciesRunTheSameEitherWay() {
        for (String extra : List.of(
            "switching: wormhole\nvc-release: tail",
            "stages: {routing: 1, vc-allocation: 1, switch-allocation: 1, traversal: 1}",
            "stages: {routing: 0, vc-allocation: 2, switch-allocation: 1, traversal: 1}\nroute-timing: front",
            "route-timing: front\npipeline: 2",
            "link-latency: 3\ncredit-latency: 2\npipeline: 1",
            "injection-latency: 1\nejection-latency: 1",
            "arbiter: oldest-first")) {
            same(SimTestSupport.fromYaml(SimTestSupport.torusDateline(4, "traffic: uniform\nload: 0.7\npacket-size: 4\nbuffer: 16\n"
                + "cycles: 3000\nwarmup: 500\n" + extra)));
        }
    }
}
