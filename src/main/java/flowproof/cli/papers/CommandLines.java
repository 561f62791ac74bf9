package flowproof.cli.papers;

import java.util.ArrayList;
import java.util.List;

/** Splits a command line into arguments as a POSIX shell would for plain words and quotes. */
public final class CommandLines {

    private CommandLines() {
    }

    /**
     * The arguments of {@code line}: words separated by blanks; '...' and "..." quote (no escapes
     * inside '...', a backslash escapes the next character elsewhere).
     *
     * @throws IllegalArgumentException for an unbalanced quote
     */
    public static List<String> split(String line) {
        List<String> args = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean word = false;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    cur.append(c);
                }
            } else if (c == '\\' && i + 1 < line.length()) {
                cur.append(line.charAt(++i));
                word = true;
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else {
                    cur.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = true;
            } else if (Character.isWhitespace(c)) {
                if (word) {
                    args.add(cur.toString());
                    cur.setLength(0);
                    word = false;
                }
            } else {
                cur.append(c);
                word = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("unbalanced " + quote);
        }
        if (word) {
            args.add(cur.toString());
        }
        return args;
    }
}
