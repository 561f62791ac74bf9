package flowproof.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The links and credit channels: a flit or credit sent with latency L in cycle t is read in
 * cycle t + L, and each cycle lists exactly the channels with something arriving, once
 * each, however the wheel wraps.
 */
class LinksProperties {

    private record Sent(long at, int channel, boolean flit, int vc, int packet) {
    }

    @Test
    void whatIsSentArrivesAfterItsLatencyAndEachCycleListsExactlyItsChannels() {
        qt().withExamples(200).forAll(longs().all(), integers().between(1, 40), integers().between(1, 6))
            .checkAssert((seed, channels, longest) -> {
                Links l = new Links(channels, longest);
                SplittableRandom r = new SplittableRandom(seed);
                List<Sent> pending = new ArrayList<>();
                for (long now = 0; now < 300; now++) {
                    l.turn(now);
                    // read this cycle's arrivals as the simulator does
                    int n = l.arriving();
                    Set<Integer> listed = new HashSet<>();
                    for (int i = 0; i < n; i++) {
                        int c = l.listed(l.listStart() + i);
                        assertThat(listed.add(c)).as("channel %d listed once", c).isTrue();
                        int at = l.entryOf(c);
                        long t = now;
                        for (Sent s : pending) {
                            if (s.at() == t && s.channel() == c) {
                                if (s.flit()) {
                                    assertThat(l.packet(at)).isEqualTo(s.packet());
                                    assertThat(l.vc(at)).isEqualTo(s.vc());
                                } else {
                                    assertThat(l.credit(at)).isEqualTo(s.vc());
                                }
                            }
                        }
                        l.clear(at);
                    }
                    long t = now;
                    Set<Integer> due = new HashSet<>();
                    pending.removeIf(s -> {
                        if (s.at() == t) {
                            due.add(s.channel());
                            return true;
                        }
                        return false;
                    });
                    assertThat(listed).isEqualTo(due);
                    // send: at most one flit and one credit per channel and arrival cycle, as the simulator does
                    for (int k = r.nextInt(channels + 1); k > 0; k--) {
                        int c = r.nextInt(channels);
                        boolean flit = r.nextBoolean();
                        int latency = flit ? 1 + r.nextInt(longest + 1) : r.nextInt(longest + 1);
                        long at = now + latency;
                        if (latency == 0 || pending.stream().anyMatch(s -> s.at() == at && s.channel() == c
                            && s.flit() == flit)) {
                            continue;
                        }
                        int vc = r.nextInt(4);
                        int p = r.nextInt(1000);
                        if (flit) {
                            l.sendFlit(c, latency, p, 0, vc);
                        } else {
                            l.sendCredit(c, latency, vc);
                        }
                        pending.add(new Sent(at, c, flit, vc, p));
                    }
                }
            });
    }

    @Test
    void aLatencyOfTheLongestArrivesOnTheLastSlotBeforeTheWheelWraps() {
        Links l = new Links(2, 3);
        assertThat(l.wheel).isEqualTo(5);
        l.turn(3);
        l.sendFlit(1, 4, 7, 0, 1);
        l.turn(7);
        assertThat(l.arriving()).isEqualTo(1);
        assertThat(l.listed(l.listStart())).isEqualTo(1);
        assertThat(l.packet(l.entryOf(1))).isEqualTo(7);
    }
}
