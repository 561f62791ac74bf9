package flowproof.sim.queues;

import static org.assertj.core.api.Assertions.assertThat;

import flowproof.sim.SimConfig;
import flowproof.sim.queues.InputQueueing.Organisation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The contract every port organisation keeps with {@link QueueEngine}, run over every
 * organisation on the 64-host BMIN: the queue an arriving packet enters is one of its port's,
 * and its flits are counted in the credit unit the packet was sent under, so the credits
 * released when it leaves go back where they were taken; an idle network holds nothing back.
 */
class PortOrganisationContractTest {

    private static PortOrganisation fresh(Organisation org, Fabric[] fabric) {
        SimConfig cfg = QueueSpecs.hotspot(org.key());
        InputQueueing setup = new InputQueueing(org, 2048, 8, 5, 8, 4);
        fabric[0] = new Fabric(cfg, org);
        return PortOrganisation.of(setup, fabric[0], new PacketTable(), cfg.creditLatency());
    }

    @ParameterizedTest
    @EnumSource(Organisation.class)
    void everyArrivalEntersAQueueOfItsPortCountedInTheUnitItWasSentUnder(Organisation org) {
        Fabric[] fabric = new Fabric[1];
        PortOrganisation ports = fresh(org, fabric);
        int perPort = ports.queues().perPort;
        for (int p : fabric[0].portList) {
            for (int d = 0; d < fabric[0].terminals; d++) {
                int unit = ports.unit(p, d);
                int q = ports.arrive(p, d);
                assertThat(q).as("%s: queue of a packet for %d at port %d", org, d, p).isBetween(0, perPort - 1);
                assertThat(unit).isBetween(0, ports.units() - 1);
                assertThat(ports.unitOfQueue(q)).as("%s: credit unit of queue %d", org, q).isEqualTo(unit);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Organisation.class)
    void creditsAreSharedByThePortOrSplitOnePerQueue(Organisation org) {
        PortOrganisation ports = fresh(org, new Fabric[1]);
        int perPort = ports.queues().perPort;
        assertThat(ports.units()).isIn(1, perPort);
        for (int q = 0; q < perPort; q++) {
            assertThat(ports.unitOfQueue(q)).isEqualTo(ports.units() == 1 ? 0 : q);
        }
    }

    @ParameterizedTest
    @EnumSource(Organisation.class)
    void anIdleNetworkHoldsNoHeadBackAndReportsItsSeries(Organisation org) {
        Fabric[] fabric = new Fabric[1];
        PortOrganisation ports = fresh(org, fabric);
        ports.startCycle(0);
        ports.manage();
        for (int p : fabric[0].portList) {
            assertThat(ports.open(p, 0)).isTrue();
            for (int d = 0; d < fabric[0].terminals; d++) {
                int o = fabric[0].next(p, d);
                assertThat(ports.stopped(o, d)).isFalse();
                assertThat(ports.mayLeave(p, 0, d, o)).isTrue();
            }
            ports.checkPort(p);
        }
        boolean cam = org == Organisation.FBICM || org == Organisation.RECN_IQ;
        assertThat(ports.droppedStops()).isEqualTo(cam ? 0 : -1);
        double[] sample = new double[ports.seriesNames().size()];
        ports.sample(sample);
        for (double x : sample) {
            assertThat(x).as("%s: series of an idle network", org).isZero();
        }
        assertThat(ports.describe()).isNotBlank();
    }
}
