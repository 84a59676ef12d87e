import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPROVE_DELAY_MS, watchApproveDelay } from './approveDelay';

/**
 * A window that has no focus when the delay starts (document.hasFocus() is false: it opened behind
 * another), unless `focused` (it had focus as it appeared).
 */
function fakeWindow(focused = false) {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
    hasFocus: () => focused,
  });
  const states: boolean[] = [];
  let swallowed = 0;
  const delay = watchApproveDelay(
    { window: win, document: doc },
    (ready) => states.push(ready),
    undefined,
    () => swallowed++,
  );
  const ready = () => states.at(-1);
  /** A click as the browser sends it: at the window first (capture), then on to the page's handlers. */
  const click = () => {
    const event = new Event('click', { cancelable: true });
    let reached = false;
    win.addEventListener('click', () => (reached = true), { once: true });
    win.dispatchEvent(event);
    return reached && !event.defaultPrevented;
  };
  return { win, doc, delay, ready, click, swallowed: () => swallowed };
}

describe('the approve delay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds approve for the delay, then lets it through', () => {
    const { ready } = fakeWindow();
    expect(ready()).toBe(false);
    vi.advanceTimersByTime(APPROVE_DELAY_MS - 1);
    expect(ready()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(ready()).toBe(true);
  });

  it.each(['pointerdown', 'pointerup', 'pointermove', 'keydown', 'keyup', 'wheel'])(
    'starts again on each %s during the delay, so clicking or typing fast never reaches approve',
    (type) => {
      const { win, ready } = fakeWindow();
      for (let i = 0; i < 5; i++) {
        vi.advanceTimersByTime(APPROVE_DELAY_MS - 100);
        win.dispatchEvent(new Event(type));
      }
      expect(ready()).toBe(false);
      vi.advanceTimersByTime(APPROVE_DELAY_MS - 1);
      expect(ready()).toBe(false);
      vi.advanceTimersByTime(1);
      expect(ready()).toBe(true);
    },
  );

  it('leaves input alone once the delay is over: the person can click approve', () => {
    const { win, ready } = fakeWindow();
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    win.dispatchEvent(new Event('pointerdown'));
    win.dispatchEvent(new Event('keydown'));
    expect(ready()).toBe(true);
  });

  it('starts again when the content changes, even after it was over', () => {
    const { delay, ready } = fakeWindow();
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    delay.restart();
    expect(ready()).toBe(false);
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    expect(ready()).toBe(true);
  });

  it('starts again when the window regains focus or becomes visible', () => {
    const { win, doc, ready } = fakeWindow();
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    win.dispatchEvent(new Event('focus'));
    expect(ready()).toBe(false);
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(ready()).toBe(true);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(ready()).toBe(false);
  });

  it('swallows the first click after a window that opened without focus gains it, however late, and only that one', () => {
    const { win, click, ready, swallowed } = fakeWindow();
    expect(click()).toBe(true);
    win.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(5 * APPROVE_DELAY_MS);
    expect(ready()).toBe(true);
    expect(click()).toBe(false);
    expect(swallowed()).toBe(1);
    // The click swallowed puts approve to sleep: a double click's second click does nothing either.
    expect(ready()).toBe(false);
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    expect(click()).toBe(true);
  });

  it('lets the first click of a window that had focus when it appeared through, even after the focus event it is sent then', () => {
    const { win, click, ready, swallowed } = fakeWindow(true);
    // The browser may send the focus event only once the page runs: the window had focus all along.
    win.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    expect(ready()).toBe(true);
    expect(click()).toBe(true);
    expect(swallowed()).toBe(0);
  });

  it('swallows the first click after a window that had focus loses it and gets it back', () => {
    const { win, click, ready, swallowed } = fakeWindow(true);
    win.dispatchEvent(new Event('blur'));
    win.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    expect(ready()).toBe(true);
    expect(click()).toBe(false);
    expect(swallowed()).toBe(1);
  });

  it('does not swallow a click again for the next request in a window that kept its focus', () => {
    const { win, doc, delay, click } = fakeWindow(true);
    win.dispatchEvent(new Event('blur'));
    win.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    expect(click()).toBe(false);
    delay.stop();
    // The next request's delay, in the same window: no focus came between.
    const states: boolean[] = [];
    watchApproveDelay({ window: win, document: doc }, (ready) => states.push(ready));
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    expect(states.at(-1)).toBe(true);
    expect(click()).toBe(true);
  });

  it('stops listening once stopped', () => {
    const { win, delay, ready, click } = fakeWindow();
    delay.stop();
    vi.advanceTimersByTime(APPROVE_DELAY_MS);
    expect(ready()).toBe(false);
    win.dispatchEvent(new Event('focus'));
    expect(click()).toBe(true);
  });
});
