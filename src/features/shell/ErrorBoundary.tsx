import { Component, type ReactNode } from 'react';

/** Never a blank page: a render failure shows what happened and how to get back. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="crash">
        <h2>Something went wrong in this view</h2>
        <p>{this.state.error.message}</p>
        <p>Your library is safe in this browser’s storage.</p>
        <button
          type="button"
          onClick={() => {
            window.location.hash = '#/';
            this.setState({ error: null });
          }}
        >
          Back to the library
        </button>
      </div>
    );
  }
}
