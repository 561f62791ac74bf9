package flowproof.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import flowproof.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The routing fields of the turn models and XY-YX: the spec forms a user copies, and every
 * mistake rejected in one line {@code FILE: FIELD: expected ..., found ...}.
 */
class MeshRoutingSpecTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("spec.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private static String spec(String topology, String routing) {
        return "name: t\ntopology: " + topology + "\nrouting: " + routing + "\ncapacity: 1\nrule: vct\n";
    }

    private static String mesh(String routing) {
        return spec("{kind: mesh, radix: [3, 3]}", routing);
    }

    private String rejected(String yaml, String field) throws IOException {
        Path file = write(yaml);
        SpecException e = catchThrowableOfType(SpecException.class, () -> SpecReader.read(file));
        assertThat(e).as("should reject:%n%s", yaml).isNotNull();
        String m = e.getMessage();
        assertThat(m).doesNotContain("\n").startsWith(file + ": " + field + ": expected ").contains(", found ");
        return m;
    }

    @Test
    void theFormsAUserCopiesRead() throws Exception {
        for (String r : new String[] {"west-first", "north-last", "negative-first", "odd-even", "xy-yx",
            "{kind: odd-even}", "{kind: turns, forbid: [[north, west], {from: south, to: west}]}",
            "{kind: turns, forbid: [{from: east, to: north, columns: even}, {from: east, to: south, columns: even},"
                + " {from: north, to: west, columns: odd}, {from: south, to: west, columns: odd}]}"}) {
            Spec s = SpecReader.read(write(mesh(r)));
            assertThat(s.routing().name()).isIn("west-first", "north-last", "negative-first", "odd-even", "xy-yx", "turns");
        }
    }

    @Test
    void xyYxTakesAChoice() throws Exception {
        Spec s = SpecReader.read(write(mesh("{kind: xy-yx, choice: random}")));
        assertThat(s.routing().randomHeader()).isTrue();
        assertThat(SpecReader.read(write(mesh("{kind: xy-yx, choice: queues}"))).routing().randomHeader()).isFalse();
        assertThat(rejected(mesh("{kind: xy-yx, choice: coin}"), "routing.choice"))
            .endsWith("expected queues or random, found \"coin\"");
        assertThat(rejected(mesh("{kind: odd-even, choice: random}"), "routing.choice"))
            .contains("no choice for routing odd-even");
    }

    @Test
    void unknownRoutingName() throws IOException {
        assertThat(rejected(mesh("east-first"), "routing")).contains("west-first").contains("odd-even")
            .endsWith("found \"east-first\"");
        assertThat(rejected(mesh("{kind: east-first}"), "routing.kind")).endsWith("found \"east-first\"");
    }

    @Test
    void aForbiddenTurnNamingAnUnknownDirection() throws IOException {
        assertThat(rejected(mesh("{kind: turns, forbid: [[up, west]]}"), "routing.forbid[0][0]"))
            .contains("east, west, north, south").endsWith("found \"up\"");
        assertThat(rejected(mesh("{kind: turns, forbid: [[north, west], {from: east, to: left}]}"),
            "routing.forbid[1].to")).endsWith("found \"left\"");
    }

    @Test
    void malformedTurnLists() throws IOException {
        rejected(mesh("{kind: turns, forbid: [[east, west]]}"), "routing.forbid[0]");
        rejected(mesh("{kind: turns, forbid: [{from: east, to: north, columns: prime}]}"), "routing.forbid[0].columns");
        rejected(mesh("{kind: turns, forbid: [{from: east, to: north, rows: even}]}"), "routing.forbid[0].rows");
        rejected(mesh("{kind: turns, forbid: [[east]]}"), "routing.forbid[0]");
        rejected(mesh("{kind: turns, forbid: east}"), "routing.forbid");
        rejected(mesh("{kind: turns}"), "routing.forbid");
        rejected(mesh("{kind: west-first, forbid: []}"), "routing.forbid");
        rejected(mesh("{kind: turns, forbid: [], order: xy}"), "routing.order");
    }

    @Test
    void aTurnSetThatLeavesAPairWithoutARoute() throws IOException {
        assertThat(rejected(mesh("{kind: turns, forbid: [[east, north], [north, east]]}"), "routing.forbid"))
            .contains("found none from (0,0) to (1,1)");
    }

    @Test
    void aTurnModelOnATopologyItDoesNotApplyTo() throws IOException {
        assertThat(rejected(spec("{kind: ring, radix: [4]}", "west-first"), "routing"))
            .contains("a 2-D mesh for routing west-first").endsWith("found unidirectional ring 4");
        assertThat(rejected(spec("{kind: torus, radix: [4, 4], bidirectional: true}", "odd-even"), "routing"))
            .contains("dateline");
        assertThat(rejected(spec("{kind: butterfly, radix: 2, stages: 3}", "north-last"), "routing"))
            .contains("north-last is for 2-D meshes").endsWith("found \"north-last\"");
        assertThat(rejected(spec("{kind: mesh, radix: [2, 2, 2]}", "xy-yx"), "routing"))
            .contains("a 2-D mesh for routing xy-yx");
    }

    @Test
    void checkExitsTwoWithOneLine() throws IOException {
        Path file = write(mesh("{kind: turns, forbid: [[up, west]]}"));
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = Main.run(new String[] {"check", file.toString()}, new java.io.PrintWriter(out, true),
            new java.io.PrintWriter(err, true));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().strip()).doesNotContain("\n").contains("routing.forbid[0][0]");
    }
}
