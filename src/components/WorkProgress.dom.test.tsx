// WorkProgress as assistive technology meets it: a progress bar named by what is happening, that
// words in a polite status (announced once, not at each step), determinate with how far in words,
// or indeterminate when the work cannot say.
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkProgress } from './WorkProgress';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

function render(element: React.ReactElement) {
  root ??= createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() => root?.render(element));
  const bar = document.querySelector('progress') as HTMLProgressElement;
  const name = document.getElementById(bar.getAttribute('aria-labelledby') ?? '');
  return { bar, name };
}

describe('WorkProgress', () => {
  it('is determinate with a fraction: how far in words, shown and read as its value', () => {
    const { bar, name } = render(<WorkProgress label="Scanning" fraction={0.4} detail="blocks 40,000 of 100,000" />);
    expect(name?.textContent).toBe('Scanning');
    expect(name?.getAttribute('role')).toBe('status');
    expect(bar.value).toBe(0.4);
    expect(bar.max).toBe(1);
    expect(bar.getAttribute('aria-valuetext')).toBe('blocks 40,000 of 100,000');
    expect(document.body.textContent).toContain('blocks 40,000 of 100,000');
    // The words of the status stay the label's while the work moves on: nothing new to announce.
    const { name: later } = render(<WorkProgress label="Scanning" fraction={0.5} detail="blocks 50,000 of 100,000" />);
    expect(later?.textContent).toBe('Scanning');
    expect(document.querySelector('[aria-hidden=true]')?.textContent).toBe('blocks 50,000 of 100,000');
  });

  it('says the percentage when no words are given, from 0', () => {
    const { bar } = render(<WorkProgress label="Encrypting" fraction={0} />);
    expect(bar.hasAttribute('value')).toBe(true);
    expect(bar.getAttribute('aria-valuetext')).toBe('0%');
    const { bar: half } = render(<WorkProgress label="Encrypting" fraction={0.5} />);
    expect(half.getAttribute('aria-valuetext')).toBe('50%');
  });

  it('is indeterminate without a fraction: under way, no value', () => {
    const { bar, name } = render(<WorkProgress label="Unlocking" />);
    expect(name?.textContent).toBe('Unlocking');
    expect(bar.hasAttribute('value')).toBe(false);
    expect(bar.hasAttribute('aria-valuetext')).toBe(false);
    expect(bar.textContent).toBe('under way');
  });
});
