// Saving a network asks each of its RPC URLs for its chain id, one after another, and a URL that
// does not answer can hold the form for the request's whole timeout: the form says which URL it
// is asking, and how many of all answered before it, in a named progress bar.
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { NetworkForm } from './NetworkForm';

const poll = { timeout: 5_000, interval: 10 };
const ANSWERS = 'https://answers.example/';
const SLOW = 'https://slow.example/';

let release: () => void = () => undefined;
let wallet: TestWallet;
let unmount = () => {};
beforeEach(async () => {
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (url: unknown, init?: { body?: unknown }) => {
    if (String(url) === SLOW) await held;
    const body = JSON.parse(String(init?.body)) as { id: number } | { id: number }[];
    const answer = (request: { id: number }) => ({ jsonrpc: '2.0', id: request.id, result: '0x1092' });
    return Response.json(Array.isArray(body) ? body.map(answer) : answer(body));
  });
  wallet = await createTestWallet();
});
afterEach(() => {
  release();
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

function fill(label: string, value: string) {
  const field = [...document.querySelectorAll('label')]
    .find((l) => l.textContent?.startsWith(label))
    ?.parentElement?.querySelector('input, textarea') as HTMLInputElement | HTMLTextAreaElement;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  flushSync(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The progress bar shown: its name, and how far in words ('' when indeterminate); undefined when none. */
function progress(): { name: string; value: string } | undefined {
  const bar = document.querySelector('progress');
  if (!bar) return undefined;
  const name = document.getElementById(bar.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
  return { name, value: bar.getAttribute('aria-valuetext') ?? '' };
}

describe('saving a network', () => {
  it('names the URL it is asking, and how many answered before it', async () => {
    let done = false;
    ({ unmount } = renderInWallet(wallet, <NetworkForm network={undefined} onDone={() => (done = true)} />));
    fill('Network name', 'Two nodes');
    fill('RPC URLs', `${ANSWERS}\n${SLOW}`);
    fill('Chain id', '4242');
    fill('Currency symbol', 'TWO');
    click('Save network');
    await expect
      .poll(progress, poll)
      .toEqual({ name: 'Asking https://slow.example which chain it serves', value: '1 of 2 nodes answered' });
    expect((document.querySelector('progress') as HTMLProgressElement).value).toBe(0.5);
    release();
    await expect.poll(() => done, poll).toBe(true);
  });
});
