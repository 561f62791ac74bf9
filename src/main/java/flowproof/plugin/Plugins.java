package flowproof.plugin;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.ConfigurationException;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Builds a user's own rule, routing function, congestion-control scheme, topology or VC-class
 * function that a spec names:
 * {@code {class: com.example.MyRule, params: {...}}} (a public class with a public constructor
 * taking the context and the parameters, the parameters alone, or nothing) or
 * {@code {plugin: my-rule, params: {...}}} (a factory registered for {@link ServiceLoader} in
 * {@code META-INF/services/}). Classes are looked up in the thread's context class loader,
 * which the command line's {@code --plugins} sets to a loader over the user's jars
 * ({@link #open}). Every failure is a {@link ConfigurationException} naming the field and the
 * class: the spec reader turns it into one line.
 */
public final class Plugins {

    /** The name of the class loaders {@link #open} makes. */
    public static final String LOADER_NAME = "flowproof-plugins";

    /** The fields of a plugin mapping. */
    public static final List<String> FIELDS = List.of("class", "plugin", "params");

    /** Classes of plugins built so far, to name the plugin when one fails while an engine runs. */
    private static final Set<String> BUILT = ConcurrentHashMap.newKeySet();

    /** Calls a factory: {@code factory.create(context, params)}. */
    @FunctionalInterface
    public interface Call<F, C, T> {
        T create(F factory, C context, PluginParams params);
    }

    /**
     * What is built: its name in messages (e.g. {@code rule}), the interface it implements, the
     * context its constructor and factory take (null for a plugin built from its parameters
     * alone, as a topology: its constructors are then {@code (PluginParams)} and {@code ()}),
     * and the factory service.
     */
    public record Kind<T, C, F>(String what, Class<T> type, Class<C> context, Class<F> factory,
                                java.util.function.Function<F, String> name, Call<F, C, T> call) {
    }

    private Plugins() {
    }

    /** Whether {@code node} names a plugin: a mapping with {@code class} or {@code plugin}. */
    public static boolean names(JsonNode node) {
        return node != null && node.isObject() && (node.has("class") || node.has("plugin"));
    }

    /** The class loader plugins are looked up in: the thread's context class loader, else flowproof's own. */
    public static ClassLoader loader() {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        return l != null ? l : Plugins.class.getClassLoader();
    }

    /**
     * A class loader over the given jars and folders (a folder: every jar in it, and the folder
     * itself as a folder of classes), whose parent is {@code parent}.
     *
     * @throws ConfigurationException (field {@code --plugins}) for a path that does not exist or
     *                                is a file that is not a jar
     */
    public static URLClassLoader open(List<Path> paths, ClassLoader parent) {
        List<URL> urls = new ArrayList<>();
        for (Path p : paths) {
            try {
                if (Files.isDirectory(p)) {
                    urls.add(p.toUri().toURL());
                    try (Stream<Path> s = Files.list(p)) {
                        for (Path jar : s.filter(f -> isJar(f) && Files.isRegularFile(f)).sorted().toList()) {
                            urls.add(jar.toUri().toURL());
                        }
                    }
                } else if (Files.isRegularFile(p)) {
                    if (!isJar(p)) {
                        throw new ConfigurationException("--plugins", "a jar file (.jar) or a folder of jars or classes",
                            p + ", a file that is not a jar");
                    }
                    if (!Files.isReadable(p)) {
                        throw new ConfigurationException("--plugins", "a jar file that can be read", p + " (no permission)");
                    }
                    urls.add(p.toUri().toURL());
                } else {
                    throw new ConfigurationException("--plugins", "a jar file or a folder (of jars, or of classes) that"
                        + " exists", p + ": no such file or folder");
                }
            } catch (MalformedURLException e) {
                throw new ConfigurationException("--plugins", "a jar file or a folder", p + " (" + e.getMessage() + ")");
            } catch (IOException e) {
                throw new ConfigurationException("--plugins", "a folder that can be listed", p + " (" + e.getMessage() + ")");
            }
        }
        return new URLClassLoader(LOADER_NAME, urls.toArray(new URL[0]), parent);
    }

    private static boolean isJar(Path p) {
        String n = p.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return n.endsWith(".jar") || n.endsWith(".zip");
    }

    /**
     * Builds what a plugin mapping names.
     *
     * @param field   the mapping's path in the spec, e.g. {@code rule} or {@code simulation.control}
     * @param node    the mapping: {@code class} or {@code plugin}, and {@code params}
     * @param context what the constructor or factory is given (the network, the topology, ...)
     */
    public static <T, C, F> T create(String field, JsonNode node, Kind<T, C, F> kind, C context) {
        if (node == null || !node.isObject()) {
            throw new ConfigurationException(field, "a mapping {class: CLASS, params: {...}} or {plugin: NAME, params:"
                + " {...}}", node == null ? "nothing" : node.toString());
        }
        Iterator<String> it = node.fieldNames();
        while (it.hasNext()) {
            String k = it.next();
            if (!FIELDS.contains(k)) {
                throw new ConfigurationException(field + "." + k, "one of the fields " + String.join(", ", FIELDS)
                    + " (a " + kind.what() + " of your own)", "an unknown field");
            }
        }
        if (node.has("class") && node.has("plugin")) {
            throw new ConfigurationException(field, "class or plugin, not both", "both");
        }
        JsonNode pn = node.get("params");
        if (pn != null && !pn.isNull() && !pn.isObject()) {
            throw new ConfigurationException(field + ".params", "a mapping of parameters, e.g. {k: 2}", describe(pn));
        }
        PluginParams params = new PluginParams(field + ".params", pn == null || pn.isNull() ? null : toMap(pn));
        T built;
        if (node.has("class")) {
            JsonNode cn = node.get("class");
            if (!cn.isTextual() || cn.asText().isBlank()) {
                throw new ConfigurationException(field + ".class", "a class name, e.g. com.example.My"
                    + camel(kind.what()), describe(cn));
            }
            built = byClass(field + ".class", cn.asText().trim(), kind, context, params);
        } else {
            JsonNode nn = node.get("plugin");
            if (!nn.isTextual() || nn.asText().isBlank()) {
                throw new ConfigurationException(field + ".plugin", "the name of a registered " + kind.what() + " plugin",
                    describe(nn));
            }
            built = byName(field + ".plugin", nn.asText().trim(), kind, context, params);
        }
        params.done();
        return built;
    }

    private static <T, C, F> T byClass(String field, String name, Kind<T, C, F> kind, C context, PluginParams params) {
        Class<?> cls;
        try {
            cls = Class.forName(name, false, loader());
        } catch (ClassNotFoundException e) {
            throw new ConfigurationException(field, "a class on the class path or in a --plugins jar or folder", name
                + " (no such class)");
        } catch (LinkageError e) {
            throw new ConfigurationException(field, "a class that can be loaded", name + " (" + e + ")");
        }
        if (!kind.type().isAssignableFrom(cls)) {
            throw new ConfigurationException(field, "a class implementing " + kind.type().getName(), name
                + " (it does not implement it)");
        }
        if (cls.isInterface() || Modifier.isAbstract(cls.getModifiers())) {
            throw new ConfigurationException(field, "a class that can be instantiated", name + " (an "
                + (cls.isInterface() ? "interface" : "abstract class") + ")");
        }
        String constructors = kind.context() == null ? "a public constructor (PluginParams) or ()"
            : "a public constructor (" + kind.context().getSimpleName() + ", PluginParams), (PluginParams) or ()";
        if (!Modifier.isPublic(cls.getModifiers())) {
            throw new ConfigurationException(field, "a public class with " + constructors, name + " (not public)");
        }
        Constructor<?> ctor = null;
        Object[] args = null;
        List<Class<?>[]> signatures = kind.context() == null
            ? List.of(new Class<?>[] {PluginParams.class}, new Class<?>[0])
            : List.of(new Class<?>[] {kind.context(), PluginParams.class}, new Class<?>[] {PluginParams.class},
                new Class<?>[0]);
        for (Class<?>[] sig : signatures) {
            try {
                ctor = cls.getConstructor(sig);
                args = sig.length == 2 ? new Object[] {context, params} : sig.length == 1 ? new Object[] {params}
                    : new Object[0];
                break;
            } catch (NoSuchMethodException e) {
                // the next form
            }
        }
        if (ctor == null) {
            throw new ConfigurationException(field, "a class with " + constructors, name + ", which has none");
        }
        Object o;
        try {
            o = ctor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw failed(field, name, "constructor", e.getCause());
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new ConfigurationException(field, "a class whose constructor can be called", name + " (" + e + ")");
        }
        BUILT.add(cls.getName());
        return kind.type().cast(o);
    }

    private static <T, C, F> T byName(String field, String name, Kind<T, C, F> kind, C context, PluginParams params) {
        Map<String, F> found = new LinkedHashMap<>();
        String service = "META-INF/services/" + kind.factory().getName();
        try {
            for (F f : ServiceLoader.load(kind.factory(), loader())) {
                if (!Registry.builtIn(f)) {
                    // flowproof's own are named by kind, not as plugins
                    found.putIfAbsent(kind.name().apply(f), f);
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new ConfigurationException(field, "plugins registered correctly in " + service, name + " (the"
                + " registration is broken: " + e.getMessage() + ")");
        }
        F f = found.get(name);
        if (f == null) {
            throw new ConfigurationException(field, "a " + kind.what() + " plugin registered in " + service + " ("
                + (found.isEmpty() ? "none is registered: give --plugins JAR" : String.join(", ", found.keySet())) + ")",
                "\"" + name + "\"");
        }
        T t;
        try {
            t = kind.call().create(f, context, params);
        } catch (ConfigurationException e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            throw failed(field, name + " (" + f.getClass().getName() + ")", "factory", e);
        }
        if (t == null) {
            throw new ConfigurationException(field, "a factory that builds a " + kind.what(), name + " ("
                + f.getClass().getName() + "), which returned null");
        }
        BUILT.add(f.getClass().getName());
        BUILT.add(t.getClass().getName());
        return t;
    }

    /** A constructor or factory that threw: its own parameter error as is, anything else in one line. */
    private static ConfigurationException failed(String field, String who, String what, Throwable t) {
        if (t instanceof ConfigurationException c) {
            return c;
        }
        String why = t.getMessage() != null && !t.getMessage().isBlank() ? t.getMessage().lines().findFirst().orElse("")
            : t.getClass().getSimpleName();
        return new ConfigurationException(field, "a plugin that can be built with these parameters", who + ", whose "
            + what + " failed: " + why);
    }

    /**
     * The class of a plugin built so far that appears in {@code t}'s stack (the first frame, of
     * {@code t} or its causes), or null: a plugin that throws while an engine runs is named, not
     * reported as a bug of flowproof.
     */
    public static String blame(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            for (StackTraceElement e : c.getStackTrace()) {
                String cls = e.getClassName();
                int inner = cls.indexOf('$');
                String outer = inner < 0 ? cls : cls.substring(0, inner);
                if (BUILT.contains(cls) || BUILT.contains(outer)) {
                    return outer;
                }
            }
        }
        return null;
    }

    /**
     * One line on a plugin that failed while an engine ran: the plugin's class, what it threw
     * (the throwable whose stack holds its frame) and where, e.g. {@code plugin com.example.My
     * failed: java.lang.IllegalStateException: boom (at com.example.My.admit(My.java:12))}; null
     * when no plugin built so far is in {@code t}'s stack. A {@link PluginFault} among {@code t}
     * and its causes gives its own line.
     */
    public static String failure(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof PluginFault f) {
                return f.getMessage();
            }
        }
        String cls = blame(t);
        if (cls == null) {
            return null;
        }
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            for (StackTraceElement e : c.getStackTrace()) {
                if (e.getClassName().equals(cls) || e.getClassName().startsWith(cls + "$")) {
                    return "plugin " + cls + " failed: " + String.valueOf(c).lines().findFirst().orElse("") + " (at " + e
                        + ")";
                }
            }
        }
        return "plugin " + cls + " failed: " + t;
    }

    /** A YAML mapping as plain Java values: Integer, Long, Double, Boolean, String, List, Map. */
    static Map<String, Object> toMap(JsonNode node) {
        Map<String, Object> m = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> m.put(e.getKey(), value(e.getValue())));
        return m;
    }

    private static Object value(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return null;
        }
        if (v.isInt()) {
            return v.intValue();
        }
        if (v.isIntegralNumber()) {
            return v.canConvertToLong() ? (Object) v.longValue() : v.bigIntegerValue();
        }
        if (v.isNumber()) {
            return v.doubleValue();
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isTextual()) {
            return v.textValue();
        }
        if (v.isArray()) {
            List<Object> l = new ArrayList<>();
            v.forEach(x -> l.add(value(x)));
            return l;
        }
        if (v.isObject()) {
            return toMap(v);
        }
        return v.toString();
    }

    /** {@code rule} -> {@code Rule}, {@code VC-class function} -> {@code VcClassFunction}: a class name's words. */
    private static String camel(String words) {
        StringBuilder b = new StringBuilder();
        for (String w : words.split("[^A-Za-z0-9]+")) {
            if (!w.isEmpty()) {
                b.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1).toLowerCase(java.util.Locale.ROOT));
            }
        }
        return b.toString();
    }

    private static String describe(JsonNode v) {
        return PluginParams.describe(value(v));
    }
}
