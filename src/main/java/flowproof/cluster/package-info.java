/**
 * The cluster transport of the partitioned search: {@link flowproof.cluster.HazelcastTransport}
 * carries the search's messages between embedded Hazelcast members (Hazelcast Platform 5.x,
 * open-source edition), and {@link flowproof.cluster.HazelcastMembers} starts members inside one
 * JVM ({@code --members N}). The only package that may use Hazelcast: the explorer talks to
 * {@link flowproof.explore.distributed.Transport} and knows nothing of it. Engines layer;
 * depends on {@code flowproof.explore}.
 */
package flowproof.cluster;
