package flowproof.cluster;

import flowproof.plugin.Plugins;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The plugins of the run that drives a cluster ({@code --plugins}), as bytes that travel with
 * every job: each jar as it is, each folder of classes as a jar made of its files. A worker
 * started with {@code --accept-plugins} runs the job with a class loader over these jars (written
 * once per bundle into a folder of its own), so that it runs the driver's own rules, routing and
 * schemes; one without keeps its own {@code --plugins}. Two bundles of the same files have the
 * same {@link #digest}, so a member whose own plugins are the driver's uses its own loader.
 */
final class PluginBundle implements Serializable {

    private static final long serialVersionUID = 1L;

    /** User-context key: the digest of the member's own plugins' bundle (absent without plugins). */
    static final String OWN = "flowproof.plugins.own";
    /** User-context key: {@link Boolean#TRUE} on a worker that runs the plugins a driver sends. */
    static final String ACCEPT = "flowproof.plugins.accept";
    /** User-context key prefix: the class loader of a bundle received, by its digest. */
    private static final String LOADER = "flowproof.plugins.";

    private final List<String> names;
    private final List<byte[]> jars;
    private final String digest;

    private PluginBundle(List<String> names, List<byte[]> jars) {
        this.names = List.copyOf(names);
        this.jars = List.copyOf(jars);
        this.digest = digestOf(names, jars);
    }

    /**
     * The bundle of the plugins {@code loader} was opened over ({@link Plugins#open}), or null when
     * it is not a plugins' loader (no {@code --plugins}).
     */
    static PluginBundle of(ClassLoader loader) {
        if (!(loader instanceof URLClassLoader u) || !Plugins.LOADER_NAME.equals(u.getName())) {
            return null;
        }
        List<String> names = new ArrayList<>();
        List<byte[]> jars = new ArrayList<>();
        try {
            for (URL url : u.getURLs()) {
                Path p = Path.of(url.toURI());
                if (Files.isDirectory(p)) {
                    byte[] classes = jarOf(p);
                    if (classes != null) {
                        names.add(names.size() + "-" + p.getFileName() + ".jar");
                        jars.add(classes);
                    }
                } else {
                    names.add(names.size() + "-" + p.getFileName());
                    jars.add(Files.readAllBytes(p));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("--plugins: cannot read the plugins to send them to the members", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return new PluginBundle(names, jars);
    }

    /** The files of a folder of classes as a jar (jars at its top level are left out: the loader has them apart); null if none. */
    private static byte[] jarOf(Path folder) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int entries = 0;
        try (ZipOutputStream zip = new ZipOutputStream(bytes); Stream<Path> files = Files.walk(folder)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = folder.relativize(f).toString().replace('\\', '/');
                String lower = name.toLowerCase(Locale.ROOT);
                if (!name.contains("/") && (lower.endsWith(".jar") || lower.endsWith(".zip"))) {
                    continue;
                }
                ZipEntry e = new ZipEntry(name);
                e.setTime(0); // the same files give the same bytes, so the same digest
                zip.putNextEntry(e);
                Files.copy(f, zip);
                zip.closeEntry();
                entries++;
            }
        }
        return entries == 0 ? null : bytes.toByteArray();
    }

    private static String digestOf(List<String> names, List<byte[]> jars) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (int i = 0; i < jars.size(); i++) {
                sha.update(names.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(jars.get(i));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    String digest() {
        return digest;
    }

    /** Bytes of the plugins' jars. */
    long bytes() {
        return jars.stream().mapToLong(b -> b.length).sum();
    }

    /**
     * The class loader a job of this bundle runs with on a member with user context {@code context}:
     * {@code own} where the member's own plugins are these or it does not accept plugins, else a
     * loader over this bundle's jars, parent flowproof's own (made once per bundle and member).
     */
    ClassLoader loaderOn(Map<String, Object> context, ClassLoader own) {
        if (digest.equals(context.get(OWN)) || !Boolean.TRUE.equals(context.get(ACCEPT))) {
            return own;
        }
        return (ClassLoader) context.computeIfAbsent(LOADER + digest, k -> open());
    }

    private ClassLoader open() {
        try {
            Path folder = Files.createTempDirectory("flowproof-plugins-" + digest.substring(0, 12) + "-");
            folder.toFile().deleteOnExit();
            List<Path> paths = new ArrayList<>();
            for (int i = 0; i < jars.size(); i++) {
                Path jar = Files.write(folder.resolve(names.get(i)), jars.get(i));
                jar.toFile().deleteOnExit();
                paths.add(jar);
            }
            return Plugins.open(paths, PluginBundle.class.getClassLoader());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the plugins the driver sent", e);
        }
    }
}
