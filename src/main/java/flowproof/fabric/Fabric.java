package flowproof.fabric;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An InfiniBand subnet as a subnet manager left it: switches and channel adapters with their
 * ports and links, the LIDs it assigned, each switch's linear forwarding table, and where known
 * the SL-to-VL tables and the service level of each path. Read by {@link OpenSmFiles}; checked
 * for credit loops by {@link CreditLoops}. Ports are numbered as the fabric numbers them (1 and
 * up; port 0 is a switch's management port). Immutable once built.
 */
public final class Fabric {

    /** The destination LID is not in the switch's table, or the table says 255 (unreachable). */
    public static final int NO_PORT = -1;

    final String source;
    final String[] name;
    final long[] guid;
    final boolean[] isSwitch;
    /** [node][port]: the node at the other end, or -1. */
    final int[][] peer;
    /** [node][port]: the port at the other end. */
    final int[][] peerPort;
    /** CA ports with a LID: node, port, base LID. */
    final int[] endNode;
    final int[] endPort;
    final int[] endLid;
    final int lmc;
    /** [node]: the switch's LID (port 0), or 0 for a CA. */
    final int[] switchLid;
    /** [node][dlid]: out port, {@link #NO_PORT} where the table has none; null for a CA. */
    final int[][] lft;
    /** [node]: [inPort * (ports + 1) + outPort][sl] the VL, or null (identity, VL = SL). */
    final byte[][][] sl2vl;
    /** (endpoint * (maxLid + 1) + dlid) -> SL; empty: every path on SL 0. */
    final Map<Long, Integer> pathSl;
    final boolean pathSlsGiven;
    final int maxLid;
    /** dlid -> endpoint index, -1 when no CA port has it. */
    final int[] endpointOfLid;

    Fabric(String source, List<String> names, long[] guid, boolean[] isSwitch, int[][] peer, int[][] peerPort,
           int[] endNode, int[] endPort, int[] endLid, int lmc, int[] switchLid, int[][] lft, byte[][][] sl2vl,
           Map<Long, Integer> pathSl, boolean pathSlsGiven) {
        this.source = source;
        this.name = names.toArray(new String[0]);
        this.guid = guid;
        this.isSwitch = isSwitch;
        this.peer = peer;
        this.peerPort = peerPort;
        this.endNode = endNode;
        this.endPort = endPort;
        this.endLid = endLid;
        this.lmc = lmc;
        this.switchLid = switchLid;
        this.lft = lft;
        this.sl2vl = sl2vl;
        this.pathSl = new HashMap<>(pathSl);
        this.pathSlsGiven = pathSlsGiven;
        int most = 0;
        for (int l : endLid) {
            most = Math.max(most, l + (1 << lmc) - 1);
        }
        for (int l : switchLid) {
            most = Math.max(most, l);
        }
        this.maxLid = most;
        endpointOfLid = new int[most + 1];
        Arrays.fill(endpointOfLid, -1);
        for (int e = 0; e < endLid.length; e++) {
            for (int k = 0; k < (1 << lmc); k++) {
                endpointOfLid[endLid[e] + k] = e;
            }
        }
    }

    /** Where the fabric was read from. */
    public String source() {
        return source;
    }

    /** Nodes: switches and channel adapters. */
    public int nodes() {
        return name.length;
    }

    /** The node's name (its node description), as the dumps give it. */
    public String name(int node) {
        return name[node];
    }

    /** Whether the node is a switch. */
    public boolean isSwitch(int node) {
        return isSwitch[node];
    }

    /** The node's GUID. */
    public long guid(int node) {
        return guid[node];
    }

    /** The number of ports of the node (its highest port number). */
    public int ports(int node) {
        return peer[node].length - 1;
    }

    /** The node at the other end of the node's port, or -1 when the port has no active link. */
    public int peer(int node, int port) {
        return port < peer[node].length ? peer[node][port] : -1;
    }

    /** The port at the other end of the node's port (valid when {@link #peer} is not -1). */
    public int peerPort(int node, int port) {
        return peerPort[node][port];
    }

    /** CA ports with a LID: the sources and destinations of the routes. */
    public int endpoints() {
        return endLid.length;
    }

    /** The CA node of endpoint {@code e}. */
    public int endpointNode(int e) {
        return endNode[e];
    }

    /** The CA port of endpoint {@code e}. */
    public int endpointPort(int e) {
        return endPort[e];
    }

    /** The base LID of endpoint {@code e}. */
    public int endpointLid(int e) {
        return endLid[e];
    }

    /** The LID mask control: every endpoint has {@code 2^lmc} LIDs from its base LID. */
    public int lmc() {
        return lmc;
    }

    /** The switch's out port for {@code dlid}, {@link #NO_PORT} when its table has none. */
    public int outPort(int sw, int dlid) {
        int[] t = lft[sw];
        return t == null || dlid >= t.length ? NO_PORT : t[dlid];
    }

    /** The VL a packet on {@code sl} takes from in-port to out-port of {@code node} (identity without a table). */
    public int vl(int node, int inPort, int outPort, int sl) {
        byte[][] t = sl2vl[node];
        if (t == null) {
            return sl;
        }
        byte[] row = t[inPort * (peer[node].length) + outPort];
        return row == null ? sl : row[sl];
    }

    /** Whether some node has an SL-to-VL table. */
    public boolean hasSl2Vl() {
        for (byte[][] t : sl2vl) {
            if (t != null) {
                return true;
            }
        }
        return false;
    }

    /** The SL of the path from endpoint {@code src} to {@code dlid} (0 where no path SL was given). */
    public int pathSl(int src, int dlid) {
        Integer sl = pathSl.get((long) src * (maxLid + 1) + dlid);
        return sl == null ? 0 : sl;
    }

    /** Whether path SLs were given (otherwise every path is on SL 0, as ibdmchk assumes without -c). */
    public boolean pathSlsGiven() {
        return pathSlsGiven;
    }

    /** The endpoint with {@code lid} among its LIDs, or -1. */
    public int endpointOfLid(int lid) {
        return lid >= 0 && lid < endpointOfLid.length ? endpointOfLid[lid] : -1;
    }

    /** How many switches. */
    public int switches() {
        int n = 0;
        for (boolean s : isSwitch) {
            n += s ? 1 : 0;
        }
        return n;
    }

    /** The endpoint's name: the CA's name, with the port when the CA has several. */
    public String endpointName(int e) {
        int n = endNode[e];
        return ports(n) > 1 ? name[n] + "/P" + endPort[e] : name[n];
    }
}
