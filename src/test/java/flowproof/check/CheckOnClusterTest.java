package flowproof.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import flowproof.cluster.Cluster;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code check} with its full search on three members gives one JVM's decision: the method,
 * the verdict, every count, every property's status and the counterexample traces.
 */
@Timeout(180)
class CheckOnClusterTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** What the decision says, as opposed to how it was computed (time, threads, bytes, the table's layout). */
    private static final List<String> DECIDED = List.of("verdict", "method", "complete", "limit", "states",
        "transitions", "depth", "stuckStates", "undrainableStates", "properties", "counterexample", "traces",
        "expected", "matches", "cycle");

    private static Cluster three;

    @BeforeAll
    static void start() {
        three = Cluster.inJvm(3);
    }

    @AfterAll
    static void stop() {
        three.close();
    }

    private static Options options() {
        return Options.defaults();
    }

    @ParameterizedTest
    @ValueSource(strings = {"r6-ring4-c1-critical-bubble", "graph-ring4-c1-vct", "mesh2x2-xy-yx-1vc",
        "r4-ring4-c2-localized-bubble", "duato-torus3x3-critical-bubble-escape"})
    void checkOnThreeMembersDecidesWhatOneJvmDecides(String name) throws Exception {
        var spec = Flowproof.read(Path.of("specs", name + ".yaml"));
        JsonNode one = JSON.readTree(Flowproof.check(spec, options()).json());
        JsonNode members = JSON.readTree(Flowproof.check(spec, options(), three).json());
        for (String field : DECIDED) {
            assertThat(members.get(field)).as(name + ": " + field).isEqualTo(one.get(field));
        }
        assertThat(one.get("states").asLong()).as(name).isPositive();
    }

    @Test
    void aModelThePartitionedSearchDoesNotCoverIsRefusedBeforeAnythingRuns() throws Exception {
        var spec = Flowproof.read(Path.of("specs", "msg-ring4-bidir-request-reply-shared-vc.yaml"));
        assertThatThrownBy(() -> Flowproof.check(spec, options(), three))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("cluster: expected a spec the search on several members covers");
    }
}
