import { Component, Suspense, type ReactNode } from 'react';

// A rarely used part of the frame (mobile menu, auth message dialog, debug panel) loaded on demand. If its
// code cannot load (offline before it was ever fetched), the part is left out instead of taking the whole
// page down with it; it is tried again when `resetKey` changes.
export class LazyPart extends Component<{ resetKey?: unknown; children: ReactNode }, { failed: boolean; resetKey?: unknown }> {
  state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey?: unknown }, state: { resetKey?: unknown }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
