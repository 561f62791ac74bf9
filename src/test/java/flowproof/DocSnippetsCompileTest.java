package flowproof;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java snippet of the docs compiles as a reader would paste it (issue 45: the snippets of
 * docs/library.md, docs/plugins.md and docs/guide/java.md omitted the checked
 * {@code SpecException}). A snippet that is a whole file (it declares a package or a class) is
 * compiled as it is; any other is the body of a method that declares no exception, so a checked
 * exception the snippet does not handle fails the test. The variables a fragment uses without
 * declaring are named in an HTML comment before it, {@code <!-- java: Spec spec, Decision d -->},
 * and become the method's parameters. The usual imports are added: java.util, java.nio.file,
 * java.util.stream, flowproof's public packages, JUnit 5, and the static assertions of
 * flowproof.testing and QuickTheories. The snippets of one page compile together (a later one may
 * use a class an earlier one declares), with examples/custom-rule's SlackBubble.
 */
class DocSnippetsCompileTest {

    private static final Pattern BLOCK = Pattern.compile("(?:<!-- java: ([^>]*?) -->\\s*\\n)?```java\\n(.*?)```",
        Pattern.DOTALL);
    private static final String IMPORTS = String.join("\n",
        "import java.util.*;", "import java.util.stream.*;", "import java.nio.file.*;",
        "import flowproof.check.*;", "import flowproof.spec.*;", "import flowproof.testing.*;", "import flowproof.rule.*;",
        "import flowproof.topology.*;", "import flowproof.routing.*;", "import flowproof.traffic.*;",
        "import flowproof.plugin.*;", "import flowproof.sim.*;", "import flowproof.fuzz.*;",
        "import flowproof.explore.Property;", "import flowproof.check.Options;",
        "import org.junit.jupiter.api.*;", "import com.example.*;",
        "import static flowproof.testing.FlowproofAssertions.assertThat;",
        "import static org.quicktheories.QuickTheory.qt;", "");

    @TempDir
    Path tmp;

    static List<Path> pages() throws Exception {
        try (Stream<Path> s = Files.walk(Path.of("docs"))) {
            return s.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
    }

    @Test
    void everyJavaSnippetOfTheDocsCompiles() throws Exception {
        int snippets = 0;
        List<String> failures = new ArrayList<>();
        for (Path page : pages()) {
            Matcher m = BLOCK.matcher(Files.readString(page));
            List<Path> sources = new ArrayList<>();
            Path dir = Files.createDirectories(tmp.resolve(page.toString().replace('/', '_')));
            int n = 0;
            while (m.find()) {
                n++;
                snippets++;
                String code = m.group(2);
                String context = m.group(1) == null ? "" : m.group(1).trim();
                String unit;
                String name;
                Matcher cls = Pattern.compile("(?m)^(?:public )?(?:final )?(?:class|interface|record|enum) (\\w+)")
                    .matcher(code);
                if (code.contains("package ") || cls.find() && code.strip().startsWith("class")
                    || code.strip().startsWith("public") || code.strip().startsWith("package")) {
                    cls.reset();
                    name = cls.find() ? cls.group(1) : "Snippet" + n;
                    unit = code.startsWith("package ") ? code.replaceFirst("(package [\\w.]+;)", "$1\n" + IMPORTS)
                        : IMPORTS + code;
                } else {
                    name = "Snippet" + n;
                    String lead = code.strip();
                    if (lead.startsWith("@") || lead.startsWith("static ")) {
                        // a method (a test, a helper): a class around it
                        unit = IMPORTS + "class " + name + " {\n" + code + "\n}\n";
                    } else {
                        // the snippet's own imports go to the top of the file
                        StringBuilder statics = new StringBuilder();
                        Matcher imp = Pattern.compile("(?m)^import [^\\n]*$").matcher(code);
                        while (imp.find()) {
                            statics.append(imp.group()).append('\n');
                        }
                        String rest = code.replaceAll("(?m)^import [^\\n]*$", "");
                        unit = IMPORTS + statics + "class " + name + " {\n    void snippet(" + context + ") {\n" + rest
                            + "\n    }\n}\n";
                    }
                }
                Path pkgDir = dir;
                Matcher pkg = Pattern.compile("^package ([\\w.]+);").matcher(unit);
                if (pkg.find()) {
                    pkgDir = Files.createDirectories(dir.resolve(pkg.group(1).replace('.', '/')));
                }
                Path file = pkgDir.resolve(name + ".java");
                Files.writeString(file, unit);
                sources.add(file);
            }
            if (sources.isEmpty()) {
                continue;
            }
            sources.add(Path.of("examples/custom-rule/src/main/java/com/example/SlackBubble.java"));
            String problem = compile(sources, dir);
            if (problem != null) {
                failures.add(page + ":\n" + problem);
            }
        }
        assertThat(snippets).isGreaterThanOrEqualTo(12);
        assertThat(failures).as(String.join("\n\n", failures)).isEmpty();
    }

    private static String location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static String compile(List<Path> sources, Path dir) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        String cp = String.join(java.io.File.pathSeparator, location(flowproof.check.Flowproof.class),
            location(Test.class), location(org.assertj.core.api.Assertions.class),
            location(org.quicktheories.QuickTheory.class), location(org.opentest4j.AssertionFailedError.class),
            location(org.apiguardian.api.API.class));
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
            Path out = Files.createDirectories(dir.resolve("classes"));
            boolean ok = javac.getTask(null, files, diagnostics, List.of("-classpath", cp, "-d", out.toString(),
                "-proc:none", "-Xlint:none"), null, files.getJavaFileObjectsFromPaths(sources)).call();
            if (ok) {
                return null;
            }
            StringBuilder s = new StringBuilder();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    s.append(d.getSource() == null ? "" : Path.of(d.getSource().toUri()).getFileName()).append(':')
                        .append(d.getLineNumber()).append(": ").append(d.getMessage(null)).append('\n');
                }
            }
            return s.toString();
        }
    }
}
