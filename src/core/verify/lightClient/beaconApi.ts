import type { Hex } from 'viem';
import { VerifyError } from '../../errors/verify';
import { codeValue, msg } from '../../i18n/message';

/**
 * The light-client routes of a beacon node's REST API (`/eth/v1/beacon/light_client/*`), at the
 * URL the person gave. Answers are the JSON bodies as sent (`{version, data}`, or a list of them
 * for `updates`): nothing in them is trusted until the light client has checked it.
 */
export type BeaconApi = {
  /** The beacon API's URL, as messages name it. */
  readonly url: string;
  bootstrap(blockRoot: Hex): Promise<unknown>;
  updates(startPeriod: number, count: number): Promise<unknown>;
  finalityUpdate(): Promise<unknown>;
  optimisticUpdate(): Promise<unknown>;
};

/** Long enough for a dozen periods' updates (about 70 KB each) over a slow link. */
export const BEACON_TIMEOUT_MS = 15_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * The beacon API at `url`. Its methods throw VERIFY_BEACON_REFUSED when the request cannot be made
 * at all: a browser gives the same TypeError for a host that refuses pages' requests (no CORS
 * headers) as for one it cannot reach, so the sentence names both and the flags that allow pages.
 * They throw VERIFY_BEACON_UNREACHABLE on an HTTP error, a timeout or an answer that is not JSON,
 * and VERIFY_CHECKPOINT_INVALID when the node has no bootstrap for the root (HTTP 404).
 * `fetch` is for tests.
 */
export function beaconApi(url: string, options: { fetch?: Fetch; timeoutMs?: number } = {}): BeaconApi {
  const base = url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? BEACON_TIMEOUT_MS;
  // Called through a function: a browser's fetch refuses to run detached from its window.
  const send: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const source = codeValue(url);
  const unreachable = (reason: string, cause?: unknown) =>
    new VerifyError(
      'VERIFY_BEACON_UNREACHABLE',
      msg('core.chain:verify.beaconUnreachable', { source, reason: codeValue(reason) }),
      {
        cause,
      },
    );
  const timedOut = (cause: unknown) => unreachable(`no answer in ${Math.ceil(timeoutMs / 1000)} s`, cause);

  async function getJson(path: string, onStatus?: (status: number) => Error | undefined): Promise<unknown> {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        headers: { accept: 'application/json' },
        credentials: 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (isTimeout(error)) throw timedOut(error);
      if (error instanceof TypeError)
        throw new VerifyError('VERIFY_BEACON_REFUSED', msg('core.chain:verify.beaconRefused', { source }), {
          cause: error,
        });
      throw unreachable(error instanceof Error ? error.name : 'failed', error);
    }
    if (!response.ok) throw onStatus?.(response.status) ?? unreachable(`HTTP ${response.status}`);
    try {
      return await response.json();
    } catch (error) {
      throw isTimeout(error) ? timedOut(error) : unreachable('not JSON', error);
    }
  }

  return {
    url,
    bootstrap: (blockRoot) =>
      getJson(`/eth/v1/beacon/light_client/bootstrap/${blockRoot}`, (status) =>
        status === 404
          ? new VerifyError(
              'VERIFY_CHECKPOINT_INVALID',
              msg('core.chain:verify.checkpointInvalid', { root: codeValue(blockRoot), reason: codeValue('HTTP 404') }),
            )
          : undefined,
      ),
    updates: (startPeriod, count) =>
      getJson(`/eth/v1/beacon/light_client/updates?start_period=${startPeriod}&count=${count}`),
    finalityUpdate: () => getJson('/eth/v1/beacon/light_client/finality_update'),
    optimisticUpdate: () => getJson('/eth/v1/beacon/light_client/optimistic_update'),
  };
}
