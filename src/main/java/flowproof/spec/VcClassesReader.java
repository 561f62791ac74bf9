package flowproof.spec;

import com.fasterxml.jackson.databind.JsonNode;
import flowproof.routing.VcClassFunction;
import flowproof.routing.VcClasses;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** A spec's {@code vc-classes} mapping ({@link flowproof.routing.VcClasses}): classes, start, hops, datelines. */
final class VcClassesReader {

    private static final List<String> VC_CLASS_FIELDS = SpecFields.under("vc-classes");
    private static final List<String> STEP_FIELDS = SpecFields.under("vc-classes.hops[]");
    /**
     * {@code vc-classes: {classes: C, start: N | {route: N, ...}, hops: [{conditions..., set: N | add: N}],
     * datelines: D}}: see {@link VcClasses}.
     */
    static VcClasses read(Fields f, JsonNode node) throws SpecException {
        if (!node.isObject()) {
            throw f.error("vc-classes", "a mapping with classes, start and hops", node);
        }
        f.onlyKnown("vc-classes.", node, VC_CLASS_FIELDS);
        int classes = f.positive(node, "vc-classes.classes", "classes", 0, true);
        int datelines = f.positive(node, "vc-classes.datelines", "datelines", 1, false);
        java.util.Map<String, Integer> start = new java.util.LinkedHashMap<>();
        JsonNode sn = node.get("start");
        if (sn == null || sn.isNull()) {
            start.put(VcClasses.ANY_ROUTE, 0);
        } else if (sn.isInt()) {
            start.put(VcClasses.ANY_ROUTE, classIndex(f, "vc-classes.start", sn, classes));
        } else if (sn.isObject() && !sn.isEmpty()) {
            Iterator<String> it = sn.fieldNames();
            while (it.hasNext()) {
                String route = it.next();
                start.put(route.equals("other") ? VcClasses.ANY_ROUTE : route,
                    classIndex(f, "vc-classes.start." + route, sn.get(route), classes));
            }
        } else {
            throw f.error("vc-classes.start", "a class number, or a mapping of route names to classes"
                + " (e.g. {xy: 0, yx: 1}, {minimal: 1, valiant: 0}, other: N for the rest)", sn);
        }
        List<VcClasses.Step> steps = new ArrayList<>();
        JsonNode hn = node.get("hops");
        if (hn != null && !hn.isNull()) {
            if (!hn.isArray()) {
                throw f.error("vc-classes.hops", "a list of steps, e.g. [{channel: dateline, add: 1}]", hn);
            }
            for (int i = 0; i < hn.size(); i++) {
                steps.add(step(f, "vc-classes.hops[" + i + "]", hn.get(i), classes));
            }
        }
        return new VcClasses(classes, start, steps, datelines);
    }

    private static VcClasses.Step step(Fields f, String at, JsonNode n, int classes) throws SpecException {
        if (n == null || !n.isObject()) {
            throw f.error(at, "a step: conditions (route, class, first-hop, new-ring, ring-hop, crosses-ahead,"
                + " channel, leaves-destination) and set or add", n);
        }
        f.onlyKnown(at + ".", n, STEP_FIELDS);
        String route = n.has("route") ? f.text(n, at + ".route", "route", null, true) : null;
        Integer classIn = n.has("class") ? classIndex(f, at + ".class", n.get("class"), classes) : null;
        Boolean first = bool(f, at, n, "first-hop");
        Boolean newRing = bool(f, at, n, "new-ring");
        Integer ringHop = n.has("ring-hop") ? f.positive(n, at + ".ring-hop", "ring-hop", 1, true) : null;
        Boolean ahead = bool(f, at, n, "crosses-ahead");
        VcClasses.ChannelSet set = null;
        List<String> channels = null;
        JsonNode cn = n.get("channel");
        if (cn != null) {
            if (cn.isTextual()) {
                set = VcClasses.ChannelSet.of(cn.asText());
                if (set == null) {
                    channels = List.of(cn.asText());
                }
            } else if (cn.isArray() && !cn.isEmpty()) {
                channels = new ArrayList<>();
                for (int i = 0; i < cn.size(); i++) {
                    if (!cn.get(i).isTextual()) {
                        throw f.error(at + ".channel[" + i + "]", "a channel name", cn.get(i));
                    }
                    channels.add(cn.get(i).asText());
                }
            } else {
                throw f.error(at + ".channel", "global, local, wrap, dateline, a channel name or a list of them", cn);
            }
        }
        if (n.has("set") == n.has("add")) {
            throw n.has("set") ? f.error(at + ".add", "set or add, not both", n.get("add"))
                : f.missing(at + ".set", "set: N (the class after the hop) or add: N (added to the class)");
        }
        Boolean leaves = bool(f, at, n, "leaves-destination");
        int setTo = -1;
        if (n.has("set")) {
            JsonNode sv = n.get("set");
            if (sv.isTextual() && sv.asText().equals("any")) {
                setTo = VcClassFunction.ANY;
            } else if (!sv.isInt() || sv.asInt() < 0 || sv.asInt() >= classes) {
                throw f.error(at + ".set", "a class 0.." + (classes - 1) + ", or any (every VC of the hop's channel)",
                    sv);
            } else {
                setTo = sv.asInt();
            }
        }
        int add = 0;
        if (n.has("add")) {
            JsonNode an = n.get("add");
            if (!an.isInt() || an.asInt() == 0) {
                throw f.error(at + ".add", "a non-zero integer (classes added on the hop)", an);
            }
            add = an.asInt();
        }
        return new VcClasses.Step(route, classIn, first, newRing, ringHop, ahead, set, channels, leaves, setTo, add);
    }

    private static Boolean bool(Fields f, String at, JsonNode n, String field) throws SpecException {
        JsonNode v = n.get(field);
        if (v == null) {
            return null;
        }
        if (!v.isBoolean()) {
            throw f.error(at + "." + field, "true or false", v);
        }
        return v.asBoolean();
    }

    private static int classIndex(Fields f, String field, JsonNode v, int classes) throws SpecException {
        if (v == null || !v.isInt() || v.asInt() < 0 || v.asInt() >= classes) {
            throw f.error(field, "a class 0.." + (classes - 1), v);
        }
        return v.asInt();
    }

    private VcClassesReader() {
    }
}
