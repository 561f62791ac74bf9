package flowproof;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The package layers of the production code (DEVELOPING.md, "Layers"), from the bottom:
 * the core model, the engines, report, spec, the decision (the library API and the fuzzer)
 * and the top (the command line and the test support for users). A layer may use the layers
 * below it, never one above; packages may use each other within a layer as long as no two
 * of them form a cycle. Only production classes are imported: tests may use anything.
 */
@AnalyzeClasses(packages = "flowproof", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * Every production class sits in one layer and uses only its own and lower layers. The
     * decision and top layers are optional: {@code flowproof.check} and {@code flowproof.testing}
     * may not exist yet. {@code flowproof.plugin} (plugin loading, used by rule and routing) is
     * core model once it exists.
     */
    @ArchTest
    static final ArchRule LAYERS = layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .withOptionalLayers(true)
        .layer("Core model").definedBy("flowproof", "flowproof.topology..", "flowproof.rule..", "flowproof.routing..",
            "flowproof.traffic..", "flowproof.plugin..")
        .layer("Engines").definedBy("flowproof.cdg..", "flowproof.explore..", "flowproof.solve..", "flowproof.sim..",
            "flowproof.throttle..", "flowproof.cluster..", "flowproof.fabric..")
        .layer("Report").definedBy("flowproof.report..")
        .layer("Spec").definedBy("flowproof.spec..")
        .layer("Decision").definedBy("flowproof.check..", "flowproof.fuzz..", "flowproof.certify..")
        .layer("Top").definedBy("flowproof.cli..", "flowproof.testing..")
        .whereLayer("Core model").mayOnlyBeAccessedByLayers("Engines", "Report", "Spec", "Decision", "Top")
        .whereLayer("Engines").mayOnlyBeAccessedByLayers("Report", "Spec", "Decision", "Top")
        .whereLayer("Report").mayOnlyBeAccessedByLayers("Spec", "Decision", "Top")
        .whereLayer("Spec").mayOnlyBeAccessedByLayers("Decision", "Top")
        .whereLayer("Decision").mayOnlyBeAccessedByLayers("Top")
        .whereLayer("Top").mayNotBeAccessedByAnyLayer()
        .ensureAllClassesAreContainedInArchitecture();

    /** No two packages depend on each other, directly or through others (within a layer too). */
    @ArchTest
    static final ArchRule NO_PACKAGE_CYCLES = slices().matching("flowproof.(**)").should().beFreeOfCycles();

    /** The test libraries are for the test support users get ({@code flowproof.testing}), not for the tool. */
    @ArchTest
    static final ArchRule TEST_LIBRARIES_ONLY_IN_TESTING = noClasses()
        .that().resideOutsideOfPackage("flowproof.testing..")
        .should().dependOnClassesThat().resideInAnyPackage("org.junit..", "org.assertj..", "org.quicktheories..");

    /**
     * Hazelcast is the cluster transport and nothing else: only {@code flowproof.cluster} may use it;
     * the explorer (with its partitioned search) talks to {@code flowproof.explore.distributed.Transport}.
     */
    @ArchTest
    static final ArchRule HAZELCAST_ONLY_IN_THE_CLUSTER_TRANSPORT = noClasses()
        .that().resideOutsideOfPackage("flowproof.cluster..")
        .should().dependOnClassesThat().resideInAnyPackage("com.hazelcast..");

    /** The command line is the top: nothing else calls into it. */
    @ArchTest
    static final ArchRule NOTHING_USES_THE_CLI = noClasses()
        .that().resideInAPackage("flowproof..").and().resideOutsideOfPackage("flowproof.cli..")
        .should().dependOnClassesThat().resideInAPackage("flowproof.cli..");

    /**
     * The engines (explorer, solver, dependency graph, simulator) meet only in the model packages
     * (topology, rule, routing, traffic): none uses another, so an engine can be replaced or added
     * without touching the others. The simulator's schemes ({@code flowproof.throttle}) are part
     * of the simulator.
     */
    @ArchTest
    static final ArchRule ENGINES_ARE_INDEPENDENT = slices()
        .assignedFrom(new com.tngtech.archunit.library.dependencies.SliceAssignment() {
            @Override
            public com.tngtech.archunit.library.dependencies.SliceIdentifier getIdentifierOf(
                com.tngtech.archunit.core.domain.JavaClass c) {
                String p = c.getPackageName();
                for (String engine : new String[] {"explore", "solve", "cdg", "sim", "fabric"}) {
                    if (p.equals("flowproof." + engine) || p.startsWith("flowproof." + engine + ".")) {
                        return com.tngtech.archunit.library.dependencies.SliceIdentifier.of(engine);
                    }
                }
                if (p.equals("flowproof.throttle") || p.startsWith("flowproof.throttle.")) {
                    return com.tngtech.archunit.library.dependencies.SliceIdentifier.of("sim");
                }
                return com.tngtech.archunit.library.dependencies.SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the engines explore, solve, cdg and sim (with throttle)";
            }
        })
        .should().notDependOnEachOther();

    /**
     * The certificate checker is independent of the engines it checks (issue 44): it shares with them only
     * the model (topology, routing function, rule, the spec reader), never the dependency graph builder,
     * the explorer's search, the solver, the decision or the queue-level routes the engines share.
     */
    @ArchTest
    static final ArchRule CERTIFICATE_CHECKER_IS_INDEPENDENT = noClasses()
        .that().resideInAPackage("flowproof.certify..")
        .should().dependOnClassesThat().resideInAnyPackage("flowproof.cdg..", "flowproof.solve..", "flowproof.check..",
            "flowproof.sim..", "flowproof.cluster..")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("flowproof.routing.QueueRoutes")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("flowproof.explore.Expander")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("flowproof.explore.Explorer");
}
