package flowproof.cluster;

import java.io.Serializable;

/**
 * One of a job's independent tasks ({@link Cluster#map}): a simulation of a sweep, a spec of
 * {@code verify}. It runs on whichever member is free and returns a result that travels back
 * by Java serialization; its exceptions travel back too.
 *
 * @param <T> its result
 */
public interface Task<T extends Serializable> extends Serializable {

    /** Runs the task. */
    T call() throws Exception;

    /** What it is, for a worker's line. */
    String describe();
}
