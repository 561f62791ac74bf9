package flowproof.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import flowproof.certify.CertificateChecker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "certify", mixinStandardHelpOptions = true,
    description = {"Re-checks proof certificates (check --certificate) with the independent checker "
        + "(flowproof.certify): it reads the spec the certificate carries and enumerates the dependencies of its "
        + "traffic itself, sharing with the engines only the model, and checks that every one increases the "
        + "certificate's numbering.",
        "Exit code: 0 every certificate valid, 2 bad input (a file that does not read), 3 a certificate of a kind the "
            + "checker does not cover, 70 a certificate that fails its check (a bug: a proof without a valid argument)."})
final class CertifyCommand implements Callable<Integer> {

    @Parameters(paramLabel = "CERT", arity = "1..*", description = "certificate files (JSON)")
    List<Path> files;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec cmd;

    @Override
    public Integer call() {
        var out = cmd.commandLine().getOut();
        var err = cmd.commandLine().getErr();
        int exit = 0;
        for (Path f : files) {
            JsonNode tree;
            try {
                tree = new ObjectMapper().readTree(Files.readString(f));
            } catch (IOException e) {
                err.println(f + ": expected a certificate (JSON), found " + e.getMessage().lines().findFirst().orElse(""));
                return Main.BAD_INPUT;
            }
            CertificateChecker.Result r = CertificateChecker.check(tree);
            out.println(f + ": " + r.message());
            if (!r.covered()) {
                exit = Math.max(exit, 3);
            } else if (!r.valid()) {
                exit = 70;
            }
        }
        return exit;
    }
}
