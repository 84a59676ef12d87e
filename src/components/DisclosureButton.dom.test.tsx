// DisclosureButton as assistive technology meets it: it says whether its region is shown and
// which region that is, and a press asks for the other state.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DisclosureButton } from './DisclosureButton';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

function Details({ label }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DisclosureButton open={open} onToggle={setOpen} controls="details" label={label}>
        Details
      </DisclosureButton>
      <div id="details" hidden={!open}>
        More
      </div>
    </>
  );
}

function render(element: React.ReactElement): HTMLButtonElement {
  root ??= createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() => root?.render(element));
  return document.querySelector('button') as HTMLButtonElement;
}

describe('DisclosureButton', () => {
  it('says its region is hidden, then shown once pressed, and hidden again on a second press', () => {
    const button = render(<Details />);
    expect(button.type).toBe('button');
    expect(button.getAttribute('aria-controls')).toBe('details');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    flushSync(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('details')?.hidden).toBe(false);
    flushSync(() => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('details')?.hidden).toBe(true);
  });

  it('takes its name from its words, or from a label when it shows only an icon', () => {
    expect(render(<Details />).hasAttribute('aria-label')).toBe(false);
    root?.unmount();
    root = undefined;
    expect(render(<Details label="Search" />).getAttribute('aria-label')).toBe('Search');
  });
});
