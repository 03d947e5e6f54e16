import { Component, type ReactNode } from 'react';

type Props = { location: unknown; children: ReactNode };
type State = { error: unknown; location: unknown };

/**
 * What React Router's data router showed for an error while rendering or loading a screen
 * (a chunk that fails to download, say), until the next navigation.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): State | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{error instanceof Error ? error.message : JSON.stringify(error)}</h3>
        {stack && <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{stack}</pre>}
      </>
    );
  }
}
