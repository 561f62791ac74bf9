package flowproof.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The command reference (docs/reference/commands.md), written from picocli's own model of
 * the commands: every command, its description, its parameters and every option with its
 * description and default. Generated, so it cannot drift from the code:
 * {@code CommandReferenceTest} fails when the committed page differs from what this writes.
 */
public final class CommandReference {

    private CommandReference() {
    }

    /** The whole page, in Markdown. */
    public static String markdown() {
        CommandLine main = new CommandLine(new Main());
        StringBuilder b = new StringBuilder();
        b.append("# Command reference\n\n");
        b.append("Generated from the commands' own definitions (`CommandReference`); do not edit by hand.\n");
        b.append("`mvn -B -o -q test -Dtest=CommandReferenceTest -Dflowproof.writeReference=true` rewrites it.\n");
        b.append("Every command takes `--help`; run them with the `flowproof` launcher at the top of the\n");
        b.append("repository (`./flowproof COMMAND ...`).\n\n");
        b.append("Exit codes, for every command: 0 success (proved, deadlock-free, as expected), 1 a\n");
        b.append("violation (counterexample), 2 bad input (one line on standard error: file, field, expected,\n");
        b.append("found; see [errors](../errors.md)), 3 incomplete (a limit was reached: never a pass), 70 an\n");
        b.append("internal error. Each command's description says which of these it uses.\n\n");
        b.append("| command | what it does |\n|---|---|\n");
        for (Map.Entry<String, CommandLine> e : main.getSubcommands().entrySet()) {
            b.append("| [`").append(e.getKey()).append("`](#").append(e.getKey()).append(") | ")
                .append(cell(firstSentence(e.getValue().getCommandSpec()))).append(" |\n");
        }
        for (Map.Entry<String, CommandLine> e : main.getSubcommands().entrySet()) {
            command(b, e.getKey(), e.getValue().getCommandSpec());
        }
        return b.toString();
    }

    private static void command(StringBuilder b, String name, CommandSpec spec) {
        b.append("\n## ").append(name).append("\n\n");
        b.append("```\n").append(synopsis(name, spec)).append("\n```\n\n");
        for (String line : spec.usageMessage().description()) {
            b.append(line).append("\n\n");
        }
        List<PositionalParamSpec> params = spec.positionalParameters();
        if (!params.isEmpty()) {
            b.append("| parameter | meaning |\n|---|---|\n");
            for (PositionalParamSpec p : params) {
                b.append("| `").append(p.paramLabel()).append("` | ").append(cell(String.join(" ", p.description())))
                    .append(" |\n");
            }
            b.append("\n");
        }
        List<OptionSpec> options = new ArrayList<>();
        for (OptionSpec o : spec.options()) {
            if (!o.hidden()) {
                options.add(o);
            }
        }
        if (!options.isEmpty()) {
            b.append("| option | meaning | default |\n|---|---|---|\n");
            for (OptionSpec o : options) {
                String label = o.arity().max > 0 || o.isMultiValue() ? " " + o.paramLabel() : "";
                b.append("| `").append(cell(String.join("`, `", o.names()) + label))
                    .append("` | ").append(cell(String.join(" ", o.description()))).append(" | ")
                    .append(o.defaultValue() == null ? "" : "`" + o.defaultValue() + "`").append(" |\n");
            }
        }
    }

    private static String synopsis(String name, CommandSpec spec) {
        StringBuilder s = new StringBuilder("flowproof ").append(name);
        if (!spec.options().isEmpty()) {
            s.append(" [OPTIONS]");
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            boolean optional = p.arity().min == 0;
            s.append(' ').append(optional ? "[" : "").append(p.paramLabel()).append(p.isMultiValue() ? "..." : "")
                .append(optional ? "]" : "");
        }
        return s.toString();
    }

    private static String firstSentence(CommandSpec spec) {
        String[] d = spec.usageMessage().description();
        if (d.length == 0) {
            return "";
        }
        String s = d[0];
        int dot = s.indexOf(". ");
        return dot > 0 ? s.substring(0, dot + 1) : s;
    }

    /** Text fit for one table cell: no line breaks, no unescaped pipes. */
    private static String cell(String s) {
        return s.replace("\r", "").replace("\n", " ").replace("|", "\\|");
    }

    /** For the test: every option of every command, as "command option". */
    static List<String> allOptions() {
        List<String> out = new ArrayList<>();
        CommandLine main = new CommandLine(new Main());
        for (Map.Entry<String, CommandLine> e : main.getSubcommands().entrySet()) {
            for (ArgSpec a : e.getValue().getCommandSpec().args()) {
                if (a instanceof OptionSpec o && !o.hidden()) {
                    out.add(e.getKey() + " " + o.longestName());
                }
            }
        }
        return out;
    }
}
