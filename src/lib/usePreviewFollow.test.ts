import { describe, expect, it } from 'vitest';
import { followState, STALE_PREVIEW_BLOCKS } from './usePreviewFollow';

const key = 'send 1 ETH to the evader';
const returned = 'in 1 ETH, out 1 ETH';
const kept = 'out 1 ETH';
const at = { latest: 10n, block: 10n, failed: false };

describe('following a review’s preview block by block', () => {
  it('lets Confirm through while the preview says what it first said', () => {
    const first = { key, digest: returned };
    expect(followState({ key, digest: returned, first, acknowledged: undefined, ...at })).toEqual({
      changed: false,
      changeAcknowledged: false,
      stale: false,
      holds: false,
    });
  });

  it('holds Confirm when a new block changes it, until the person acknowledges the preview as it now reads', () => {
    const first = { key, digest: returned };
    const changed = followState({ key, digest: kept, first, acknowledged: undefined, ...at });
    expect(changed).toMatchObject({ changed: true, holds: true });
    const acknowledged = followState({ key, digest: kept, first, acknowledged: { key, digest: kept }, ...at });
    expect(acknowledged).toMatchObject({ changed: true, changeAcknowledged: true, holds: false });
    // A later change is a new one: the acknowledgement was for what the preview said then.
    const again = followState({ key, digest: 'reverts', first, acknowledged: { key, digest: kept }, ...at });
    expect(again).toMatchObject({ changed: true, changeAcknowledged: false, holds: true });
  });

  it('starts afresh for other content', () => {
    const first = { key: 'another transaction', digest: returned };
    expect(followState({ key, digest: kept, first, acknowledged: undefined, ...at }).changed).toBe(false);
  });

  it('holds Confirm while a preview more than a few blocks old is read again, and lets go if that read fails', () => {
    const first = { key, digest: returned };
    const old = { latest: 10n + STALE_PREVIEW_BLOCKS + 1n, block: 10n };
    expect(followState({ key, digest: returned, first, acknowledged: undefined, ...old, failed: false })).toMatchObject(
      { stale: true, holds: true },
    );
    const recent = { latest: 10n + STALE_PREVIEW_BLOCKS, block: 10n };
    expect(followState({ key, digest: returned, first, acknowledged: undefined, ...recent, failed: false }).holds).toBe(
      false,
    );
    // A preview that cannot be read again is shown as failed, which does not hold sending back.
    expect(followState({ key, digest: returned, first, acknowledged: undefined, ...old, failed: true }).holds).toBe(
      false,
    );
  });
});
