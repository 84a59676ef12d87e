// A screen that opens takes focus to its heading (screen readers announce the new page), except
// from a menu the person opened while it loaded: taking focus then closed the menu under them.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { Dropdown } from './Dropdown';
import { Screen } from './Screen';

let root: Root | undefined;
const render = (element: React.ReactElement) => {
  root ??= createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() => root?.render(element));
};
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

beforeAll(() => {
  // The first screen of a page keeps focus where the page put it; the ones after it take it.
  render(<Screen title="First">first</Screen>);
});

const menu = <Dropdown face="Account">{() => <button type="button">Manage accounts</button>}</Dropdown>;

it('takes focus to the heading of a screen that opens', () => {
  render(<div>{menu}</div>);
  render(
    <div>
      {menu}
      <Screen title="Home">home</Screen>
    </div>,
  );
  expect(document.activeElement?.textContent).toBe('Home');
});

it('leaves focus, and the menu open, when the person opened a menu while the screen loaded', () => {
  render(<div>{menu}</div>);
  const face = document.querySelector<HTMLButtonElement>('button[aria-expanded]');
  face?.focus();
  flushSync(() => face?.click());
  expect(face?.getAttribute('aria-expanded')).toBe('true');
  render(
    <div>
      {menu}
      <Screen title="Home">home</Screen>
    </div>,
  );
  expect(document.activeElement).toBe(face);
  expect(face?.getAttribute('aria-expanded')).toBe('true');
  expect(document.body.textContent).toContain('Manage accounts');
});
