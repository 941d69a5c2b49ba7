import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** When a page's code or content cannot be loaded (a slow or dropped connection), says so and offers a retry. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="block container load-error" role="alert">
        <h1>This page didn't load</h1>
        <p>Your connection may be slow or offline. Check it, then try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </section>
    );
  }
}
