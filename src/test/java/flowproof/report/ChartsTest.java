package flowproof.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every figure is a readable PNG of the intended size; mistakes in the data are one clear exception. */
class ChartsTest {

    @TempDir
    Path dir;

    private static final double NaN = Double.NaN;

    private static Charts.Curve curve(String name, double scale) {
        return new Charts.Curve(name,
            new double[] {0.1, 0.2, 0.3, 0.4, 0.5},
            new double[] {0.1 * scale, 0.2 * scale, 0.3 * scale, 0.35 * scale, 0.36 * scale},
            new double[] {12, 14, 20, NaN, NaN});
    }

    private static BufferedImage read(Path png) throws IOException {
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img).as("%s is a readable image", png).isNotNull();
        return img;
    }

    private static boolean dark(int rgb) {
        Color c = new Color(rgb);
        return 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue() < 100;
    }

    /** Dark pixels in a small square around the image centre, which lies inside the plot area. */
    private static double darkFractionAtCentre(BufferedImage img) {
        int n = 0;
        int dark = 0;
        for (int y = img.getHeight() / 2 - 5; y <= img.getHeight() / 2 + 5; y++) {
            for (int x = img.getWidth() / 2 - 5; x <= img.getWidth() / 2 + 5; x++) {
                n++;
                dark += dark(img.getRGB(x, y)) ? 1 : 0;
            }
        }
        return (double) dark / n;
    }

    private static int darkOnCentreRow(BufferedImage img) {
        int dark = 0;
        for (int x = 0; x < img.getWidth(); x++) {
            dark += dark(img.getRGB(x, img.getHeight() / 2)) ? 1 : 0;
        }
        return dark;
    }

    private static int pixelsNear(BufferedImage img, Color target) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                Color c = new Color(img.getRGB(x, y));
                if (Math.abs(c.getRed() - target.getRed()) + Math.abs(c.getGreen() - target.getGreen())
                    + Math.abs(c.getBlue() - target.getBlue()) < 30) {
                    n++;
                }
            }
        }
        return n;
    }

    private static boolean[][] grid(int rows, int cycles, boolean busyFirstHalf, boolean busySecondHalf) {
        boolean[][] b = new boolean[rows][cycles];
        for (boolean[] row : b) {
            for (int c = 0; c < cycles; c++) {
                row[c] = c < cycles / 2 ? busyFirstHalf : busySecondHalf;
            }
        }
        return b;
    }

    private static String[] names(int rows) {
        String[] n = new String[rows];
        for (int r = 0; r < rows; r++) {
            n[r] = "r" + r / 2 + (r % 2 == 0 ? " x+" : " x-");
        }
        return n;
    }

    @Test
    void latencyThroughputWritesOneFigureOfAbout900By700IntoNewDirectories() throws IOException {
        Path png = dir.resolve("figs/sweep/lt.png");
        Charts.latencyThroughput(png, "torus 4x4, uniform", List.of(curve("bubble", 1), curve("CBS", 1.2)), 0.5);
        BufferedImage img = read(png);
        assertThat(img.getWidth()).isBetween(800, 1000);
        assertThat(img.getHeight()).isBetween(600, 800);
        assertThat(pixelsNear(img, new Color(0x0072b2))).as("first curve's color").isGreaterThan(50);
        assertThat(pixelsNear(img, new Color(0xd55e00))).as("second curve's color").isGreaterThan(50);
    }

    @Test
    void latencyThroughputDrawsCurvesWhoseLatencyIsAllNaNAndNoBound() throws IOException {
        Charts.Curve saturated = new Charts.Curve("saturated", new double[] {0.3, 0.4}, new double[] {0.2, 0.2},
            new double[] {NaN, NaN});
        Path png = dir.resolve("nan.png");
        Charts.latencyThroughput(png, "all saturated", List.of(saturated), NaN);
        assertThat(read(png).getWidth()).isBetween(800, 1000);
    }

    @Test
    void marksAreDrawnInBlackOverTheCurvesAndWidenTheThroughputAxis() throws IOException {
        Path plain = dir.resolve("plain.png");
        Path marked = dir.resolve("marked.png");
        Charts.latencyThroughput(plain, "t", List.of(curve("bubble", 1)), NaN);
        Charts.latencyThroughput(marked, "t", List.of(curve("bubble", 1)), List.of(
            new Charts.Marks("paper", false, new double[] {0.1, 0.2}, new double[] {0.1, 3.0}),
            new Charts.Marks("paper latency", true, new double[] {0.1}, new double[] {30})), NaN);
        assertThat(pixelsNear(read(marked), Color.BLACK)).as("black marks")
            .isGreaterThan(pixelsNear(read(plain), Color.BLACK) + 20);
        assertThatThrownBy(() -> new Charts.Marks("m", false, new double[] {0.1}, new double[] {}))
            .isInstanceOf(IllegalArgumentException.class).hasMessage("marks 'm' y has 0 values but marks 'm' x has 1");
    }

    @Test
    void latencyThroughputRejectsNoCurves() {
        assertThatThrownBy(() -> Charts.latencyThroughput(dir.resolve("x.png"), "t", List.of(), NaN))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one curve");
        assertThat(dir.resolve("x.png")).doesNotExist();
    }

    @Test
    void curveRejectsArraysOfDifferentLengths() {
        assertThatThrownBy(() -> new Charts.Curve("vct", new double[] {0.1, 0.2}, new double[] {0.1, 0.2},
            new double[] {10}))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("curve 'vct' latency has 1 values but curve 'vct' offered has 2");
        assertThatThrownBy(() -> new Charts.Curve("vct", new double[] {}, new double[] {}, new double[] {}))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no points");
    }

    @Test
    void latencyThroughputRejectsTwoCurvesOfOneName() {
        assertThatThrownBy(() -> Charts.latencyThroughput(dir.resolve("x.png"), "t",
            List.of(curve("bubble", 1), curve("bubble", 2)), NaN))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'bubble'");
    }

    @Test
    void overTimeWritesTwoPanelsWithAndWithoutOffered() throws IOException {
        int n = 200;
        long[] t = new long[n];
        double[] offered = new double[n];
        double[] accepted = new double[n];
        double[] inFlight = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = 1000 + 100L * (i + 1);
            offered[i] = 0.4;
            accepted[i] = 0.4 * (1 - Math.exp(-i / 10.0));
            inFlight[i] = 50 + 10 * Math.sin(i / 7.0);
        }
        Path both = dir.resolve("both.png");
        Charts.overTime(both, "warm-up", t, offered, accepted, inFlight);
        Path acceptedOnly = dir.resolve("accepted.png");
        Charts.overTime(acceptedOnly, "warm-up", t, null, accepted, inFlight);
        for (Path png : List.of(both, acceptedOnly)) {
            BufferedImage img = read(png);
            assertThat(img.getWidth()).isBetween(800, 1000);
            assertThat(img.getHeight()).isBetween(600, 800);
        }
    }

    @Test
    void overTimeRejectsArraysOfDifferentLengths() {
        assertThatThrownBy(() -> Charts.overTime(dir.resolve("x.png"), "t", new long[] {1, 2}, null,
            new double[] {0.1, 0.2}, new double[] {3}))
            .isInstanceOf(IllegalArgumentException.class).hasMessage("inFlight has 1 values but t has 2");
        assertThatThrownBy(() -> Charts.overTime(dir.resolve("x.png"), "t", new long[] {1, 2},
            new double[] {0.1, 0.2, 0.3}, new double[] {0.1, 0.2}, new double[] {3, 4}))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("offered has 3 values");
    }

    @Test
    void spaceTimeOfAllBusyBuffersIsDarkAndOfAllReadyBuffersIsNot() throws IOException {
        Path busy = dir.resolve("busy.png");
        Path ready = dir.resolve("ready.png");
        Charts.spaceTime(busy, "all busy", names(8), grid(8, 400, true, true), 5000);
        Charts.spaceTime(ready, "all ready", names(8), grid(8, 400, false, false), 5000);
        assertThat(darkFractionAtCentre(read(busy))).isGreaterThan(0.9);
        assertThat(darkFractionAtCentre(read(ready))).isLessThan(0.1);
    }

    @Test
    void spaceTimeDarkensInProportionToBusyCycles() throws IOException {
        Path all = dir.resolve("all.png");
        Path half = dir.resolve("half.png");
        Charts.spaceTime(all, "busy", names(8), grid(8, 600, true, true), 0);
        Charts.spaceTime(half, "busy, then ready", names(8), grid(8, 600, true, false), 0);
        int darkAll = darkOnCentreRow(read(all));
        int darkHalf = darkOnCentreRow(read(half));
        assertThat(darkAll).isGreaterThan(1000);
        assertThat((double) darkHalf / darkAll).isBetween(0.45, 0.55);
    }

    @Test
    void spaceTimeWidthScalesWithCyclesUpToAbout4000PixelsAndHeightWithRows() throws IOException {
        Path shortRun = dir.resolve("short.png");
        Path longRun = dir.resolve("long.png");
        Path veryLong = dir.resolve("very-long.png");
        Path tall = dir.resolve("tall.png");
        Charts.spaceTime(shortRun, "s", names(4), grid(4, 300, true, false), 0);
        Charts.spaceTime(longRun, "l", names(4), grid(4, 1200, true, false), 0);
        Charts.spaceTime(veryLong, "v", names(4), grid(4, 50_000, true, false), 0);
        Charts.spaceTime(tall, "t", names(32), grid(32, 300, true, false), 0);
        BufferedImage s = read(shortRun);
        BufferedImage l = read(longRun);
        BufferedImage v = read(veryLong);
        assertThat(l.getWidth() - s.getWidth()).isBetween(2 * 800, 2 * 1000);
        assertThat(v.getWidth()).isBetween(3000, 4000);
        int mid = v.getHeight() / 2;
        assertThat(dark(v.getRGB(v.getWidth() / 4, mid))).as("binned run, first half busy").isTrue();
        assertThat(dark(v.getRGB(v.getWidth() * 3 / 4, mid))).as("binned run, second half ready").isFalse();
        assertThat(read(tall).getHeight()).isGreaterThan(s.getHeight() + 28 * 8);
    }

    @Test
    void spaceTimeShadesBinnedColumnsOfLongRunsByTheirBusyFraction() throws IOException {
        boolean[][] alternating = new boolean[4][50_000];
        for (boolean[] row : alternating) {
            for (int c = 0; c < row.length; c += 2) {
                row[c] = true;
            }
        }
        Path png = dir.resolve("alternating.png");
        Charts.spaceTime(png, "every other cycle busy", names(4), alternating, 0);
        BufferedImage img = read(png);
        int rgb = img.getRGB(img.getWidth() / 2, img.getHeight() / 2) & 0xffffff;
        assertThat(rgb).as("half-busy bins are a middle shade")
            .isNotIn(Charts.BUSY.getRGB() & 0xffffff, Charts.READY.getRGB() & 0xffffff);
        assertThat(dark(rgb)).isFalse();
        assertThat(new Color(rgb).getRed()).isLessThan(Charts.READY.getRed() - 40);
    }

    @Test
    void spaceTimeRejectsRowsOfDifferentLengthsAndMissingNames() {
        boolean[][] ragged = {new boolean[10], new boolean[9]};
        assertThatThrownBy(() -> Charts.spaceTime(dir.resolve("x.png"), "t", names(2), ragged, 0))
            .isInstanceOf(IllegalArgumentException.class).hasMessage("busy[1] has 9 values but busy[0] has 10");
        assertThatThrownBy(() -> Charts.spaceTime(dir.resolve("x.png"), "t", names(3), grid(2, 10, true, true), 0))
            .isInstanceOf(IllegalArgumentException.class).hasMessage("busy has 2 values but rowNames has 3");
        assertThatThrownBy(() -> Charts.spaceTime(dir.resolve("x.png"), "t", names(0), new boolean[0][], 0))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no rows");
    }

    @Test
    void linesWritesOnePanelWithEverySeries() throws IOException {
        double[] x = new double[100];
        Map<String, double[]> ys = new LinkedHashMap<>();
        ys.put("rate, scheme A", new double[100]);
        ys.put("rate, scheme B", new double[100]);
        for (int i = 0; i < x.length; i++) {
            x[i] = i * 10;
            ys.get("rate, scheme A")[i] = 0.3 + 0.1 * Math.sin(i / 5.0);
            ys.get("rate, scheme B")[i] = i == 50 ? NaN : 0.2;
        }
        Path png = dir.resolve("lines.png");
        Charts.lines(png, "injection rate", "cycle", "flits/node/cycle", x, ys);
        BufferedImage img = read(png);
        assertThat(img.getWidth()).isBetween(800, 1000);
        assertThat(img.getHeight()).isBetween(500, 800);
        assertThat(pixelsNear(img, new Color(0xd55e00))).as("second series' color").isGreaterThan(50);
    }

    @Test
    void linesRejectsNoSeriesAndSeriesOfTheWrongLength() {
        double[] x = {1, 2, 3};
        assertThatThrownBy(() -> Charts.lines(dir.resolve("x.png"), "t", "x", "y", x, Map.of()))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one y series");
        assertThatThrownBy(() -> Charts.lines(dir.resolve("x.png"), "t", "x", "y", x, Map.of("a", new double[2])))
            .isInstanceOf(IllegalArgumentException.class).hasMessage("series 'a' has 2 values but x has 3");
    }

    @Test
    void chartsRunHeadless() throws IOException {
        Charts.lines(dir.resolve("h.png"), "t", "x", "y", new double[] {1}, Map.of("a", new double[] {1}));
        assertThat(System.getProperty("java.awt.headless")).isEqualTo("true");
    }

    @Test
    void spaceTimeExplainsAChartWhereNothingWasBusyAndAlwaysHasALegend() throws IOException {
        List<String> idle = Charts.spaceTimeNotes(grid(3, 200, false, false), 1, 500);
        assertThat(idle).hasSize(2);
        assertThat(idle.get(0)).startsWith("legend: dark = busy").contains("one column per cycle");
        assertThat(idle.get(1)).isEqualTo("nothing was busy: none of the 3 buffers was busy in any of the 200 cycles "
            + "from cycle 500 (the load is too low to back this row up)");
        List<String> some = Charts.spaceTimeNotes(grid(3, 200, true, false), 4, 0);
        assertThat(some).hasSize(1);
        assertThat(some.get(0)).contains("a column covers 4 cycles");
        Path png = dir.resolve("idle.png");
        Charts.spaceTime(png, "idle", names(3), grid(3, 200, false, false), 500);
        assertThat(png).exists();
    }
}
