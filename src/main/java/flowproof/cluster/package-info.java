/**
 * The cluster: {@link flowproof.cluster.HazelcastTransport} carries the partitioned search's
 * messages between embedded Hazelcast members (Hazelcast Platform 5.x, open-source edition),
 * {@link flowproof.cluster.HazelcastMembers} starts members inside one JVM for
 * {@code explore --members N}, {@link flowproof.cluster.ClusterFile} reads a cluster file,
 * {@link flowproof.cluster.Cluster} is a run's members ({@code --cluster FILE},
 * {@code --members N}) running a search on every member or spreading independent tasks, and
 * {@link flowproof.cluster.Worker} serves jobs ({@code flowproof worker}). The only package that
 * may use Hazelcast: the explorer talks to {@link flowproof.explore.distributed.Transport} and
 * knows nothing of it. Engines layer; depends on {@code flowproof.explore}.
 */
package flowproof.cluster;
