// What assistive technology finds in a document a test rendered (the dom project): an element by
// its role and accessible name, and the words it reads (skipping what is aria-hidden, keeping
// what is only visually hidden). A small subset of the accessible-name rules: aria-labelledby,
// aria-label, a control's label, then the element's own words.

/** The roles the dom tests look for, and the elements that have each (explicitly or implicitly). */
const ROLES = {
  alert: '[role=alert]',
  status: '[role=status]',
  note: '[role=note]',
  button: 'button, [role=button]',
  checkbox: 'input[type=checkbox]',
  radio: 'input[type=radio]',
  textbox: 'input:not([type]), input[type=text], input[type=url], textarea',
  combobox: 'select:not([multiple]):not([size])',
  form: 'form[aria-label], form[aria-labelledby]',
  region: 'section[aria-label], section[aria-labelledby], [role=region]',
  group: 'fieldset',
  heading: 'h1, h2, h3, h4, h5, h6',
  link: 'a[href]',
  list: 'ul, ol',
  listitem: 'li',
  deletion: 'del',
  insertion: 'ins',
} as const;

export type Role = keyof typeof ROLES;

/** The words `element` reads aloud: its text without any aria-hidden part, spaces collapsed. */
export function spokenText(element: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return;
    for (const child of node.childNodes) walk(child);
  };
  walk(element);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** `element`'s accessible name (see the file's comment for the rules followed). */
export function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((e): e is HTMLElement => e !== null)
      .map(spokenText)
      .join(' ');
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  if (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  ) {
    const labels: Element[] = element.id
      ? [...document.querySelectorAll('label')].filter((l) => l.htmlFor === element.id)
      : [];
    const wrapping = element.closest('label');
    if (wrapping && !labels.includes(wrapping)) labels.push(wrapping);
    return labels.map(spokenText).join(' ');
  }
  if (element instanceof HTMLFieldSetElement) {
    const legend = element.querySelector(':scope > legend');
    return legend ? spokenText(legend) : '';
  }
  return spokenText(element);
}

/** Every element of `role` whose accessible name is `name` (exactly, or matching it), inside `within`. */
export function allByRole(role: Role, name?: string | RegExp, within: ParentNode = document): Element[] {
  return [...within.querySelectorAll(ROLES[role])].filter((element) => {
    if (element.closest('[hidden], [aria-hidden=true]')) return false;
    if (name === undefined) return true;
    const own = accessibleName(element);
    return typeof name === 'string' ? own === name : name.test(own);
  });
}

/** The one element of `role` named `name`, or undefined when none is; throws when several are. */
export function queryByRole<E extends Element = HTMLElement>(
  role: Role,
  name?: string | RegExp,
  within: ParentNode = document,
): E | undefined {
  const found = allByRole(role, name, within);
  if (found.length > 1) throw new Error(`${found.length} elements of role ${role} named ${String(name)}`);
  return found[0] as E | undefined;
}

/** As queryByRole, throwing (with what the document shows) when none is shown. */
export function byRole<E extends Element = HTMLElement>(
  role: Role,
  name?: string | RegExp,
  within: ParentNode = document,
): E {
  const found = queryByRole<E>(role, name, within);
  if (!found) throw new Error(`No ${role} named ${String(name)} in: ${document.body.textContent}`);
  return found;
}

/** The words of the elements `element` says describe it (aria-describedby): a field's hint and error. */
export function description(element: Element): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id) : null))
    .filter((e): e is HTMLElement => e !== null)
    .map(spokenText)
    .join(' ');
}
