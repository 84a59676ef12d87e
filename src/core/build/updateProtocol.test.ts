import { describe, expect, it } from 'vitest';
import { codeValue, msg } from '../i18n/message';
import type { Release } from './releaseCheck';
import {
  afterApply,
  afterCheck,
  afterOffer,
  applyRefusal,
  isNewRelease,
  isUpdateNews,
  isUpdateRequest,
  UPDATE_MESSAGE,
  updateCaches,
} from './updateProtocol';

const release = (n: number): Release => ({ hash: String(n).repeat(64), version: `0.${n}.0`, commit: `c${n}` });
const mismatch = msg('core.keys:release.mismatch', { path: codeValue('x.js') });
const refusedAs = (n: number) => ({ ...release(n), reason: mismatch });

describe('the service worker’s update state', () => {
  it('serves the first build it checked, and stages later ones for the person', () => {
    const first = afterCheck({}, release(1), { ok: true });
    expect(first).toEqual({ current: release(1) });
    // A newer good build replaces an acceptance of an older one and a refusal shown before.
    const staged = afterCheck({ ...first, accepted: 'old', refused: refusedAs(9) }, release(2), { ok: true });
    expect(staged).toEqual({ current: release(1), staged: release(2) });
    expect(afterApply({ ...staged, accepted: release(2).hash, refused: refusedAs(3) })).toEqual({
      current: release(2),
    });
    // Nothing staged: applying changes nothing.
    expect(afterApply(first)).toBe(first);
  });

  it('installs only the staged build the person accepted, and never while a site’s window is open', () => {
    const state = { current: release(1), staged: release(2) };
    expect(applyRefusal(state, release(2).hash, false)).toBe('not-accepted');
    const accepted = { ...state, accepted: release(2).hash };
    expect(applyRefusal(accepted, release(3).hash, false)).toBe('not-accepted');
    expect(applyRefusal({ current: release(1), accepted: release(2).hash }, release(2).hash, false)).toBe(
      'not-accepted',
    );
    expect(applyRefusal(accepted, release(2).hash, true)).toBe('dapp-window');
    expect(applyRefusal(accepted, release(2).hash, false)).toBeUndefined();
  });

  it('remembers a refused build and why, and forgets a build it could not download', () => {
    const state = { current: release(1) };
    expect(afterCheck(state, release(2), { ok: false, refused: true, reason: mismatch })).toEqual({
      current: release(1),
      refused: refusedAs(2),
    });
    expect(
      afterCheck(state, release(2), {
        ok: false,
        refused: false,
        reason: msg('core.keys:release.download', { path: codeValue('x.js') }),
      }),
    ).toBe(state);
  });

  it('downloads a build only when it is not the one served, staged or refused', () => {
    const state = { current: release(1), staged: release(2), refused: refusedAs(3) };
    for (const n of [1, 2, 3]) expect(isNewRelease(state, release(n).hash)).toBe(false);
    expect(isNewRelease(state, release(4).hash)).toBe(true);
    // With no build to serve yet, a refused one is tried again.
    expect(isNewRelease({ refused: refusedAs(3) }, release(3).hash)).toBe(true);
  });

  it('drops a staged build the server withdrew, going back to the one served', () => {
    const state = { current: release(1), staged: release(2), accepted: release(2).hash };
    expect(afterOffer(state, release(1).hash)).toEqual({ current: release(1), refused: undefined });
    expect(afterOffer(state, release(2).hash)).toBe(state);
    expect(afterOffer({ current: release(1) }, release(1).hash)).toEqual({ current: release(1) });
  });

  it('names its caches after its scope, so two copies on one origin keep apart', () => {
    const a = updateCaches('https://x.example/wallet/');
    const b = updateCaches('https://x.example/beta/');
    expect(a.build('ab')).not.toBe(b.build('ab'));
    expect(a.state).not.toBe(b.state);
    expect(a.build('ab').startsWith(a.buildPrefix)).toBe(true);
    expect(b.build('ab').startsWith(a.buildPrefix)).toBe(false);
    expect(a.stateEntry).toBe('https://x.example/wallet/cairn-update-state.json');
  });

  it('takes only its own messages', () => {
    expect(isUpdateRequest({ tag: UPDATE_MESSAGE, action: 'check' })).toBe(true);
    expect(isUpdateRequest({ tag: UPDATE_MESSAGE, action: 'apply', hash: 'h' })).toBe(true);
    expect(isUpdateRequest({ tag: UPDATE_MESSAGE, action: 'apply' })).toBe(false);
    expect(isUpdateRequest({ tag: 'other', action: 'check' })).toBe(false);
    expect(isUpdateRequest({ tag: UPDATE_MESSAGE, action: 'skipWaiting' })).toBe(false);
    expect(isUpdateRequest({ tag: UPDATE_MESSAGE, action: 'state' })).toBe(false);
    expect(isUpdateNews({ tag: UPDATE_MESSAGE, type: 'reload' })).toBe(true);
    expect(isUpdateNews({ tag: UPDATE_MESSAGE, type: 'state', state: {} })).toBe(true);
    expect(isUpdateNews({ tag: UPDATE_MESSAGE, type: 'state' })).toBe(false);
    expect(isUpdateNews('reload')).toBe(false);
  });
});
