import { describe, expect, it } from 'vitest';
import { codeValue, msg, renderMessage } from '../i18n/message';
import type { Release, ReleaseProblem } from './releaseCheck';
import {
  afterApply,
  afterCheck,
  afterOffer,
  applyRefusal,
  isNewRelease,
  isUpdateNews,
  isUpdateRequest,
  refusalReason,
  UPDATE_MESSAGE,
  type UpdateState,
  updateCaches,
} from './updateProtocol';

const release = (n: number): Release => ({ hash: String(n).repeat(64), version: `0.${n}.0`, commit: `c${n}` });
const mismatch = msg('core.keys:release.mismatch', { path: codeValue('x.js') });
/** The service worker's words, as tests write them. */
const words = (why: ReleaseProblem) => `words of ${why.id}`;
const refusedAs = (n: number) => ({ ...release(n), reason: words(mismatch), why: mismatch });

describe('the service worker’s update state', () => {
  it('serves the first build it checked, and stages later ones for the person', () => {
    const first = afterCheck({}, release(1), { ok: true }, words);
    expect(first).toEqual({ current: release(1) });
    // A newer good build replaces an acceptance of an older one and a refusal shown before.
    const staged = afterCheck({ ...first, accepted: 'old', refused: refusedAs(9) }, release(2), { ok: true }, words);
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
    expect(afterCheck(state, release(2), { ok: false, refused: true, reason: mismatch }, words)).toEqual({
      current: release(1),
      refused: refusedAs(2),
    });
    expect(
      afterCheck(
        state,
        release(2),
        { ok: false, refused: false, reason: msg('core.keys:release.download', { path: codeValue('x.js') }) },
        words,
      ),
    ).toBe(state);
  });

  it('sends a refusal’s reason as words, which a page of an older build shows as they are', () => {
    const state = afterCheck(
      { current: release(1) },
      release(2),
      { ok: false, refused: true, reason: mismatch },
      words,
    );
    const sent = JSON.parse(JSON.stringify(state)) as UpdateState;
    // Older pages render `reason` as a React child: an object there would crash them.
    expect(typeof sent.refused?.reason).toBe('string');
    expect(sent.refused?.reason).toBe('words of core.keys:release.mismatch');
    // Pages of this build word the Message in their reader's language.
    expect(sent.refused?.why).toEqual(mismatch);
    expect(refusalReason(sent.refused ?? refusedAs(0))).toEqual(mismatch);
    expect(renderMessage(refusalReason(sent.refused ?? refusedAs(0)))).toBe(
      'x.js does not match its SHA-256 in build-manifest.json.',
    );
  });

  it('words a refusal only as one of the four, with values of their form; else an older worker’s words', () => {
    const words1 = 'x.js does not match its SHA-256 in build-manifest.json.';
    const old: UpdateState = JSON.parse(
      JSON.stringify({ current: release(1), refused: { ...release(2), reason: words1 } }),
    );
    expect(refusalReason(old.refused ?? refusedAs(0))).toBe(words1);
    const key = codeValue('a'.repeat(64));
    for (const why of [
      msg('core.keys:release.listing'),
      mismatch,
      msg('core.keys:release.download', { path: codeValue('assets/app-1.js') }),
      msg('core.keys:release.unsigned', { key }),
    ])
      expect(refusalReason({ ...release(2), reason: 'words', why })).toEqual(why);
    // Any other catalog text, or values a script could fill with words of its own, shows nothing.
    for (const why of [
      { id: 'update:unsigned' },
      { id: 'core.keys:release.mismatch', values: { path: codeValue('Call +1 555 0100 now') } },
      { id: 'core.keys:release.mismatch', values: { path: 'x.js' } },
      { id: 'core.keys:release.unsigned', values: { key: codeValue('not a key') } },
      { id: 'core.keys:release.listing', values: { extra: codeValue('x') } },
      { id: 'core.keys:release.mismatch', values: { path: codeValue('x.js'), extra: codeValue('x') } },
    ])
      expect(refusalReason({ ...release(2), reason: 'Phishing words', why } as never)).toBe('');
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
