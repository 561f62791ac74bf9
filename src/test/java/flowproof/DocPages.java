package flowproof;

import flowproof.cli.Main;
import flowproof.spec.SpecException;
import flowproof.spec.SpecReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the Markdown pages (README.md, DEVELOPING.md, docs/) as the tests check them: their
 * links and headings, their YAML blocks, and their command lines, run in order as a script.
 *
 * <p>The conventions a page follows (DEVELOPING.md, "Documentation"): a fenced {@code yaml}
 * block is a whole spec, unless the line before it is {@code <!-- fragment -->}; with
 * {@code <!-- file: PATH -->} before it, the spec is written to PATH (relative to the
 * page's working folder) before the commands after it run; any other fenced block with that
 * marker (a BookSim configuration, an anynet file) is written there as it is. A line {@code $ ./flowproof ...}
 * in a fenced block is a command; it must exit 0, or N when it ends in {@code # exit N}.
 * The lines after a command, up to the next command or the end of the block, are output the
 * command must print (each line, spaces collapsed and decimals masked, since times vary;
 * {@code ...} skips lines).
 */
final class DocPages {

    private DocPages() {
    }

    /** A fenced code block: its info string, the marker comment before it (or ""), its lines. */
    record Block(Path page, int line, String info, String marker, List<String> lines) {
        String where() {
            return page + ":" + line;
        }
    }

    /** A command's outcome. */
    record Run(Block block, String command, int expected, int exit, String out, String err, List<String> shown) {
    }

    /** README.md, DEVELOPING.md and every page under docs/. */
    static List<Path> allPages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md"), Path.of("DEVELOPING.md")));
        try (Stream<Path> s = Files.walk(Path.of("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** README.md and the guides: the pages whose specs and commands are run. */
    static List<Path> runPages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> s = Files.walk(Path.of("docs/guide"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    static List<Block> blocks(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page);
        List<Block> out = new ArrayList<>();
        String lastText = "";
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            String t = l.trim();
            if (t.startsWith("```")) {
                String info = t.substring(3).trim();
                String marker = lastText.startsWith("<!--") && lastText.endsWith("-->")
                    ? lastText.substring(4, lastText.length() - 3).trim() : "";
                List<String> body = new ArrayList<>();
                int start = i + 1;
                int indent = l.indexOf('`');
                for (i = i + 1; i < lines.size() && !lines.get(i).trim().startsWith("```"); i++) {
                    String b = lines.get(i);
                    body.add(b.length() >= indent && b.substring(0, indent).isBlank() ? b.substring(indent) : b);
                }
                out.add(new Block(page, start, info, marker, body));
                lastText = "";
            } else if (!t.isEmpty()) {
                lastText = t;
            }
        }
        return out;
    }

    /** The page's text outside fenced blocks, with inline code spans blanked. */
    static List<String> prose(Path page) throws IOException {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        for (String l : Files.readAllLines(page)) {
            if (l.trim().startsWith("```")) {
                fenced = !fenced;
                out.add("");
            } else {
                out.add(fenced ? "" : l.replaceAll("`[^`]*`", "``"));
            }
        }
        return out;
    }

    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    /** Every link target of the page outside code, with its line number: "12 docs/model.md#x". */
    static List<String[]> links(Path page) throws IOException {
        List<String[]> out = new ArrayList<>();
        List<String> text = prose(page);
        for (int i = 0; i < text.size(); i++) {
            Matcher m = LINK.matcher(text.get(i));
            while (m.find()) {
                out.add(new String[] {Integer.toString(i + 1), m.group(1)});
            }
        }
        return out;
    }

    /** The anchors GitHub gives the page's headings (duplicates numbered -1, -2, ...). */
    static Set<String> anchors(Path page) throws IOException {
        Set<String> out = new LinkedHashSet<>();
        boolean fenced = false;
        for (String l : Files.readAllLines(page)) {
            if (l.trim().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced && l.startsWith("#")) {
                String h = l.replaceFirst("^#+\\s*", "").replace("`", "");
                String slug = h.toLowerCase().replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                String s = slug;
                for (int n = 1; !out.add(s); n++) {
                    s = slug + "-" + n;
                }
            }
        }
        return out;
    }

    /** The file a "file: PATH" marker names, or null. */
    static String fileMarker(Block b) {
        return b.marker().startsWith("file:") ? b.marker().substring(5).trim() : null;
    }

    static boolean isSpec(Block b) {
        return (b.info().equals("yaml") || b.info().equals("yml")) && !b.marker().equals("fragment");
    }

    /** Reads a spec block with the real reader, written to its file (or a scratch file) under {@code dir}. */
    static void readSpec(Block b, Path dir) throws IOException {
        String name = fileMarker(b);
        Path file = dir.resolve(name != null ? name : "block-" + b.line() + ".yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", b.lines()) + "\n");
        try {
            SpecReader.read(file);
        } catch (SpecException e) {
            throw new AssertionError(b.where() + ": the spec does not parse: " + e.getMessage(), e);
        }
    }

    /**
     * Runs the page as a script in {@code dir}: file blocks are written there, and commands run
     * through {@link Main#run} with their path arguments resolved in {@code dir} when the file
     * is there or is not in the repository (so they read the repository's specs and write only
     * under {@code dir}); commands that save traces save them under {@code dir/counterexamples}.
     */
    static List<Run> run(Path page, Path dir) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (Block b : blocks(page)) {
            if (isSpec(b)) {
                readSpec(b, dir);
                continue;
            }
            if (fileMarker(b) != null) {
                Path file = dir.resolve(fileMarker(b));
                Files.createDirectories(file.getParent());
                Files.writeString(file, String.join("\n", b.lines()) + "\n");
                continue;
            }
            List<String> lines = b.lines();
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i);
                if (!l.startsWith("$ ./flowproof")) {
                    continue;
                }
                StringBuilder cmd = new StringBuilder(l.substring(2));
                while (cmd.toString().endsWith("\\") && i + 1 < lines.size()) {
                    cmd.setLength(cmd.length() - 1);
                    cmd.append(' ').append(lines.get(++i).trim());
                }
                List<String> shown = new ArrayList<>();
                for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("$ "); j++) {
                    shown.add(lines.get(j));
                }
                runs.add(command(b, cmd.toString(), dir, shown));
            }
        }
        return runs;
    }

    private static final Pattern EXIT = Pattern.compile("#\\s*exit (\\d+)");

    /** Options whose value is a file or folder a command writes: always under the page's folder. */
    private static final Set<String> OUTPUT_OPTIONS = Set.of("--html", "--out", "--counterexamples", "--svg", "--dot",
        "--csv", "--png", "--over-time", "--space-time");

    private static Run command(Block b, String line, Path dir, List<String> shown) {
        int expected = 0;
        String cmd = line;
        int hash = line.indexOf(" #");
        if (hash >= 0) {
            Matcher m = EXIT.matcher(line.substring(hash));
            if (m.find()) {
                expected = Integer.parseInt(m.group(1));
            }
            cmd = line.substring(0, hash);
        }
        List<String> words = words(cmd.trim());
        if (!words.get(0).equals("./flowproof")) {
            throw new AssertionError(b.where() + ": not a flowproof command: " + line);
        }
        List<String> args = new ArrayList<>();
        String previous = "";
        for (String w : words.subList(1, words.size())) {
            boolean output = OUTPUT_OPTIONS.contains(previous);
            args.add(output || !w.startsWith("-") && Files.exists(dir.resolve(w)) ? dir.resolve(w).toString()
                : !w.startsWith("-") && (w.contains("/")
                || w.matches(".*\\.(yaml|yml|json|svg|png|csv|dot|txt|html)")) ? resolve(w, dir) : w);
            previous = w;
        }
        String sub = args.isEmpty() ? "" : args.get(0);
        if (List.of("check", "explore", "verify", "prove").contains(sub) && !args.contains("--no-save")
            && !args.contains("--counterexamples")) {
            args.add("--counterexamples");
            args.add(dir.resolve("counterexamples").toString());
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        String prefix = dir.toString() + "/";
        return new Run(b, line, expected, exit, out.toString().replace(prefix, ""), err.toString().replace(prefix, ""),
            shown);
    }

    private static String resolve(String w, Path dir) {
        Path mine = dir.resolve(w);
        if (Files.exists(mine) || !Files.exists(Path.of(w))) {
            return mine.toString();
        }
        return w;
    }

    private static List<String> words(String s) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)").matcher(s);
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return out;
    }

    /** A line as compared: spaces collapsed, decimals masked (times vary from run to run). */
    static String normal(String s) {
        return s.trim().replaceAll("\\s+", " ").replaceAll("\\d[\\d,]*\\.\\d+", "#");
    }

    /** The shown output lines that the command did not print, or none. */
    static List<String> missingOutput(Run r) {
        Set<String> printed = new LinkedHashSet<>();
        for (String l : (r.out() + "\n" + r.err()).split("\n")) {
            printed.add(normal(l));
        }
        List<String> missing = new ArrayList<>();
        for (String s : r.shown()) {
            String n = normal(s);
            if (!n.isEmpty() && !n.equals("...") && !printed.contains(n)) {
                missing.add(s);
            }
        }
        return missing;
    }
}
