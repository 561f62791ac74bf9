package flowproof.check;

/**
 * {@link Flowproof#prove} was asked about a model its CP-SAT encoding does not cover:
 * synchronous steps, wormhole flits, or a rule whose admission reads more than the target
 * queue, its critical marks and its ring. Use {@link Flowproof#check} or
 * {@link Flowproof#explore} instead.
 */
public final class UnsupportedModelException extends UnsupportedOperationException {

    private static final long serialVersionUID = 1L;

    /** The spec field that puts the model beyond the encoding. */
    private final String field;

    UnsupportedModelException(String field, String message) {
        super(message);
        this.field = field;
    }

    /** @return the spec field that puts the model beyond the encoding, e.g. {@code semantics}, {@code flow}, {@code rule} */
    public String field() {
        return field;
    }
}
