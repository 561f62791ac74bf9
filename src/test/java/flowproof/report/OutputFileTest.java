package flowproof.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFileTest {

    @TempDir
    Path dir;

    private long leftovers() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(".flowproof-")).count();
        }
    }

    @Test
    void writesCreatesFoldersAndReplacesWithoutLeavingTemporaryFiles() throws IOException {
        Path f = dir.resolve("a/b/out.txt");
        OutputFile.write(f, "first\n");
        OutputFile.write(f, "second\n");
        assertThat(Files.readString(f)).isEqualTo("second\n");
        assertThat(leftovers()).isZero();
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndLeavesNoTemporaryFile() throws IOException {
        Path f = dir.resolve("out.txt");
        OutputFile.write(f, "old\n");
        assertThatThrownBy(() -> OutputFile.write(f, out -> {
            out.write("half".getBytes());
            throw new IOException("disk full");
        })).isInstanceOf(OutputFile.Failure.class).hasMessage(f + ": cannot write: disk full");
        assertThat(Files.readString(f)).isEqualTo("old\n");
        assertThat(leftovers()).isZero();
    }

    @Test
    void aFolderInTheWayOrAFileAsFolderIsAOneLineFailure() throws IOException {
        Path file = Files.writeString(dir.resolve("plain"), "x");
        assertThatThrownBy(() -> OutputFile.write(file.resolve("below.txt"), "y"))
            .isInstanceOf(OutputFile.Failure.class).hasMessageContaining("cannot write: expected a folder, found a file");
        Path folder = Files.createDirectories(dir.resolve("folder"));
        assertThatThrownBy(() -> OutputFile.write(folder, "y"))
            .isInstanceOf(OutputFile.Failure.class).hasMessageContaining("expected a file, found a folder");
        Path tooLong = dir.resolve("n".repeat(300) + ".json");
        assertThatThrownBy(() -> OutputFile.write(tooLong, "y"))
            .isInstanceOf(OutputFile.Failure.class).hasMessageContaining("cannot write: file name too long")
            .hasMessageNotContaining(".flowproof-");
        assertThat(leftovers()).isZero();
    }
}
