// The phone's More menu closes once a screen is chosen from it, the one already shown included: a
// link to the current screen changes no route, and the menu stayed open over the screen.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { MainNav } from './MainNav';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

function renderAt(path: string): { more: HTMLButtonElement; link: (name: string) => HTMLAnchorElement } {
  root = createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() =>
    root?.render(
      <MemoryRouter initialEntries={[path]}>
        <MainNav />
      </MemoryRouter>,
    ),
  );
  const more = document.querySelector<HTMLButtonElement>('button[aria-expanded]');
  if (!more) throw new Error('no More button');
  const link = (name: string) => {
    const found = [...document.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent === name);
    if (!found) throw new Error(`no link ${name}`);
    return found;
  };
  return { more, link };
}

it('closes More when its link to the screen already shown is clicked', () => {
  const { more, link } = renderAt('/settings');
  flushSync(() => more.click());
  expect(more.getAttribute('aria-expanded')).toBe('true');
  flushSync(() => link('Settings').click());
  expect(more.getAttribute('aria-expanded')).toBe('false');
});
