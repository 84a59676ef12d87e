// What the person sees in a document a test rendered (the dom project), found as they find it: by
// a button's or checkbox's words, a heading, an alert, a status.

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
