package flowproof.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one way flowproof writes an output file (counterexamples, fuzz counterexamples, CSV,
 * PNG, DOT, SVG): atomically. The content goes to a temporary file in the target's folder
 * (created when missing), which is then renamed over the target, so that a reader never
 * sees half a file and a failed write leaves the old file, if any, in place.
 *
 * <p>A file that cannot be written (its folder is a file, no permission, a name too long,
 * a full disk, the target is a folder) is a {@link Failure}: one line naming the file and
 * why. Commands print it after their result and exit with 2 (bad input: the output path
 * the user gave).
 */
public final class OutputFile {

    /** A file that could not be written; the message is one line: {@code FILE: cannot write: REASON}. */
    public static final class Failure extends IOException {
        private final transient Path file;

        Failure(Path file, String reason) {
            super(file + ": cannot write: " + oneLine(reason));
            this.file = file;
        }

        public Path file() {
            return file;
        }
    }

    /** Writes the content of a file to a stream. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private OutputFile() {
    }

    /** Writes {@code text} (UTF-8) to {@code file} atomically. */
    public static void write(Path file, String text) throws Failure {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(file, out -> out.write(bytes));
    }

    /** Writes {@code bytes} to {@code file} atomically. */
    public static void write(Path file, byte[] bytes) throws Failure {
        write(file, out -> out.write(bytes));
    }

    /** Writes what {@code content} produces to {@code file} atomically: a temporary file, then a rename. */
    public static void write(Path file, Content content) throws Failure {
        Path target = file.toAbsolutePath().normalize();
        Path dir = target.getParent();
        if (dir == null) {
            throw new Failure(file, "expected a file name, found the root folder");
        }
        if (Files.isDirectory(target)) {
            throw new Failure(file, "expected a file, found a folder of that name");
        }
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new Failure(file, "expected a folder, found a file: " + e.getFile());
        } catch (IOException e) {
            throw failure(file, e);
        }
        Path tmp = null;
        try {
            tmp = createTemporary(dir);
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                content.writeTo(out);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            tmp = null;
        } catch (Failure e) {
            throw e;
        } catch (IOException e) {
            throw failure(file, e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the write already failed; the message says why
                }
            }
        }
    }

    /**
     * A new empty file in {@code dir} with a short name of its own (not derived from the
     * target's, which may already be as long as the file system allows), created with the
     * default permissions (unlike {@link Files#createTempFile}, which makes it private).
     */
    private static Path createTemporary(Path dir) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(".flowproof-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    private static Failure failure(Path file, IOException e) {
        String reason;
        if (e instanceof AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof NoSuchFileException) {
            reason = "no such file or folder";
        } else if (e instanceof FileSystemException f && f.getReason() != null) {
            reason = f.getReason().toLowerCase(java.util.Locale.ROOT);
        } else {
            return new Failure(file, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
        String named = ((FileSystemException) e).getFile();
        Path name = named == null ? null : Path.of(named).getFileName();
        // the temporary file is not worth naming: the message names the target
        boolean temporary = name != null && name.toString().startsWith(".flowproof-");
        return new Failure(file, reason + (named == null || temporary ? "" : " (" + named + ")"));
    }

    private static String oneLine(String s) {
        String t = s.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
        return t.length() > 300 ? t.substring(0, 297) + "..." : t;
    }
}
