import { Component, type ReactNode } from 'react';
import { T } from '@/components/T';
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
        <h1 id="screen-failed">
          <T id="common:screenError.title" />
        </h1>
        <p>
          <T id="common:screenError.body" />
          {isChunkLoadFailure(this.state.error) && (
            <>
              {' '}
              <T id="common:screenError.notLoaded" />
            </>
          )}
        </p>
        <p className={ui.muted}>
          <T id="common:screenError.details" values={{ details: toSafeDetails(this.state.error) }} />
        </p>
        <button type="button" onClick={() => location.reload()}>
          <T id="common:screenError.reload" />
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
