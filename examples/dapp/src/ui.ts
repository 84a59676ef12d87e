// Small DOM helpers for the sample pages: labelled fields, buttons, named outputs and logs.
// Text only ever goes in through textContent: what a wallet says is not markup.

let lastId = 0;
const newId = (prefix: string) => `${prefix}-${++lastId}`;

type Child = Node | string;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

export type FieldOptions = { value?: string; hint?: string; inputMode?: string; size?: 'wide' };

/** A labelled text input (with an optional hint tied to it); `.input.value` is what was typed. */
export function field(label: string, options: FieldOptions = {}): { row: HTMLElement; input: HTMLInputElement } {
  const id = newId('field');
  const input = el('input', { id, type: 'text', autocomplete: 'off', spellcheck: 'false' });
  input.value = options.value ?? '';
  if (options.inputMode) input.inputMode = options.inputMode;
  const row = el('div', { class: options.size === 'wide' ? 'field wide' : 'field' }, el('label', { for: id }, label));
  if (options.hint) {
    const hintId = newId('hint');
    input.setAttribute('aria-describedby', hintId);
    row.append(el('span', { id: hintId, class: 'hint' }, options.hint));
  }
  row.append(input);
  return { row, input };
}

/**
 * A result tests and people read: an <output> named `name` (its role is status). Not announced
 * itself (aria-live off): the page's log announces each result once.
 */
export function output(name: string, shortLabel: string): { row: HTMLElement; output: HTMLOutputElement } {
  const result = el('output', { 'aria-label': name, 'aria-live': 'off' });
  const row = el(
    'div',
    { class: 'result' },
    el('span', { class: 'result-label', 'aria-hidden': 'true' }, shortLabel),
    result,
  );
  return { row, output: result };
}

export function button(name: string, onClick: () => void): HTMLButtonElement {
  const element = el('button', { type: 'button' }, name);
  element.addEventListener('click', onClick);
  return element;
}

/** A titled part of the page. */
export function group(title: string, ...children: Child[]): HTMLElement {
  const id = newId('group');
  return el('section', { 'aria-labelledby': id }, el('h2', { id }, title), ...children);
}

/** One action: its fields, its button and its results. */
export function card(...children: Child[]): HTMLElement {
  return el('div', { class: 'action' }, ...children);
}

/** A live log (role="log") named `name`, newest entry last, keeping the last 200. */
export function log(name: string): { element: HTMLElement; add(text: string): void } {
  const element = el('div', { role: 'log', 'aria-label': name, 'aria-live': 'polite', tabindex: '0', class: 'log' });
  return {
    element,
    add(text: string) {
      element.append(el('p', {}, `${new Date().toLocaleTimeString('en-GB')} ${text}`));
      while (element.childElementCount > 200) element.firstElementChild?.remove();
      element.scrollTop = element.scrollHeight;
    },
  };
}

/** The wallet URL the server wrote into <meta name="cairn-wallet-url">. */
export function walletUrl(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="cairn-wallet-url"]')?.content ?? '';
  if (content === '' || content === '%CAIRN_WALLET_URL%')
    throw new Error('This page was not served with a wallet URL.');
  return content;
}
