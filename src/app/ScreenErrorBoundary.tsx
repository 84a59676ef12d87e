import { Component, type ReactNode } from 'react';
import ui from '@/components/ui.module.css';
import { toSafeDetails } from '@/core/errors/base';

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; resetKey: string } | { error: undefined; resetKey: string };

/**
 * What a screen shows instead of itself when it fails to load or to render (its code missing
 * after an update, an unexpected value): a sentence and a reload, in place of a blank page. The
 * header and navigation stay, and going to another screen (a new `resetKey`) tries again.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <section role="alert" className={ui.noticeDanger} aria-labelledby="screen-failed">
        <h1 id="screen-failed">This screen stopped working</h1>
        <p>
          Nothing was sent or changed. Reload Cairn to try again; your accounts and settings are kept.
          {isChunkLoadFailure(this.state.error)
            ? ' Part of Cairn could not be loaded from the server (it may have been updated, or the connection dropped).'
            : ''}
        </p>
        <p className={ui.muted}>Details: {toSafeDetails(this.state.error)}</p>
        <button type="button" onClick={() => location.reload()}>
          Reload
        </button>
      </section>
    );
  }
}

function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}
