package flowproof.throttle;

import flowproof.sim.control.InjectionControl;
import java.util.List;

/**
 * An {@link InjectionControl} that forwards every call to another; subclasses override what
 * they watch or change (the property suite's checked and broken schemes).
 */
public class ForwardingControl implements InjectionControl {

    protected final InjectionControl delegate;

    public ForwardingControl(InjectionControl delegate) {
        this.delegate = delegate;
    }

    @Override
    public void beginCycle(long now) {
        delegate.beginCycle(now);
    }

    @Override
    public boolean mayInject(int terminal, int destination, int size, int[] firstQueues, int n) {
        return delegate.mayInject(terminal, destination, size, firstQueues, n);
    }

    @Override
    public void injected(int terminal, int destination, int size) {
        delegate.injected(terminal, destination, size);
    }

    @Override
    public void delivered(int source, int destination, int size) {
        delegate.delivered(source, destination, size);
    }

    @Override
    public List<String> seriesNames() {
        return delegate.seriesNames();
    }

    @Override
    public void sample(double[] out) {
        delegate.sample(out);
    }
}
