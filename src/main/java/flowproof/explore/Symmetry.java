package flowproof.explore;

import flowproof.routing.QueueRoutes;
import flowproof.routing.RoutingFunction;
import flowproof.ConfigurationException;
import flowproof.rule.FlowControlRule;
import flowproof.rule.RuleContract;
import flowproof.topology.Automorphism;
import flowproof.topology.Network;
import flowproof.topology.Topology;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The symmetry group a search may reduce by: the translations of the topology
 * ({@link Topology#translations}) and, where declared, its reflections
 * ({@link Topology#reflection}), that the whole model respects, each acting on packed
 * states by moving every queue's contents to the image queue (same VC, image channel) and
 * mapping every packet's destination.
 *
 * <p>The group is declared, not assumed. It is the identity alone unless the routing
 * function and the rule both declare themselves translation-invariant
 * ({@link RoutingFunction#translationInvariant}, {@link FlowControlRule#translationInvariant}),
 * headers are plain destinations, and the model says its states hold nothing the
 * permutation below does not move ({@link Model#supportsSymmetry}). The reflection of a
 * dimension joins only when the topology has it as an automorphism (a bidirectional torus:
 * the + channel of the dimension goes to the - channel) and the routing function
 * ({@link RoutingFunction#reflectionInvariant}: DOR at odd radix only) and the rule
 * ({@link FlowControlRule#reflectionInvariant}) declare it. The candidates are every
 * translation after every product of declared reflections, a group (dihedral per reflected
 * dimension). Of these it keeps those that map the traffic's (source, destination) pairs
 * onto themselves and the initial state onto itself (a "3flows" pattern or fixed critical
 * marks keep only the identity). Each element must map rings onto rings (checked, throws
 * otherwise), and the routing function's claim is checked on every (queue, header) and
 * injection: a function that declares invariance but breaks it is a bug and throws. Each
 * filter keeps a subgroup (a stabiliser), so what is left is a group.
 *
 * <p>The canonical representative of a state's orbit is its image with the least words
 * (compared unsigned, word 0 first). The orbit of a state has {@code |G| / |stabiliser|}
 * states, so a reduced search can count exactly the states its orbits stand for.
 *
 * <p>Wormhole states ({@link WormholeLayout}) are permuted field by field as well: each VC's
 * field goes to the image VC with its header and the VC its head went on to mapped, each
 * source's packet in progress to the image source.
 *
 * <p>Every permutation of a packed state is in {@link #apply}: a new state component must
 * be permuted there, or {@link Model#supportsSymmetry} must return false for models that
 * have it.
 */
final class Symmetry {

    private final StateLayout layout;
    /** queueMap[g][q]: the queue that g moves queue q to. */
    private final int[][] queueMap;
    /** headerMap[g][h]: the header of a packet with header h after g. */
    private final int[][] headerMap;
    /** fieldMap[g][field value], when fields are short enough to tabulate; else null. */
    private final long[][] fieldMap;
    /** Why the group is what it is, one line for results. */
    private final String note;
    /** inverse[g][q']: the queue whose contents g moves to queue q'. */
    private final int[][] inverse;
    /** Queue fields from the most significant (word 0, highest shift) to the least: the order states compare in. */
    private final int[] significance;
    /** Each element in words, for messages (index 0: the identity). */
    private List<String> names = List.of("the identity");
    /** States sampled per generator when the rule's declared symmetry is checked ({@link #checkRule}). */
    static final int RULE_CHECK_STATES = 32;

    /** The wormhole layout when the states are worms ({@link WormholeLayout}), else null. */
    private final WormholeLayout worms;

    private Symmetry(StateLayout layout, List<int[]> queueMaps, List<int[]> headerMaps, String note) {
        this.layout = layout;
        this.worms = layout instanceof WormholeLayout w ? w : null;
        this.queueMap = queueMaps.toArray(new int[0][]);
        this.headerMap = headerMaps.toArray(new int[0][]);
        this.note = note;
        this.inverse = new int[queueMap.length][layout.queues];
        for (int g = 0; g < queueMap.length; g++) {
            for (int q = 0; q < layout.queues; q++) {
                inverse[g][queueMap[g][q]] = q;
            }
        }
        Integer[] order = new Integer[layout.queues];
        for (int q = 0; q < order.length; q++) {
            order[q] = q;
        }
        if (worms == null) {
            Arrays.sort(order, (a, b) -> layout.word[a] != layout.word[b] ? Integer.compare(layout.word[a], layout.word[b])
                : Integer.compare(layout.shift[b], layout.shift[a]));
        }
        this.significance = Arrays.stream(order).mapToInt(Integer::intValue).toArray();
        if (worms == null && layout.fieldBits <= 12) {
            fieldMap = new long[queueMap.length][1 << layout.fieldBits];
            for (int g = 0; g < queueMap.length; g++) {
                for (int v = 0; v < fieldMap[g].length; v++) {
                    fieldMap[g][v] = mapField(g, v);
                }
            }
        } else {
            fieldMap = null;
        }
    }

    /** The identity group alone. */
    static Symmetry trivial(StateLayout layout, String note) {
        return new Symmetry(layout, List.of(identity(layout.queues)),
            List.of(identity(Math.max(1 << layout.destBits, layout instanceof WormholeLayout w ? w.nodes : 0))), note);
    }

    /** The translations (and reflections) the model respects; see the class comment. */
    static Symmetry of(Model model, StateLayout layout) {
        Network net = model.network();
        Topology top = net.topology();
        RoutingFunction routing = model.routing();
        FlowControlRule rule = model.rule();
        if (!model.supportsSymmetry()) {
            return trivial(layout, "off: this model's states hold more than the symmetry reduction permutes");
        }
        if (!routing.translationInvariant()) {
            return trivial(layout, "off: routing " + routing.name() + " declares no translation symmetry");
        }
        // a rule that reads positions (a dateline) may still respect some elements: rule.respects decides each
        boolean positional = !rule.translationInvariant();
        if (routing.headers() != top.nodes()) {
            return trivial(layout, "off: packet headers of " + routing.name() + " are not plain destinations");
        }
        Set<Long> pairs = new HashSet<>();
        for (int[] p : model.traffic()) {
            pairs.add(pairKey(p[0], p[1]));
        }
        List<Automorphism> translations = translations(top);
        Reflections refl = Reflections.of(top, routing, rule, positional);
        List<Automorphism> reflections = refl.elements();
        // every element is a translation after a product of reflections: reflections of
        // different dimensions commute and conjugate translations to translations, so the
        // set is a group (dihedral per reflected dimension) of order |T| * 2^|reflections|
        List<Automorphism> elements = new ArrayList<>(translations);
        // per element: whether it includes a reflection (the rule's respects reads it)
        List<Boolean> reflects = new ArrayList<>(java.util.Collections.nCopies(translations.size(), false));
        for (Automorphism r : reflections) {
            List<Automorphism> more = new ArrayList<>();
            for (Automorphism g : elements) {
                more.add(compose(g, r));
            }
            elements.addAll(more);
            reflects.addAll(java.util.Collections.nCopies(more.size(), true));
        }
        Kept kept = Kept.of(model, layout, elements, reflects, pairs);
        return group(layout, top, rule, positional, translations, refl, elements.size(), kept);
    }

    /**
     * The topology's translations as automorphisms (each node permutation with the channel map it
     * implies), checked to be a group where the topology is a plugin's.
     */
    private static List<Automorphism> translations(Topology top) {
        Map<Long, Integer> channelIndex = new HashMap<>();
        for (int c = 0; c < top.channels(); c++) {
            channelIndex.put(channelKey(top, top.source(c), top.target(c), c), c);
        }
        List<Automorphism> translations = new ArrayList<>();
        List<int[]> perms = top.translations();
        checkTranslations(top, perms);
        for (int[] perm : perms) {
            int[] cm = new int[top.channels()];
            for (int c = 0; c < top.channels(); c++) {
                Integer image = channelIndex.get(channelKey(top, perm[top.source(c)], perm[top.target(c)], c));
                if (image == null) {
                    throw topologyError(top, "a translation maps channel " + top.channelName(c) + " to no channel"
                        + (isPlugin(top) ? " of the same dimension and direction (translation taking node "
                        + top.nodeName(0) + " to node " + top.nodeName(perm[0]) + ")" : ""));
                }
                cm[c] = image;
            }
            translations.add(new Automorphism("translation", perm, cm));
        }
        if (isPlugin(top)) {
            checkGroup(top, perms);
        }
        return translations;
    }

    /**
     * The reflections routing and rule declare, one per dimension, and why the others are left
     * out ({@code positional}: the rule reads positions, and {@code respects} decides each element).
     *
     * @param elements the reflections kept, checked on the topology
     * @param reflected the dimensions of those, as "dD"
     * @param refused why a dimension's reflection was left out
     */
    private record Reflections(List<Automorphism> elements, List<String> reflected, List<String> refused) {

        static Reflections of(Topology top, RoutingFunction routing, FlowControlRule rule, boolean positional) {
            List<Automorphism> reflections = new ArrayList<>();
            List<String> reflected = new ArrayList<>();
            List<String> refused = new ArrayList<>();
            int dimensions = 0;
            for (int c = 0; c < top.channels(); c++) {
                dimensions = Math.max(dimensions, top.dimension(c) + 1);
            }
            for (int d = 0; d < dimensions; d++) {
                Automorphism r;
                try {
                    r = top.reflection(d);
                } catch (IllegalArgumentException e) {
                    // its channel map is no permutation (the record checks it)
                    throw topologyError(top, "reflection(" + d + ") is no automorphism: " + e.getMessage());
                }
                if (r == null) {
                    continue;
                }
                if (r.nodes().length != top.nodes() || r.channels().length != top.channels()) {
                    throw topologyError(top, "reflection(" + d + ") maps " + r.nodes().length + " nodes and "
                        + r.channels().length + " channels, not " + top.nodes() + " and " + top.channels());
                }
                if (!routing.reflectionInvariant(d)) {
                    refused.add("routing " + routing.name() + " declares none in d" + d);
                } else if (!positional && !rule.reflectionInvariant()) {
                    refused.add("rule " + rule.describe() + " declares none");
                } else {
                    try {
                        reflections.add(r.checkedOn(top));
                    } catch (IllegalStateException e) {
                        throw topologyError(top, e.getMessage().replace(top.describe() + ": ", ""));
                    }
                    reflected.add("d" + d);
                }
            }
            return new Reflections(reflections, reflected, refused);
        }
    }

    /**
     * The elements kept: those the rule respects, that keep the traffic pattern and the initial
     * state (and, checked, the routes), as queue and header maps with their names; and how many
     * were left out for which reason.
     */
    private record Kept(List<int[]> queueMaps, List<int[]> headerMaps, List<String> names, int traffic,
                        int duplicates, int ruleMoved) {

        static Kept of(Model model, StateLayout layout, List<Automorphism> elements, List<Boolean> reflects,
                       Set<Long> pairs) {
            Network net = model.network();
            Topology top = net.topology();
            FlowControlRule rule = model.rule();
            long[] initial = Explorer.initialState(model, layout);
            QueueRoutes routes = new QueueRoutes(net, model.routing(), rule);
            List<int[]> queueMaps = new ArrayList<>();
            List<int[]> headerMaps = new ArrayList<>();
            List<String> names = new ArrayList<>();
            Set<List<Integer>> seen = new HashSet<>();
            int traffic = 0;
            int duplicates = 0;
            int ruleMoved = 0;
            for (int e = 0; e < elements.size(); e++) {
                Automorphism a = elements.get(e);
                int[] perm = a.nodes();
                if (!seen.add(Arrays.stream(a.channels()).boxed().toList())) {
                    duplicates++;
                    continue;
                }
                if (e > 0 && !rule.respects(net, a, reflects.get(e))) {
                    ruleMoved++;
                    continue;
                }
                int[] qm = new int[net.queues()];
                for (int c = 0; c < top.channels(); c++) {
                    for (int vc = 0; vc < net.vcs(); vc++) {
                        qm[net.queue(c, vc)] = net.queue(a.channels()[c], vc);
                    }
                }
                checkRings(net, qm);
                // every header a field can hold (worms: headers are plain destinations, the nodes)
                int[] hm = new int[Math.max(1 << layout.destBits, perm.length)];
                for (int h = 0; h < hm.length; h++) {
                    hm[h] = h < perm.length ? perm[h] : h;
                }
                boolean keepsTraffic = true;
                for (long key : pairs) {
                    if (!pairs.contains(pairKey(perm[(int) (key >>> 32)], perm[(int) key]))) {
                        keepsTraffic = false;
                        break;
                    }
                }
                if (!keepsTraffic) {
                    traffic++;
                    continue;
                }
                Symmetry single = new Symmetry(layout, List.of(qm), List.of(hm), "");
                long[] image = new long[layout.words];
                single.apply(0, initial, 0, image, 0);
                if (!Arrays.equals(image, initial)) {
                    continue;
                }
                if (e > 0) {
                    // (the identity commutes with everything)
                    checkRoutes(routes, model, perm, qm, hm, a.name());
                }
                queueMaps.add(qm);
                headerMaps.add(hm);
                names.add((a.name().equals("translation") ? "the translation" : "the " + a.name().replace("reflect d",
                    "reflection in dimension ")) + " taking node " + top.nodeName(0) + " to node "
                    + top.nodeName(perm[0]));
            }
            return new Kept(queueMaps, headerMaps, names, traffic, duplicates, ruleMoved);
        }
    }

    /**
     * The group of the elements kept, with its note: why it is off when the identity alone is
     * left, else what it is and what the elements left out move.
     */
    private static Symmetry group(StateLayout layout, Topology top, FlowControlRule rule, boolean positional,
                                  List<Automorphism> translations, Reflections r, int elements, Kept k) {
        List<int[]> queueMaps = k.queueMaps();
        List<int[]> headerMaps = k.headerMaps();
        int traffic = k.traffic();
        int ruleMoved = k.ruleMoved();
        List<Automorphism> reflections = r.elements();
        List<String> reflected = r.reflected();
        List<String> refused = r.refused();
        int all = elements - k.duplicates();
        String none = refused.isEmpty() ? "" : " (no reflections: " + String.join("; ", refused) + ")";
        if (queueMaps.size() == 1 && positional && ruleMoved > 0) {
            return new Symmetry(layout, queueMaps, headerMaps, "off: rule " + rule.describe()
                + " declares no translation symmetry" + (ruleMoved == all - 1 ? "" : " and respects no element of the group"
                + " that keeps the traffic and the initial state"));
        }
        if (queueMaps.size() == 1) {
            // the identity alone: nothing is reduced, nothing of the rule is relied on
            return new Symmetry(layout, queueMaps, headerMaps, all == 1 ? "off: " + top.describe() + " has no translations"
                + none : "off: " + (traffic == all - 1 ? "the traffic pattern" : "the initial state") + " is moved by every "
                    + (reflections.isEmpty() ? "translation" : "translation and reflection") + none);
        }
        List<String> moved = new ArrayList<>();
        if (ruleMoved > 0) {
            moved.add("rule " + rule.describe() + "'s special channels");
        }
        if (traffic > 0) {
            moved.add("traffic pattern");
        }
        if (all - queueMaps.size() - ruleMoved - traffic > 0) {
            moved.add("initial state");
        }
        String kept = queueMaps.size() == all ? "" : " (of " + all + "; the others move the "
            + String.join(" or the ", moved) + ")";
        String group = reflections.isEmpty() ? queueMaps.size() + " translations" + kept + none
            : (translations.size() > 1 ? "translations x reflections in " : "reflections in ") + String.join(", ", reflected)
                + ": order " + queueMaps.size() + kept;
        Symmetry sym = new Symmetry(layout, queueMaps, headerMaps, group);
        sym.names = List.copyOf(k.names());
        return sym;
    }

    /**
     * Checks the rule's own declaration before a search relies on it: on a generating set of the
     * group (at most log2 of its order elements), the rule decides every move on
     * {@value #RULE_CHECK_STATES} sampled buffer states (the empty network, every queue full,
     * random occupancies and marks) as it decides the image move on the image state
     * ({@link RuleContract#symmetryMismatch}). Invariance under the generators is invariance
     * under the group; the initial marks are mapped onto themselves by every element kept. A
     * mismatch is a {@link ConfigurationException} naming the rule's class, the symmetry, the move
     * and the state: bad input, never a silently wrong reduction.
     */
    void checkRule(Model model) {
        FlowControlRule rule = model.rule();
        for (int g : generators()) {
            String mismatch = RuleContract.symmetryMismatch(rule, model.network(), queueMap[g], names.get(g),
                RULE_CHECK_STATES, g);
            if (mismatch != null) {
                String declared = !rule.translationInvariant() ? "respects()"
                    : names.get(g).contains("reflection") ? "reflectionInvariant() and translationInvariant()"
                    : "translationInvariant()";
                throw new ConfigurationException("rule", "a rule that decides every move as it decides its image under"
                    + " the symmetries it declares (" + declared + "), as --symmetry relies on them",
                    RuleContract.label(rule) + ": " + mismatch);
            }
        }
    }

    /** A generating set of the group: element indices, each not generated by those before it. */
    List<Integer> generators() {
        List<Integer> gens = new ArrayList<>();
        Set<java.nio.IntBuffer> closure = new HashSet<>();
        closure.add(java.nio.IntBuffer.wrap(queueMap[0]));
        for (int g = 1; g < queueMap.length; g++) {
            if (closure.contains(java.nio.IntBuffer.wrap(queueMap[g]))) {
                continue;
            }
            gens.add(g);
            java.util.ArrayDeque<int[]> todo = new java.util.ArrayDeque<>();
            for (java.nio.IntBuffer b : closure) {
                todo.add(b.array());
            }
            while (!todo.isEmpty()) {
                int[] e = todo.poll();
                for (int k : gens) {
                    int[] gen = queueMap[k];
                    int[] p = new int[e.length];
                    for (int q = 0; q < e.length; q++) {
                        p[q] = gen[e[q]];
                    }
                    if (closure.add(java.nio.IntBuffer.wrap(p))) {
                        todo.add(p);
                    }
                }
            }
        }
        return gens;
    }

    /** {@code g} after {@code r}: first r, then g. */
    private static Automorphism compose(Automorphism g, Automorphism r) {
        int[] nodes = new int[g.nodes().length];
        for (int v = 0; v < nodes.length; v++) {
            nodes[v] = g.nodes()[r.nodes()[v]];
        }
        int[] channels = new int[g.channels().length];
        for (int c = 0; c < channels.length; c++) {
            channels[c] = g.channels()[r.channels()[c]];
        }
        String name = g.name().equals("translation") ? r.name() + " and a translation" : g.name() + ", " + r.name();
        return new Automorphism(name, nodes, channels);
    }

    /**
     * Throws unless the queue map sends every ring's queues onto the queues of one ring and
     * queues outside rings outside rings: the rules that declare invariance read ring
     * membership and ring-wide free slots.
     */
    private static void checkRings(Network net, int[] qm) {
        int[] ringImage = new int[net.rings()];
        Arrays.fill(ringImage, -1);
        boolean[] hit = new boolean[net.rings()];
        for (int q = 0; q < qm.length; q++) {
            int r = net.ringOf(q);
            int ri = net.ringOf(qm[q]);
            boolean ok = (r < 0) == (ri < 0);
            if (ok && r >= 0) {
                if (ringImage[r] < 0) {
                    ok = !hit[ri];
                    ringImage[r] = ri;
                    hit[ri] = true;
                } else {
                    ok = ringImage[r] == ri;
                }
            }
            if (!ok) {
                throw topologyError(net.topology(), "a symmetry maps " + net.queueName(q) + " to "
                    + net.queueName(qm[q]) + " but does not map rings onto rings");
            }
        }
    }

    /** Whether {@code top} is a user's topology (a plugin), not one of flowproof's. */
    private static boolean isPlugin(Topology top) {
        return !top.getClass().getName().startsWith("flowproof.");
    }

    /**
     * A symmetry of the topology that is none: a bug in flowproof's own topologies, bad input
     * naming the class in a user's (the explorer relies on what it declares only after checking it).
     */
    private static RuntimeException topologyError(Topology top, String what) {
        if (isPlugin(top)) {
            return new ConfigurationException("topology", "a topology whose translations() and reflection() are"
                + " automorphisms of it (channels onto channels of the same dimension and direction, rings onto rings,"
                + " the identity first, closed under composition), as --symmetry relies on them",
                top.getClass().getName() + ": " + what);
        }
        return new IllegalStateException(top.describe() + ": " + what);
    }

    /** Each translation is a permutation of the nodes, the identity first. */
    private static void checkTranslations(Topology top, List<int[]> perms) {
        if (perms == null || perms.isEmpty()) {
            throw topologyError(top, "translations() is " + (perms == null ? "null" : "empty")
                + " (the identity alone is a list of one)");
        }
        int n = top.nodes();
        for (int i = 0; i < perms.size(); i++) {
            int[] perm = perms.get(i);
            if (perm == null || perm.length != n) {
                throw topologyError(top, "translation " + i + " maps " + (perm == null ? "no" : perm.length)
                    + " nodes, not " + n);
            }
            boolean[] hit = new boolean[n];
            for (int v = 0; v < n; v++) {
                if (perm[v] < 0 || perm[v] >= n || hit[perm[v]]) {
                    throw topologyError(top, "translation " + i + " is not a permutation of the nodes (node "
                        + top.nodeName(v) + " goes to " + perm[v] + ")");
                }
                hit[perm[v]] = true;
                if (i == 0 && perm[v] != v) {
                    throw topologyError(top, "translation 0 is not the identity (it takes node " + top.nodeName(v)
                        + " to node " + top.nodeName(perm[v]) + ")");
                }
            }
        }
    }

    /**
     * The translations are a group: closed under composition (checked on a user's topology only;
     * the orbit counts and the canonical states assume a group). Builds the closure of a generating
     * subset, refusing the first element not in the list.
     */
    private static void checkGroup(Topology top, List<int[]> perms) {
        Set<java.nio.IntBuffer> listed = new HashSet<>();
        for (int[] p : perms) {
            listed.add(java.nio.IntBuffer.wrap(p));
        }
        Set<java.nio.IntBuffer> closure = new HashSet<>();
        closure.add(java.nio.IntBuffer.wrap(perms.get(0)));
        List<int[]> gens = new ArrayList<>();
        for (int[] p : perms) {
            if (closure.contains(java.nio.IntBuffer.wrap(p))) {
                continue;
            }
            gens.add(p);
            java.util.ArrayDeque<int[]> todo = new java.util.ArrayDeque<>();
            for (java.nio.IntBuffer b : closure) {
                todo.add(b.array());
            }
            while (!todo.isEmpty()) {
                int[] e = todo.poll();
                for (int[] g : gens) {
                    int[] c = new int[e.length];
                    for (int v = 0; v < e.length; v++) {
                        c[v] = g[e[v]];
                    }
                    java.nio.IntBuffer key = java.nio.IntBuffer.wrap(c);
                    if (!listed.contains(key)) {
                        throw topologyError(top, "the translations are not closed under composition: the one taking"
                            + " node " + top.nodeName(0) + " to node " + top.nodeName(e[0]) + ", then the one taking node "
                            + top.nodeName(0) + " to node " + top.nodeName(g[0]) + ", is no translation listed (it takes"
                            + " node " + top.nodeName(0) + " to node " + top.nodeName(c[0]) + ")");
                    }
                    if (closure.add(key)) {
                        todo.add(c);
                    }
                }
            }
        }
    }

    private static long pairKey(int source, int destination) {
        return ((long) source << 32) | (destination & 0xFFFFFFFFL);
    }

    private static long channelKey(Topology top, int source, int target, int like) {
        return (((long) source * top.nodes() + target) * 64 + top.dimension(like) + 1) * 4 + top.direction(like) + 1;
    }

    /** Throws unless the routes of every packet commute with the translation. */
    private static void checkRoutes(QueueRoutes routes, Model model, int[] perm, int[] qm, int[] hm, String what) {
        Network net = model.network();
        int nodes = net.topology().nodes();
        for (int h = 0; h < nodes; h++) {
            for (int q = 0; q < net.queues(); q++) {
                compare(next(routes, q, -1, h), next(routes, qm[q], -1, hm[h]), qm, hm, model, what,
                    "at " + net.queueName(q));
            }
            for (int s = 0; s < nodes; s++) {
                if (s != h) {
                    compare(next(routes, FlowControlRule.INJECT, s, h), next(routes, FlowControlRule.INJECT, perm[s], hm[h]),
                        qm, hm, model, what, "on injection at " + net.topology().nodeName(s));
                }
            }
        }
    }

    /**
     * The next queues, or null where the rule allows none: a packet that cannot be there (a
     * dateline's VC1 before the dateline), whose image must be one too.
     */
    private static QueueRoutes.Next next(QueueRoutes routes, int from, int router, int header) {
        try {
            return routes.next(from, router, header);
        } catch (flowproof.routing.RoutingException e) {
            return null;
        }
    }

    private static void compare(QueueRoutes.Next a, QueueRoutes.Next b, int[] qm, int[] hm, Model model, String what,
        String where) {
        boolean same = a == null || b == null ? a == b
            : a.exits() == b.exits() && a.size() == b.size() && a.primary() == b.primary();
        for (int i = 0; same && a != null && i < a.size(); i++) {
            same = qm[a.queues()[i]] == b.queues()[i] && hm[a.headers()[i]] == b.headers()[i];
        }
        if (!same) {
            String cls = flowproof.routing.CheckedRouting.classOf(model.routing()).getName();
            String ruleCls = flowproof.rule.CheckedRule.classOf(model.rule()).getName();
            if (!ruleCls.startsWith("flowproof.") && !model.rule().translationInvariant()) {
                // a user's rule that picks VCs by position and respects too much (routes take its VCs)
                throw new ConfigurationException("rule", "a rule whose choice of VCs commutes with the symmetries it"
                    + " respects (respects())", ruleCls + " changes the route " + where + " under " + what);
            }
            if (!cls.startsWith("flowproof.")) {
                // a user's routing function (a plugin) that declares too much: bad input naming its class
                throw new ConfigurationException("routing", "a routing function whose routes commute with the"
                    + " symmetries it declares (translationInvariant, reflectionInvariant)", cls + " changes its route "
                    + where + " under " + what);
            }
            throw new IllegalStateException("routing " + model.routing().name() + " with rule " + model.rule().describe()
                + " declares invariance under " + what + " but it changes its route " + where);
        }
    }

    private static int[] identity(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        return p;
    }

    /** Number of group elements, the identity included. */
    /**
     * Closes a set of traffic pairs (by index in the model's traffic) under the group: an inject
     * move of a pair from a stored representative is, in each state of its orbit, an inject move
     * of the pair's image. The group keeps the traffic (checked when it was built), so every image
     * is a traffic pair; headers are plain destinations, so a header map is a node map.
     */
    void closePairs(Model model, boolean[] injected) {
        java.util.Map<Long, java.util.List<Integer>> index = new HashMap<>();
        List<int[]> traffic = model.traffic();
        for (int i = 0; i < traffic.size(); i++) {
            index.computeIfAbsent(pairKey(traffic.get(i)[0], traffic.get(i)[1]), k -> new ArrayList<>()).add(i);
        }
        boolean[] seen = injected.clone();
        for (int i = 0; i < seen.length; i++) {
            if (!seen[i]) {
                continue;
            }
            int[] p = traffic.get(i);
            for (int g = 0; g < headerMap.length; g++) {
                List<Integer> images = index.get(pairKey(headerMap[g][p[0]], headerMap[g][p[1]]));
                if (images != null) {
                    for (int j : images) {
                        injected[j] = true;
                    }
                }
            }
        }
    }

    int order() {
        return queueMap.length;
    }

    boolean reduces() {
        return queueMap.length > 1;
    }

    String note() {
        return note;
    }

    private long mapField(int g, long f) {
        long marks = f & layout.markMask;
        long slots = f >>> layout.markBits;
        long out = 0;
        int[] hm = headerMap[g];
        for (int i = 0; slots != 0; i++) {
            long d = slots & layout.destMask;
            out |= (d == 0 ? 0 : (long) hm[(int) d - 1] + 1) << (i * layout.destBits);
            slots >>>= layout.destBits;
        }
        return (out << layout.markBits) | marks;
    }

    /** Writes the image of state {@code s} under group element {@code g} to {@code out}. */
    void apply(int g, long[] s, int off, long[] out, int outOff) {
        Arrays.fill(out, outOff, outOff + layout.words, 0L);
        if (worms != null) {
            applyToWorms(g, s, off, out, outOff);
            return;
        }
        int[] qm = queueMap[g];
        long[] fm = fieldMap == null ? null : fieldMap[g];
        for (int q = 0; q < layout.queues; q++) {
            long f = layout.field(s, off, q);
            if (f != 0) {
                layout.setField(out, outOff, qm[q], fm != null ? fm[(int) f] : mapField(g, f));
            }
        }
    }

    /**
     * The image of a wormhole state ({@link WormholeLayout}): each queue's field goes to the image
     * queue with its header mapped and the queue its head went on to mapped (flit count, head and
     * tail unchanged); each node's injection field goes to the image node (headers are plain
     * destinations, so the header map is the node map) with its header and its head's queue
     * mapped. {@code out} is cleared.
     */
    private void applyToWorms(int g, long[] s, int off, long[] out, int outOff) {
        int[] qm = queueMap[g];
        int[] hm = headerMap[g];
        WormholeLayout w = worms;
        for (int q = 0; q < layout.queues; q++) {
            long f = w.queue(s, off, q);
            if (f != 0) {
                int next = w.next(f);
                w.orQueue(out, outOff, qm[q], w.queueField(hm[w.header(f)], next < 0 ? -1 : qm[next], w.flits(f),
                    w.head(f), w.tail(f)));
            }
        }
        for (int v = 0; v < w.nodes; v++) {
            long f = w.node(s, off, v);
            if (f != 0) {
                w.orNode(out, outOff, hm[v], w.nodeField(hm[w.injHeader(f)], qm[w.injQueue(f)], w.injLeft(f)));
            }
        }
    }

    private static int compare(long[] a, int aOff, long[] b, int bOff, int w) {
        for (int i = 0; i < w; i++) {
            int c = Long.compareUnsigned(a[aOff + i], b[bOff + i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * Writes the canonical representative of the orbit of {@code s} to {@code out} (which
     * must not overlap {@code s}; {@code scratch} holds one state) and returns the size of
     * the stabiliser of {@code s}: the orbit has {@code order() / stabiliser} states.
     *
     * <p>This runs for every successor of every state, so it does not build each image:
     * it computes an image field by field in the order states compare, and drops the
     * group element at the first field that is larger than the best image so far (most
     * are dropped at the first or second field). The elements whose image equals the
     * least one form a coset of the stabiliser, so counting them gives its size.
     */
    int canonicalize(long[] s, int off, long[] out, int outOff, long[] scratch) {
        System.arraycopy(s, off, out, outOff, layout.words);
        int ties = 1;
        if (worms != null) {
            // worms: each image built whole (a field's image depends on other queues' indices)
            // scratch holds the image unless it is where the state or the result is (orbitSize)
            long[] img = scratch == s || scratch == out ? new long[layout.words] : scratch;
            for (int g = 1; g < queueMap.length; g++) {
                Arrays.fill(img, 0, layout.words, 0L);
                applyToWorms(g, s, off, img, 0);
                int c = compare(img, 0, out, outOff, layout.words);
                if (c == 0) {
                    ties++;
                } else if (c < 0) {
                    System.arraycopy(img, 0, out, outOff, layout.words);
                    ties = 1;
                }
            }
            return ties;
        }
        int fields = significance.length;
        for (int g = 1; g < queueMap.length; g++) {
            int[] inv = inverse[g];
            long[] fm = fieldMap == null ? null : fieldMap[g];
            int c = 0;
            for (int k = 0; k < fields; k++) {
                int q = significance[k];
                long f = layout.field(s, off, inv[q]);
                long v = fm != null ? fm[(int) f] : mapField(g, f);
                long b = layout.field(out, outOff, q);
                if (v != b) {
                    c = Long.compareUnsigned(v, b);
                    break;
                }
            }
            if (c == 0) {
                ties++;
            } else if (c < 0) {
                apply(g, s, off, out, outOff);
                ties = 1;
            }
        }
        return ties;
    }

    /** The number of states in the orbit of {@code s}; {@code scratch} holds one state. */
    int orbitSize(long[] s, int off, long[] scratch) {
        return queueMap.length / canonicalize(s, off, scratch, 0, scratch);
    }

    /** A group element that maps {@code from} to {@code to}, or -1 when they lie in different orbits. */
    int mapping(long[] from, long[] to) {
        long[] img = new long[layout.words];
        for (int g = 0; g < queueMap.length; g++) {
            apply(g, from, 0, img, 0);
            if (Arrays.equals(img, to)) {
                return g;
            }
        }
        return -1;
    }
}
