import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from './lazyPage';
import { t } from '../i18n';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the location) clears a caught error. */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/** Catches render errors; a failed lazy chunk gets a clear message and a Reload button. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <div className="card boundary-error" role="alert">
        <h2>{chunk ? 'This part of the application could not be loaded' : 'Something went wrong'}</h2>
        <p>
          {chunk
            ? 'A newer version may have been deployed, or the network connection was interrupted. Reload the page to continue.'
            : error instanceof Error
              ? error.message
              : String(error)}
        </p>
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t('Reload')}
          </button>
          {chunk ? null : (
            <button type="button" className="btn btn-secondary" onClick={() => this.setState({ error: null })}>
              {t('Try again')}
            </button>
          )}
        </div>
      </div>
    );
  }
}
