package flowproof.cluster;

import flowproof.explore.distributed.Transport;
import java.io.Serializable;

/**
 * One part of a job every member of a cluster runs together ({@link Cluster#everyMember}): each
 * member runs it on its own transport of the same search. Sent to the other members with Java
 * serialization, so it carries what they need as text and numbers (a spec's tree as JSON, the
 * limits), never objects of this JVM.
 *
 * @param <T> what it returns on the member that drives the job
 */
public interface MemberTask<T> extends Serializable {

    /** This member's part, on this member's end of the job's transport (closed by the caller). */
    T run(Transport transport);

    /** One line about the part's result, which a worker prints. */
    String summary(T result);
}
