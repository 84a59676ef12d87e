// What the person sees in a document a test rendered (the dom project), found as they find it: by
// a button's or checkbox's words, a heading, an alert, a status; and the states something went
// through, recorded as the document changed.
import { onTestFinished } from 'vitest';

/** The button whose words are exactly `name`, if shown. */
export function button(name: string): HTMLButtonElement | undefined {
  return [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
}

/** Clicks the button whose words are `name`; throws when none is shown. */
export function click(name: string): void {
  const found = button(name);
  if (!found) throw new Error(`No button "${name}" in: ${document.body.textContent}`);
  found.click();
}

/** The first heading's words, or '' when none is shown. */
export function heading(): string {
  return document.querySelector('h1')?.textContent ?? '';
}

/** The words of every alert shown, one after another. */
export function alerts(): string {
  return [...document.querySelectorAll('[role=alert]')].map((e) => e.textContent).join(' ');
}

/** The words of every status shown, one after another. */
export function statuses(): string {
  return [...document.querySelectorAll('[role=status]')].map((e) => e.textContent).join(' ');
}

/** Whether the document shows `words` anywhere. */
export function shows(words: string): boolean {
  return document.body.textContent?.includes(words) ?? false;
}

/** The checkbox whose label holds `words`. */
export function checkbox(words: string): HTMLInputElement | undefined {
  return (
    [...document.querySelectorAll('label')]
      .find((l) => l.textContent?.includes(words))
      ?.querySelector<HTMLInputElement>('input[type=checkbox]') ?? undefined
  );
}

/** Whether an approval window says its buttons are still asleep (the approve delay, see ApprovalFrame). */
export function approveAsleep(): boolean {
  return shows('The buttons wake up a moment after this window appears.');
}

/**
 * Every state `read` gives as the document changes, from now until the test ends: a
 * MutationObserver reads it after each batch of changes and keeps it when it differs from the last
 * one kept. A state shown only for a moment (the approve delay's second) is kept however late the
 * test looks. `onState` hears each new state at once, while it is still shown.
 */
export function recordStates<S>(read: () => S, onState: (state: S) => void = () => undefined): readonly S[] {
  const seen: S[] = [read()];
  const observer = new MutationObserver(() => {
    const now = read();
    if (Object.is(now, seen.at(-1))) return;
    seen.push(now);
    onState(now);
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return seen;
}

/**
 * What an approval's approve button (by its words) shows of the approve delay: 'asleep' (disabled,
 * the delay's notice shown), 'awake' (enabled, no notice), 'gone', or, for anything else (held for
 * another reason, or between two renders), what it is.
 */
export function approveState(name: string): string {
  const found = button(name);
  if (!found) return 'gone';
  const asleep = approveAsleep();
  if (found.disabled && asleep) return 'asleep';
  if (!found.disabled && !asleep) return 'awake';
  return `disabled ${found.disabled}, notice ${asleep}`;
}

/** The words of the recovery share shown on its sheet, in order. */
export function shownShareWords(): string[] {
  return [...document.querySelectorAll('ol[aria-label^="Words of share"] li')].map((li) => li.textContent ?? '');
}
