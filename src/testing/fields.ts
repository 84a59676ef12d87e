// Form fields in a document a test rendered (the dom project), found by their label's words and
// typed into as React hears it.
import { flushSync } from 'react-dom';

/** The input or textarea whose label's words are exactly `label`; throws when none is shown. */
export function fieldLabelled(label: string): HTMLInputElement | HTMLTextAreaElement {
  const id = [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? '';
  const field = document.getElementById(id);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
    throw new Error(`No field labelled "${label}" in: ${document.body.textContent}`);
  return field;
}

/** Types `text` into the field labelled `label`, replacing what it held, as React hears it. */
export function typeInto(label: string, text: string): void {
  const field = fieldLabelled(label);
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  flushSync(() => {
    setter?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Chooses the option of `select` whose value is `value`, as React hears it. */
export function chooseValue(select: HTMLSelectElement, value: string): void {
  flushSync(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The positions (1-based) of the words asked back from paper ("Word 7"), as their fields show them. */
export function askedWordPositions(): number[] {
  return [...document.querySelectorAll('label')]
    .map((l) => /^Word (\d+)$/.exec(l.textContent ?? '')?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
}
