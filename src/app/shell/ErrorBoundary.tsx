// The last line of defence: a bug in a panel shows a message and a way back,
// never a blank screen or a raw stack.
import { Component, type ReactNode } from 'react';

interface State {
  error: Error | undefined;
}

export class ErrorBoundary extends Component<{ children: ReactNode; area?: string }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="m-3 rounded border border-err/50 bg-err-soft p-3 text-[13px]">
        <p className="font-semibold text-err">{this.props.area ? `The ${this.props.area} hit a bug and stopped.` : 'Timescope hit a bug and stopped.'}</p>
        <p className="mt-1 font-mono text-[12px]">{error.message}</p>
        <button type="button" className="mt-2 rounded border border-line bg-panel px-2 py-1" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}
