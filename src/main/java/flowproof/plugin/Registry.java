package flowproof.plugin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * flowproof's own factories of one kind (topologies, routings, rules), found as a user's are:
 * through {@link ServiceLoader} and {@code META-INF/services} (the built-ins' registrations are
 * written at compile time by {@code @AutoService}). A built-in is a factory in a {@code flowproof}
 * package on flowproof's own class path; a spec names it by its key ({@code kind: torus}), a
 * user's by {@code plugin: NAME} ({@link Plugins#create}). Adding a built-in is adding its class:
 * no list is edited anywhere.
 *
 * @param <F> the factory type, the one users implement (e.g. {@code TopologyFactory})
 */
public final class Registry<F> {

    private final Class<F> service;
    private final Function<F, String> key;
    private final Function<F, List<Param>> params;
    private volatile List<F> builtIns;

    private Registry(Class<F> service, Function<F, String> key, Function<F, List<Param>> params) {
        this.service = service;
        this.key = key;
        this.params = params;
    }

    /**
     * The registry of {@code service}'s built-ins, keyed by {@code key} (the factory's name), each
     * declaring the fields {@code params} gives.
     */
    public static <F> Registry<F> of(Class<F> service, Function<F, String> key, Function<F, List<Param>> params) {
        return new Registry<>(service, key, params);
    }

    /** The key of {@code factory}. */
    public String key(F factory) {
        return key.apply(factory);
    }

    /** The fields {@code factory} declares. */
    public List<Param> params(F factory) {
        return params.apply(factory);
    }

    /** The keys of the built-ins that declare field {@code name}, in alphabetical order. */
    public List<String> declaring(String name) {
        List<String> out = new ArrayList<>();
        for (F f : builtIns()) {
            if (params.apply(f).stream().anyMatch(p -> p.name().equals(name))) {
                out.add(key.apply(f));
            }
        }
        return out;
    }

    /** The built-in factories, by key in alphabetical order. */
    public List<F> builtIns() {
        List<F> b = builtIns;
        if (b == null) {
            List<F> found = new ArrayList<>();
            for (F f : ServiceLoader.load(service, Registry.class.getClassLoader())) {
                if (builtIn(f)) {
                    found.add(f);
                }
            }
            found.sort(Comparator.comparing(key));
            for (int i = 1; i < found.size(); i++) {
                if (key.apply(found.get(i)).equals(key.apply(found.get(i - 1)))) {
                    throw new IllegalStateException("two built-in " + service.getSimpleName() + "s named "
                        + key.apply(found.get(i)) + ": " + found.get(i - 1).getClass().getName() + " and "
                        + found.get(i).getClass().getName());
                }
            }
            b = List.copyOf(found);
            builtIns = b;
        }
        return b;
    }

    /** Whether {@code factory} is one of flowproof's own (its class is in a {@code flowproof} package). */
    public static boolean builtIn(Object factory) {
        return factory.getClass().getName().startsWith("flowproof.");
    }

    /** The built-in named {@code name}, or null. */
    public F builtIn(String name) {
        for (F f : builtIns()) {
            if (key.apply(f).equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** The built-ins' keys, in alphabetical order. */
    public List<String> keys() {
        return builtIns().stream().map(key).toList();
    }
}
