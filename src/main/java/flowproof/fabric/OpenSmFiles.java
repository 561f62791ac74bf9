package flowproof.fabric;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the files OpenSM writes with {@code -D 0x43 --dump_files_dir DIR} (and the tools that
 * read a fabric back): the links and LIDs from {@code opensm-subnet.lst} (or an
 * {@code ibnetdiscover} topology file), the forwarding tables from {@code opensm-lfts.dump} (as
 * {@code dump_lfts} prints them) or {@code opensm.fdbs}, the SL-to-VL tables from
 * {@code opensm-sl2vl.dump} (written with {@code -Q}), and the paths' service levels from a file
 * in ibdmchk's {@code -c} format ({@code 0xSRC_GUID DLID SL} a line) or from {@code saquery -p}
 * output ({@code PathRecord dump:} blocks). docs/fabric.md has the formats.
 */
public final class OpenSmFiles {

    /** Which files to read; null fields are looked up in the directory or left out. */
    public record Sources(Path dir, Path topology, Path lfts, Path sl2vl, Path pathSls, Integer lmc) {
        /** Everything from the dump directory. */
        public static Sources of(Path dir) {
            return new Sources(dir, null, null, null, null, null);
        }
    }

    private static final Pattern SUBNET_END = Pattern.compile(
        "\\{ (\\S+) Ports:([0-9A-Fa-f]+) SystemGUID:([0-9A-Fa-f]+) NodeGUID:([0-9A-Fa-f]+) PortGUID:([0-9A-Fa-f]+)"
            + " VenID:[0-9A-Fa-f]+ DevID:[0-9A-Fa-f]+ Rev:[0-9A-Fa-f]+ \\{(.*?)\\} LID:([0-9A-Fa-f]+) PN:([0-9A-Fa-f]+) \\}");
    private static final Pattern LFT_HEAD = Pattern.compile(
        "Unicast lids \\[(\\d+)-(\\d+)\\] of switch Lid (\\d+) guid 0x([0-9A-Fa-f]+) \\('(.*)'\\):");
    private static final Pattern LFT_ROW = Pattern.compile(
        "0x([0-9A-Fa-f]+)\\s+(\\d+|UNREACHABLE)(?:\\s*#.*?portguid 0x([0-9A-Fa-f]+).*)?");
    private static final Pattern FDB_HEAD = Pattern.compile("dump_ucast_routes: Switch 0x([0-9A-Fa-f]+)");
    private static final Pattern FDB_ROW = Pattern.compile("0x([0-9A-Fa-f]+)\\s*:\\s*(\\d+|UNREACHABLE).*");
    private static final Pattern SL2VL_HEAD = Pattern.compile(
        "(Switch|Channel Adapter) 0x([0-9A-Fa-f]+), base LID (\\d+), \"(.*)\"");
    private static final Pattern SL2VL_ROW = Pattern.compile("(\\d+)\\s+(\\d+)\\s*:((?:\\s*\\d+){16})\\s*");
    private static final Pattern IBND_NODE = Pattern.compile(
        "(Switch|Ca|Hca)\\s+(\\d+)\\s+\"([SH])-([0-9A-Fa-f]+)\"\\s*#?\\s*(?:\"(.*?)\")?(.*)");
    private static final Pattern IBND_PORT = Pattern.compile(
        "\\[(\\d+)\\](?:\\(([0-9A-Fa-f]+)\\))?\\s+\"([SH])-([0-9A-Fa-f]+)\"\\[(\\d+)\\](?:\\(([0-9A-Fa-f]+)\\))?(.*)");
    private static final Pattern LID_IN = Pattern.compile("\\blid (\\d+)");

    private OpenSmFiles() {
    }

    /** Reads a fabric; every problem is one {@link FabricFileException}. */
    public static Fabric read(Sources s) throws FabricFileException {
        Path dir = s.dir();
        Path topo = s.topology() != null ? s.topology() : first(dir, "opensm-subnet.lst", "subnet.lst");
        if (topo == null) {
            throw new FabricFileException(String.valueOf(dir), 0,
                "a dump directory with opensm-subnet.lst (OpenSM -D 0x43 --dump_files_dir DIR) or --topology FILE",
                "none");
        }
        Path lfts = s.lfts() != null ? s.lfts() : first(dir, "opensm-lfts.dump", "opensm.fdbs");
        if (lfts == null) {
            throw new FabricFileException(String.valueOf(dir), 0,
                "the forwarding tables: opensm-lfts.dump or opensm.fdbs (OpenSM -D 0x43), or --lfts FILE", "neither");
        }
        Builder b = new Builder();
        List<String> topoLines = lines(topo);
        if (topoLines.stream().anyMatch(l -> l.startsWith("{ "))) {
            readSubnet(topo, topoLines, b);
        } else {
            readIbnetdiscover(topo, topoLines, b);
        }
        Map<Long, Integer> portGuidLids = new HashMap<>();
        int[][] lft = readLfts(lfts, lines(lfts), b, portGuidLids);
        int lmc = s.lmc() != null ? s.lmc() : inferLmc(portGuidLids);
        if (lmc < 0 || lmc > 7) {
            throw new FabricFileException(String.valueOf(lfts), 0, "an LMC from 0 to 7", Integer.toString(lmc));
        }
        Path sl2vlFile = s.sl2vl() != null ? s.sl2vl() : first(dir, "opensm-sl2vl.dump");
        byte[][][] sl2vl = new byte[b.names.size()][][];
        if (sl2vlFile != null) {
            readSl2Vl(sl2vlFile, lines(sl2vlFile), b, sl2vl);
        }
        Map<Long, Integer> pathSl = new HashMap<>();
        Path pathFile = s.pathSls() != null ? s.pathSls() : first(dir, "path-sls.txt");
        Fabric plain = b.build(topo.toString(), lft, sl2vl, Map.of(), false, lmc);
        if (pathFile == null) {
            return plain;
        }
        readPathSls(pathFile, lines(pathFile), b, plain, pathSl);
        return b.build(topo.toString(), lft, sl2vl, pathSl, true, lmc);
    }

    private static Path first(Path dir, String... names) {
        if (dir == null) {
            return null;
        }
        for (String n : names) {
            Path p = dir.resolve(n);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    private static List<String> lines(Path p) throws FabricFileException {
        try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            List<String> out = new ArrayList<>();
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                out.add(l);
            }
            return out;
        } catch (IOException e) {
            throw new FabricFileException(p.toString(), 0, "a readable file", e.toString());
        }
    }

    /** The nodes and links of the fabric as they are read. */
    static final class Builder {
        final List<String> names = new ArrayList<>();
        final List<Long> guids = new ArrayList<>();
        final List<Boolean> switches = new ArrayList<>();
        final List<Integer> portCounts = new ArrayList<>();
        final Map<Long, Integer> byGuid = new HashMap<>();
        final Map<Long, Integer> nodeOfPortGuid = new HashMap<>();
        /** node -> port -> [peer, peerPort]. */
        final List<Map<Integer, int[]>> links = new ArrayList<>();
        /** node -> port -> LID (CA ports), or the switch's LID under port 0. */
        final List<Map<Integer, Integer>> lids = new ArrayList<>();
        final Map<Long, Integer> portOfPortGuid = new HashMap<>();

        int node(long guid, String name, boolean sw, int ports) {
            Integer n = byGuid.get(guid);
            if (n != null) {
                portCounts.set(n, Math.max(portCounts.get(n), ports));
                return n;
            }
            int i = names.size();
            names.add(name);
            guids.add(guid);
            switches.add(sw);
            portCounts.add(ports);
            links.add(new HashMap<>());
            lids.add(new HashMap<>());
            byGuid.put(guid, i);
            return i;
        }

        Fabric build(String source, int[][] lft, byte[][][] sl2vl, Map<Long, Integer> pathSl, boolean given, int lmc) {
            int n = names.size();
            int[][] peer = new int[n][];
            int[][] peerPort = new int[n][];
            long[] guid = new long[n];
            boolean[] sw = new boolean[n];
            int[] switchLid = new int[n];
            List<int[]> ends = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                int ports = portCounts.get(v);
                for (int p : links.get(v).keySet()) {
                    ports = Math.max(ports, p);
                }
                peer[v] = new int[ports + 1];
                peerPort[v] = new int[ports + 1];
                Arrays.fill(peer[v], -1);
                for (Map.Entry<Integer, int[]> e : links.get(v).entrySet()) {
                    peer[v][e.getKey()] = e.getValue()[0];
                    peerPort[v][e.getKey()] = e.getValue()[1];
                }
                guid[v] = guids.get(v);
                sw[v] = switches.get(v);
                if (sw[v]) {
                    switchLid[v] = lids.get(v).getOrDefault(0, 0);
                } else {
                    for (Map.Entry<Integer, Integer> e : new java.util.TreeMap<>(lids.get(v)).entrySet()) {
                        if (e.getValue() > 0 && links.get(v).containsKey(e.getKey())) {
                            ends.add(new int[] {v, e.getKey(), e.getValue()});
                        }
                    }
                }
            }
            ends.sort((a, c) -> Integer.compare(a[2], c[2]));
            int[] endNode = ends.stream().mapToInt(e -> e[0]).toArray();
            int[] endPort = ends.stream().mapToInt(e -> e[1]).toArray();
            int[] endLid = ends.stream().mapToInt(e -> e[2]).toArray();
            return new Fabric(source, names, guid, sw, peer, peerPort, endNode, endPort, endLid, lmc, switchLid, lft,
                sl2vl, pathSl, given);
        }
    }

    private static void readSubnet(Path file, List<String> lines, Builder b) throws FabricFileException {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            Matcher m = SUBNET_END.matcher(line);
            int[] end = new int[2];
            int[] port = new int[2];
            int k = 0;
            while (k < 2 && m.find()) {
                String type = m.group(1);
                boolean sw = type.startsWith("SW");
                if (!sw && !type.startsWith("CA")) {
                    throw new FabricFileException(file.toString(), i + 1, "a node type SW, SW-SM, CA or CA-SM",
                        "'" + type + "'");
                }
                int ports = Integer.parseInt(m.group(2), 16);
                long nodeGuid = Long.parseUnsignedLong(m.group(4), 16);
                long portGuid = Long.parseUnsignedLong(m.group(5), 16);
                int lid = Integer.parseInt(m.group(7), 16);
                int pn = Integer.parseInt(m.group(8), 16);
                int v = b.node(nodeGuid, m.group(6), sw, ports);
                b.nodeOfPortGuid.put(portGuid, v);
                b.portOfPortGuid.put(portGuid, sw ? 0 : pn);
                if (sw) {
                    b.lids.get(v).put(0, lid);
                } else {
                    b.lids.get(v).put(pn, lid);
                }
                end[k] = v;
                port[k] = pn;
                k++;
            }
            if (k < 2) {
                throw new FabricFileException(file.toString(), i + 1,
                    "a link: '{ TYPE Ports:.. SystemGUID:.. NodeGUID:.. PortGUID:.. VenID:.. DevID:.. Rev:.. {NAME} LID:.. PN:.. }'"
                        + " twice", "'" + abbreviate(line) + "'");
            }
            if (!line.contains("LOG=ACT")) {
                continue; // a link that is not active forwards nothing
            }
            b.links.get(end[0]).put(port[0], new int[] {end[1], port[1]});
            b.links.get(end[1]).put(port[1], new int[] {end[0], port[0]});
        }
        if (b.names.isEmpty()) {
            throw new FabricFileException(file.toString(), 0, "links of OpenSM's subnet list", "none");
        }
    }

    /**
     * An {@code ibnetdiscover} topology file (also the net files ibsim reads when they name nodes
     * by GUID): {@code Switch N "S-GUID" # "name" ... lid L} and {@code Ca N "H-GUID" # "name"}
     * records, each followed by its ports {@code [p] "S-GUID"[q] # ... lid L}.
     */
    private static void readIbnetdiscover(Path file, List<String> lines, Builder b) throws FabricFileException {
        int current = -1;
        List<int[]> pending = new ArrayList<>();
        List<Long> pendingGuid = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("vendid") || line.startsWith("devid")
                || line.startsWith("sysimgguid") || line.startsWith("switchguid") || line.startsWith("caguid")) {
                continue;
            }
            Matcher node = IBND_NODE.matcher(line);
            if (node.matches()) {
                boolean sw = node.group(1).equals("Switch");
                long guid = Long.parseUnsignedLong(node.group(4), 16);
                String name = node.group(5) != null ? node.group(5) : node.group(3) + "-" + node.group(4);
                current = b.node(guid, name, sw, Integer.parseInt(node.group(2)));
                Matcher lid = LID_IN.matcher(node.group(6));
                if (sw && lid.find()) {
                    b.lids.get(current).put(0, Integer.parseInt(lid.group(1)));
                }
                continue;
            }
            Matcher port = IBND_PORT.matcher(line);
            if (port.matches() && current >= 0) {
                int p = Integer.parseInt(port.group(1));
                long peerGuid = Long.parseUnsignedLong(port.group(4), 16);
                int q = Integer.parseInt(port.group(5));
                pending.add(new int[] {current, p, q});
                pendingGuid.add(peerGuid);
                if (!b.switches.get(current)) {
                    Matcher lid = LID_IN.matcher(port.group(7));
                    if (lid.find()) {
                        b.lids.get(current).put(p, Integer.parseInt(lid.group(1)));
                    }
                    if (port.group(2) != null) {
                        long pg = Long.parseUnsignedLong(port.group(2), 16);
                        b.nodeOfPortGuid.put(pg, current);
                        b.portOfPortGuid.put(pg, p);
                    }
                }
                continue;
            }
            throw new FabricFileException(file.toString(), i + 1,
                "an ibnetdiscover record: 'Switch N \"S-GUID\" ...', 'Ca N \"H-GUID\" ...' or a port '[p] \"S-GUID\"[q]'",
                "'" + abbreviate(line) + "'");
        }
        for (int k = 0; k < pending.size(); k++) {
            int[] e = pending.get(k);
            Integer peer = b.byGuid.get(pendingGuid.get(k));
            if (peer == null) {
                throw new FabricFileException(file.toString(), 0, "a record for every node a port names",
                    String.format("none for 0x%016x (port %d of %s)", pendingGuid.get(k), e[1], b.names.get(e[0])));
            }
            b.links.get(e[0]).put(e[1], new int[] {peer, e[2]});
        }
        if (b.names.isEmpty()) {
            throw new FabricFileException(file.toString(), 0, "OpenSM's subnet list or ibnetdiscover output", "no node");
        }
    }

    private static int[][] readLfts(Path file, List<String> lines, Builder b, Map<Long, Integer> lidsPerPortGuid)
            throws FabricFileException {
        int n = b.names.size();
        List<int[]> rows = new ArrayList<>();
        int[][] lft = new int[n][];
        int sw = -1;
        int most = 0;
        Map<Integer, List<int[]>> bySwitch = new HashMap<>();
        Map<Long, java.util.Set<Integer>> lidsOf = new HashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.endsWith("lids dumped") || line.startsWith("LID ") || line.startsWith("#")) {
                continue;
            }
            Matcher h = LFT_HEAD.matcher(line);
            Matcher f = h.matches() ? h : FDB_HEAD.matcher(line);
            if (f.matches()) {
                long guid = Long.parseUnsignedLong(f == h ? h.group(4) : f.group(1), 16);
                Integer v = b.byGuid.get(guid);
                if (v == null || !b.switches.get(v)) {
                    throw new FabricFileException(file.toString(), i + 1, "a switch of the subnet list",
                        String.format("guid 0x%016x", guid) + (f == h ? " ('" + h.group(5) + "')" : ""));
                }
                sw = v;
                rows = bySwitch.computeIfAbsent(sw, k -> new ArrayList<>());
                continue;
            }
            Matcher r = LFT_ROW.matcher(line);
            if (!r.matches()) {
                r = FDB_ROW.matcher(line);
            }
            if (!r.matches() || sw < 0) {
                throw new FabricFileException(file.toString(), i + 1,
                    sw < 0 ? "a switch header ('Unicast lids [..] of switch Lid L guid 0x..' or 'dump_ucast_routes: Switch 0x..')"
                        : "a table row '0xLID PORT' or '0xLID : PORT : HOPS : ...'", "'" + abbreviate(line) + "'");
            }
            int lid = Integer.parseInt(r.group(1), 16);
            int port = r.group(2).equals("UNREACHABLE") ? Fabric.NO_PORT : Integer.parseInt(r.group(2));
            if (port == 255) {
                port = Fabric.NO_PORT;
            }
            if (port != Fabric.NO_PORT && port > Math.max(b.portCounts.get(sw), 0)) {
                throw new FabricFileException(file.toString(), i + 1, "a port of " + b.names.get(sw) + " (0 to "
                    + b.portCounts.get(sw) + ")", Integer.toString(port));
            }
            rows.add(new int[] {lid, port});
            most = Math.max(most, lid);
            if (r.groupCount() >= 3 && r.group(3) != null) {
                lidsOf.computeIfAbsent(Long.parseUnsignedLong(r.group(3), 16), k -> new java.util.HashSet<>()).add(lid);
            }
        }
        for (Map.Entry<Integer, List<int[]>> e : bySwitch.entrySet()) {
            int[] t = new int[most + 1];
            Arrays.fill(t, Fabric.NO_PORT);
            for (int[] row : e.getValue()) {
                t[row[0]] = row[1];
            }
            lft[e.getKey()] = t;
        }
        for (int v = 0; v < n; v++) {
            if (b.switches.get(v) && lft[v] == null) {
                throw new FabricFileException(file.toString(), 0, "a forwarding table for every switch",
                    "none for " + b.names.get(v));
            }
        }
        for (Map.Entry<Long, java.util.Set<Integer>> e : lidsOf.entrySet()) {
            lidsPerPortGuid.put(e.getKey(), e.getValue().size());
        }
        return lft;
    }

    /** The LMC the forwarding tables show: log2 of the LIDs listed for a CA port, 0 when they do not say. */
    private static int inferLmc(Map<Long, Integer> lidsPerPortGuid) {
        int most = 1;
        for (int c : lidsPerPortGuid.values()) {
            most = Math.max(most, c);
        }
        return Integer.numberOfTrailingZeros(Integer.highestOneBit(most));
    }

    private static void readSl2Vl(Path file, List<String> lines, Builder b, byte[][][] sl2vl)
            throws FabricFileException {
        int node = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher h = SL2VL_HEAD.matcher(line);
            if (h.matches()) {
                long guid = Long.parseUnsignedLong(h.group(2), 16);
                Integer v = b.byGuid.get(guid);
                if (v == null) {
                    v = b.nodeOfPortGuid.get(guid);
                }
                if (v == null) {
                    throw new FabricFileException(file.toString(), i + 1, "a node or port of the subnet list",
                        String.format("guid 0x%016x (\"%s\")", guid, h.group(4)));
                }
                node = v;
                continue;
            }
            Matcher r = SL2VL_ROW.matcher(line);
            if (!r.matches() || node < 0) {
                throw new FabricFileException(file.toString(), i + 1,
                    node < 0 ? "a header 'Switch 0xGUID, base LID L, \"NAME\"'" : "a row 'IN OUT : VL0 ... VL15'",
                    "'" + abbreviate(line) + "'");
            }
            int width = b.portCounts.get(node) + 1;
            for (int p : b.links.get(node).keySet()) {
                width = Math.max(width, p + 1);
            }
            int in = Integer.parseInt(r.group(1));
            int out = Integer.parseInt(r.group(2));
            if (in >= width || out >= width) {
                throw new FabricFileException(file.toString(), i + 1, "ports of " + b.names.get(node) + " (0 to "
                    + (width - 1) + ")", in + " " + out);
            }
            String[] vls = r.group(3).trim().split("\\s+");
            byte[] row = new byte[16];
            for (int sl = 0; sl < 16; sl++) {
                row[sl] = (byte) Integer.parseInt(vls[sl]);
                if (row[sl] > 15) {
                    throw new FabricFileException(file.toString(), i + 1, "VLs from 0 to 15", vls[sl]);
                }
            }
            if (sl2vl[node] == null) {
                sl2vl[node] = new byte[width * width][];
            }
            if (b.switches.get(node)) {
                sl2vl[node][in * width + out] = row;
            } else {
                // a CA's table (one row, '0 0') applies to whatever leaves any of its ports
                for (int p = 0; p < width; p++) {
                    sl2vl[node][p] = row;
                }
            }
        }
    }

    private static void readPathSls(Path file, List<String> lines, Builder b, Fabric f, Map<Long, Integer> out)
            throws FabricFileException {
        Map<Long, Integer> endpointOfPortGuid = new HashMap<>();
        Map<Integer, List<Integer>> endpointsOfNode = new HashMap<>();
        for (int e = 0; e < f.endpoints(); e++) {
            endpointsOfNode.computeIfAbsent(f.endpointNode(e), k -> new ArrayList<>()).add(e);
        }
        for (Map.Entry<Long, Integer> pg : b.portOfPortGuid.entrySet()) {
            int node = b.nodeOfPortGuid.get(pg.getKey());
            for (int e : endpointsOfNode.getOrDefault(node, List.of())) {
                if (f.endpointPort(e) == pg.getValue()) {
                    endpointOfPortGuid.put(pg.getKey(), e);
                }
            }
        }
        boolean records = lines.stream().anyMatch(l -> l.trim().startsWith("PathRecord dump"));
        int slid = -1;
        int dlid = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (records) {
                if (line.startsWith("PathRecord dump")) {
                    slid = -1;
                    dlid = -1;
                } else if (line.startsWith("dlid.")) {
                    dlid = number(file, i, line.substring(line.lastIndexOf('.') + 1));
                } else if (line.startsWith("slid.")) {
                    slid = number(file, i, line.substring(line.lastIndexOf('.') + 1));
                } else if (line.startsWith("sl.")) {
                    int sl = number(file, i, line.substring(line.lastIndexOf('.') + 1));
                    int src = f.endpointOfLid(slid);
                    if (src >= 0 && dlid >= 0) {
                        put(file, i, f, out, src, dlid, sl);
                    }
                }
                continue;
            }
            String[] w = line.split("\\s+");
            if (w.length != 3 || !w[0].startsWith("0x")) {
                throw new FabricFileException(file.toString(), i + 1, "a path SL '0xSRC_GUID DLID SL' (ibdmchk -c) or"
                    + " saquery -p output", "'" + abbreviate(line) + "'");
            }
            long guid = Long.parseUnsignedLong(w[0].substring(2), 16);
            Integer src = endpointOfPortGuid.get(guid);
            if (src == null) {
                List<Integer> ofNode = b.byGuid.containsKey(guid) ? endpointsOfNode.get(b.byGuid.get(guid)) : null;
                if (ofNode == null || ofNode.isEmpty()) {
                    throw new FabricFileException(file.toString(), i + 1, "the GUID of a CA or of a CA port",
                        "'" + w[0] + "'");
                }
                for (int e : ofNode) {
                    put(file, i, f, out, e, number(file, i, w[1]), number(file, i, w[2]));
                }
                continue;
            }
            put(file, i, f, out, src, number(file, i, w[1]), number(file, i, w[2]));
        }
    }

    private static void put(Path file, int i, Fabric f, Map<Long, Integer> out, int src, int dlid, int sl)
            throws FabricFileException {
        if (sl < 0 || sl > 15) {
            throw new FabricFileException(file.toString(), i + 1, "an SL from 0 to 15", Integer.toString(sl));
        }
        if (f.endpointOfLid(dlid) < 0) {
            return; // a path to a switch: not a CA-to-CA route
        }
        out.put((long) src * (f.maxLid + 1) + dlid, sl);
    }

    private static int number(Path file, int i, String s) throws FabricFileException {
        try {
            String t = s.trim();
            return t.startsWith("0x") || t.startsWith("0X") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw new FabricFileException(file.toString(), i + 1, "a number", "'" + s.trim() + "'");
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
