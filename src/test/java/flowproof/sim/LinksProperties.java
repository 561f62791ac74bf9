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
 * cycle t + L, exactly once, with what was sent, however the wheel wraps.
 */
class LinksProperties {

    private record Sent(long at, int channel, boolean flit, int queue, int packet, int field) {
    }

    @Test
    void whatIsSentArrivesAfterItsLatencyExactlyOnce() {
        qt().withExamples(200).forAll(longs().all(), integers().between(1, 40), integers().between(1, 6))
            .checkAssert((seed, channels, longest) -> {
                Links l = new Links(channels, longest);
                SplittableRandom r = new SplittableRandom(seed);
                List<Sent> pending = new ArrayList<>();
                for (long now = 0; now < 300; now++) {
                    l.turn(now);
                    // read this cycle's arrivals as the simulator does
                    Set<List<Integer>> read = new HashSet<>();
                    for (int i = 0, n = l.flitsArriving(), at = l.flitStart(); i < n; i++, at += 3) {
                        assertThat(read.add(List.of(1, l.flits[at], l.flits[at + 1], l.flits[at + 2]))).isTrue();
                    }
                    for (int i = 0, n = l.creditsArriving(), at = l.creditStart(); i < n; i++) {
                        assertThat(read.add(List.of(0, l.credits[at + i]))).isTrue();
                    }
                    long t = now;
                    Set<List<Integer>> due = new HashSet<>();
                    pending.removeIf(s -> {
                        if (s.at() == t) {
                            due.add(s.flit() ? List.of(1, s.queue(), s.packet(), s.field()) : List.of(0, s.queue()));
                            return true;
                        }
                        return false;
                    });
                    assertThat(read).isEqualTo(due);
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
                        int q = 4 * c + r.nextInt(4);
                        int p = r.nextInt(1000);
                        int field = r.nextBoolean() ? r.nextInt(8) : r.nextInt(8) | Buffers.TAIL;
                        if (flit) {
                            l.sendFlit(q, latency, p, field);
                        } else {
                            l.sendCredit(q, latency);
                        }
                        pending.add(new Sent(at, c, flit, q, p, field));
                    }
                }
            });
    }

    @Test
    void aLatencyOfTheLongestArrivesOnTheLastSlotBeforeTheWheelWraps() {
        Links l = new Links(2, 3);
        assertThat(l.wheel).isEqualTo(5);
        l.turn(3);
        l.sendFlit(5, 4, 7, 0);
        l.turn(7);
        assertThat(l.flitsArriving()).isEqualTo(1);
        assertThat(l.flits[l.flitStart()]).isEqualTo(5);
        assertThat(l.flits[l.flitStart() + 1]).isEqualTo(7);
        assertThat(l.creditsArriving()).isZero();
    }
}
