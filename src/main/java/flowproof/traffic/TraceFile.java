package flowproof.traffic;

import flowproof.ConfigurationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A message trace in CSV: one message per line, {@code cycle,source,destination,flits}
 * (the cycle the message is created, relative to the trace's start; source and destination
 * as ranks of the trace, 0 to ranks-1; the message's length in flits). Lines starting with
 * {@code #} and blank lines are skipped; the first other line may be the header
 * {@code cycle,source,destination,flits}. A message longer than a packet is split into
 * packets by {@link TraceWorkload}. Every mistake is a {@link ConfigurationException} naming
 * the field, the file, its line and column, what was expected and what was found.
 */
public final class TraceFile {

    /** The header line (optional). */
    public static final String HEADER = "cycle,source,destination,flits";

    /** One message of a trace. */
    public record Message(long cycle, int source, int destination, int flits) {
    }

    private static final String[] COLUMNS = HEADER.split(",");

    private TraceFile() {
    }

    /**
     * The messages of {@code path}, in file order.
     *
     * @param field the spec field naming the file (for messages)
     * @param ranks the number of ranks (terminals of the trace's mix entry)
     * @throws ConfigurationException on an unreadable file, a malformed line, a rank outside
     *     0..ranks-1, a message to its own source, a length below 1 flit, or no message at all
     */
    public static List<Message> read(Path path, String field, int ranks) {
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new ConfigurationException(field, "a readable trace file (CSV " + HEADER + ")",
                path + " (" + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()) + ")");
        }
        return parse(lines, path.toString(), field, ranks);
    }

    /** As {@link #read}, from the lines of a file called {@code name}. */
    static List<Message> parse(List<String> lines, String name, String field, int ranks) {
        List<Message> out = new ArrayList<>();
        boolean first = true;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (first && line.replace(" ", "").equals(HEADER)) {
                first = false;
                continue;
            }
            first = false;
            String at = field + " (" + name + " line " + (i + 1);
            String[] parts = line.split(",", -1);
            if (parts.length != COLUMNS.length) {
                throw new ConfigurationException(at + ")", "4 comma-separated columns " + HEADER,
                    parts.length + " column" + (parts.length == 1 ? "" : "s") + ": \"" + cut(line) + "\"");
            }
            long cycle = number(parts[0], at, 0, 0, Long.MAX_VALUE, "a cycle of 0 or more");
            int source = (int) number(parts[1], at, 1, 0, ranks - 1, "a rank from 0 to " + (ranks - 1)
                + " (the trace entry's " + ranks + " terminals)");
            int destination = (int) number(parts[2], at, 2, 0, ranks - 1, "a rank from 0 to " + (ranks - 1)
                + " (the trace entry's " + ranks + " terminals)");
            if (destination == source) {
                throw new ConfigurationException(at + ", " + COLUMNS[2] + ")", "a destination other than the source",
                    Integer.toString(destination));
            }
            int flits = (int) number(parts[3], at, 3, 1, Integer.MAX_VALUE, "a length of at least 1 flit");
            out.add(new Message(cycle, source, destination, flits));
        }
        if (out.isEmpty()) {
            throw new ConfigurationException(field, "a trace with at least one message (CSV " + HEADER + ")",
                name + " (no message line)");
        }
        return out;
    }

    private static long number(String text, String at, int column, long min, long max, String expected) {
        String s = text.strip();
        String where = at + ", " + COLUMNS[column] + ")";
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new ConfigurationException(where, expected, "\"" + cut(s) + "\"");
        }
        if (v < min || v > max) {
            throw new ConfigurationException(where, expected, s);
        }
        return v;
    }

    private static String cut(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
