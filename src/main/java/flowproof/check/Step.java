package flowproof.check;

import flowproof.spec.Spec;

/**
 * One engine's turn in a {@link Portfolio}: it reads what the steps before it established,
 * spends at most its {@link Budget}, and either decides the spec or leaves it undecided, with
 * what it found for the steps after it (and the report). A later engine joins the portfolio
 * as one more step.
 */
interface Step {

    /**
     * @param spec   the spec
     * @param budget what the run may spend
     * @param sofar  what the steps before established
     * @return the evidence, decided or not
     */
    Outcome take(Spec spec, Budget budget, Evidence sofar);

    /** What a step leaves: the evidence, which either decides the spec or goes on to the next step. */
    sealed interface Outcome permits Decided, Undecided {
        /** @return the evidence so far */
        Evidence evidence();
    }

    /** The spec is decided: no later step runs. */
    record Decided(Evidence evidence) implements Outcome {
    }

    /** Not decided: the next step runs. */
    record Undecided(Evidence evidence) implements Outcome {
    }
}
