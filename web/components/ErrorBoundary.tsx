import { Component, type ReactNode } from 'react';
import { errorMessage, isChunkLoadError } from './errors.ts';
import { errorFallbackIn } from '../../shared/i18n/common.ts';
import { localeOfPath } from '../../shared/i18n/locale.ts';

// The global error fallback of docs/product.md §4.3: 'Something went wrong', the message, 'Try again'.
// `resetKey` (the path) resets the boundary on navigation, and its language words the fallback (French on /fr,
// from the French chunk's common catalog).

interface Props {
  resetKey: string;
  children: ReactNode;
  /** Called instead of a reset when the failure was a lazy chunk that cannot load (tests override it). */
  reload?: () => void;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey: string;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, error: null, hasError: false };
  }

  private retry = () => {
    if (isChunkLoadError(this.state.error)) {
      (this.props.reload ?? (() => window.location.reload()))();
      return;
    }
    this.setState({ error: null, hasError: false });
  };

  render() {
    if (!this.state.hasError) return this.props.children;
    const words = errorFallbackIn(localeOfPath(this.props.resetKey));
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-ink">{words.title}</h1>
        <p className="mt-4 break-words text-slate-600">{errorMessage(this.state.error)}</p>
        <button
          type="button"
          onClick={this.retry}
          className="mt-8 rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          {words.retry}
        </button>
      </div>
    );
  }
}
