import { afterEach, describe, expect, it } from 'vitest';
import { allElements, answerAsCairn, type FakeElement, fakeDappWindow } from '@/testing/fakeDappWindow';
import { MESSAGE_TAG, parseWindowFragment } from '../core/dapp/protocol';
import { CLOSED_SENTENCE, COOP_LOOKS, COOP_SENTENCE } from './channel';
import { createCairnProvider } from './index';
import { PROMPT_WORDS } from './prompt';
import { createProvider } from './provider';
import type { ConnectorWindow } from './types';

const WALLET = 'https://cairn.example/wallet/';
const WALLET_ORIGIN = 'https://cairn.example';
const ACCOUNT = '0x00000000000000000000000000000000000000a1';

const opened: ReturnType<typeof answerAsCairn>[] = [];
afterEach(() => {
  for (const cairn of opened.splice(0)) cairn.close();
});

function setUp(options: Parameters<typeof fakeDappWindow>[0] = {}) {
  const fake = fakeDappWindow({ title: '  Example dApp  ', icon: 'https://dapp.example/icon.png', ...options });
  const provider = createCairnProvider({ walletUrl: WALLET, window: fake.window as unknown as ConnectorWindow });
  const cairn = () => {
    const answered = answerAsCairn(fake, WALLET_ORIGIN);
    opened.push(answered);
    return answered;
  };
  return { fake, provider, cairn };
}

/** Whether the promise has settled, after the pending microtasks and one round of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error,
  );

describe('the handshake with the Cairn window', () => {
  it('opens the window inside request(), before it returns, with the origin and a fresh nonce in the fragment', () => {
    const { fake, provider } = setUp();
    void provider.request({ method: 'eth_requestAccounts' });
    expect(fake.opened).toHaveLength(1);
    const [{ url, name, features }] = fake.opened as [(typeof fake.opened)[number]];
    expect(url.startsWith(`${WALLET}dapp.html#`)).toBe(true);
    expect(parseWindowFragment(new URL(url).hash)).toEqual({
      origin: 'https://dapp.example',
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect([name, features]).toEqual(['cairn-dapp', 'popup,width=420,height=680']);
  });

  it('accepts ready only from the window it opened, at the wallet’s origin, with its nonce and tag', () => {
    const { fake, provider } = setUp();
    void provider.request({ method: 'eth_requestAccounts' });
    const [popup] = fake.popups as [(typeof fake.popups)[number]];
    const nonce = new URLSearchParams(new URL(fake.opened[0]?.url ?? '').hash.slice(1)).get('nonce');
    const ready = { tag: MESSAGE_TAG, type: 'ready', nonce };
    const otherWindow = { closed: false };
    fake.deliver(ready, { source: otherWindow, origin: WALLET_ORIGIN });
    fake.deliver(ready, { source: popup, origin: 'https://evil.example' });
    fake.deliver(ready, { source: popup, origin: 'http://cairn.example' });
    fake.deliver({ ...ready, nonce: 'f'.repeat(32) }, { source: popup, origin: WALLET_ORIGIN });
    fake.deliver({ ...ready, tag: 'cairn-dapp-v0' }, { source: popup, origin: WALLET_ORIGIN });
    fake.deliver({ ...ready, type: 'connect' }, { source: popup, origin: WALLET_ORIGIN });
    fake.deliver(JSON.stringify(ready), { source: popup, origin: WALLET_ORIGIN });
    expect(popup.posted).toEqual([]);

    fake.deliver(ready, { source: popup, origin: WALLET_ORIGIN });
    expect(popup.posted).toHaveLength(1);
    const [{ message, targetOrigin, transfer }] = popup.posted as [(typeof popup.posted)[number]];
    expect(targetOrigin).toBe(WALLET_ORIGIN);
    expect(message).toEqual({
      tag: MESSAGE_TAG,
      type: 'connect',
      nonce,
      dapp: { name: 'Example dApp', icon: 'https://dapp.example/icon.png' },
    });
    expect(transfer).toHaveLength(1);
    expect(transfer[0]).toBeInstanceOf(MessagePort);
    (transfer[0] as MessagePort).close();
  });

  it('caps the name the dApp gives itself at 80 characters and leaves out an icon it does not have', () => {
    const { fake, provider, cairn } = setUp({ title: `  ${'n'.repeat(100)} `, icon: undefined });
    void provider.request({ method: 'eth_requestAccounts' });
    expect(cairn().connect?.message).toMatchObject({ dapp: { name: 'n'.repeat(80), icon: undefined } });
    expect(fake.popups[0]?.posted).toHaveLength(1);
  });

  it('never posts a message to any target but the wallet’s origin', async () => {
    const { fake, provider, cairn } = setUp();
    const first = provider.request({ method: 'eth_requestAccounts' });
    const window = cairn();
    const request = await window.nextRequest();
    window.send({ type: 'response', id: request.id, result: [ACCOUNT] });
    await first;
    // The window closes; the next request opens another, which reloads and says ready again.
    (fake.popups[0] as { closed: boolean }).closed = true;
    fake.tick();
    void provider.request({ method: 'personal_sign', params: ['0x68', ACCOUNT] });
    cairn();
    cairn();
    const posted = fake.popups.flatMap((p) => p.posted);
    expect(posted).toHaveLength(3);
    for (const { targetOrigin } of posted) expect(targetOrigin).toBe(WALLET_ORIGIN);
  });
});

describe('requests over the port', () => {
  it('sends the requests made before the window was ready, then answers each from its response', async () => {
    const { fake, provider, cairn } = setUp();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    const signature = provider.request({ method: 'personal_sign', params: ['0x68', ACCOUNT] });
    expect(fake.opened).toHaveLength(1);
    const window = cairn();
    const first = await window.nextRequest();
    const second = await window.nextRequest();
    expect(first).toEqual({ type: 'request', id: first.id, method: 'eth_requestAccounts', params: [], chainId: '0x1' });
    expect(second).toMatchObject({ type: 'request', method: 'personal_sign', params: ['0x68', ACCOUNT] });
    window.send({ type: 'response', id: second.id, result: '0xsigned' });
    window.send({ type: 'response', id: first.id, result: [ACCOUNT] });
    expect(await accounts).toEqual([ACCOUNT]);
    expect(await signature).toBe('0xsigned');
  });

  it('uses the open window for the next request, bringing it forward', async () => {
    const { fake, provider, cairn } = setUp();
    void provider.request({ method: 'eth_requestAccounts' });
    const window = cairn();
    await window.nextRequest();
    void provider.request({ method: 'eth_sendTransaction', params: [{ from: ACCOUNT }] });
    expect(fake.opened).toHaveLength(1);
    expect(window.popup.focused).toBe(1);
    expect(await window.nextRequest()).toMatchObject({ method: 'eth_sendTransaction' });
  });

  it('rejects with an EIP-1193 error, an Error with the code, message and data the window sent', async () => {
    const { provider, cairn } = setUp();
    const request = provider.request({ method: 'eth_requestAccounts' });
    const window = cairn();
    const { id } = await window.nextRequest();
    window.send({ type: 'response', id, error: { code: 4001, message: 'The person declined.', data: { why: 1 } } });
    const error = await rejection(request);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 4001, message: 'The person declined.', data: { why: 1 } });
  });

  it('makes an error without a code and a message an internal error', async () => {
    const { provider, cairn } = setUp();
    const request = provider.request({ method: 'eth_requestAccounts' });
    const window = cairn();
    const { id } = await window.nextRequest();
    window.send({ type: 'response', id, error: { code: 'x' } });
    expect(await rejection(request)).toMatchObject({ code: -32603 });
  });

  it('ignores what is not a port message, and answers for no request it made', async () => {
    const { provider, cairn } = setUp();
    const request = provider.request({ method: 'eth_requestAccounts' });
    const window = cairn();
    const { id } = await window.nextRequest();
    for (const garbage of [
      null,
      'response',
      { type: 'response', id: String(id), result: 1 },
      { type: 'response', id },
      { type: 'response', id, error: 'no' },
      { type: 'response', id: id + 100, result: 1 },
      { type: 'grant', grant: { accounts: ['nope'] } },
      { type: 'other', id, result: 1 },
    ])
      window.send(garbage);
    expect(await settled(request)).toBe(false);
    window.send({ type: 'response', id, result: [ACCOUNT] });
    expect(await request).toEqual([ACCOUNT]);
  });

  it('sends the requests still waiting again when the window reloads and says ready anew', async () => {
    const { provider, cairn } = setUp();
    const request = provider.request({ method: 'eth_requestAccounts' });
    const first = cairn();
    await first.nextRequest();
    const second = cairn();
    const again = await second.nextRequest();
    expect(again.method).toBe('eth_requestAccounts');
    second.send({ type: 'response', id: again.id, result: [] });
    expect(await request).toEqual([]);
  });
});

describe('when the Cairn window goes away', () => {
  it('rejects every request still waiting with 4001 once the person closes it, and opens a new window next time', async () => {
    const { fake, provider, cairn } = setUp();
    const accounts = provider.request({ method: 'eth_requestAccounts' });
    const window = cairn();
    fake.tick();
    const signature = provider.request({ method: 'personal_sign', params: ['0x68', ACCOUNT] });
    window.popup.closed = true;
    fake.tick();
    for (const request of [accounts, signature])
      expect(await rejection(request)).toMatchObject({ code: 4001, message: CLOSED_SENTENCE });
    expect(fake.intervalCount()).toBe(0);
    void provider.request({ method: 'eth_requestAccounts' });
    expect(fake.opened).toHaveLength(2);
  });

  it('says the page’s Cross-Origin-Opener-Policy cut the window off when it is closed in its first seconds, unheard', async () => {
    const { fake, provider } = setUp();
    const request = provider.request({ method: 'eth_requestAccounts' });
    // A busy machine: the browser reports the cut-off window closed only after a few looks.
    for (let look = 1; look < COOP_LOOKS; look++) fake.tick();
    (fake.popups[0] as { closed: boolean }).closed = true;
    fake.tick();
    const error = await rejection(request);
    expect(error).toMatchObject({ code: 4900, message: COOP_SENTENCE });
    expect(COOP_SENTENCE).toMatch(/Cross-Origin-Opener-Policy: same-origin.*same-origin-allow-popups keeps it/);
  });

  it('takes a window closed later, without ever saying ready, for the person’s no', async () => {
    const { fake, provider } = setUp();
    const request = provider.request({ method: 'eth_requestAccounts' });
    for (let look = 0; look < COOP_LOOKS; look++) fake.tick();
    (fake.popups[0] as { closed: boolean }).closed = true;
    fake.tick();
    expect(await rejection(request)).toMatchObject({ code: 4001 });
  });
});

describe('when the browser blocks the window', () => {
  const prompt = (body: FakeElement) => {
    const [host] = body.children;
    const dialog = host?.shadow?.children[0];
    return { host, dialog, buttons: dialog ? allElements(dialog).filter((e) => e.tagName === 'BUTTON') : [] };
  };

  // The prompt is one of the connector's rare parts (extras.ts): it shows once they are loaded.
  const extrasLoaded = () => new Promise((resolve) => setTimeout(resolve, 0));

  async function blocked() {
    const set = setUp({ blockPopups: true });
    const first = set.provider.request({ method: 'eth_requestAccounts' });
    const second = set.provider.request({ method: 'personal_sign', params: ['0x68', ACCOUNT] });
    await extrasLoaded();
    return { ...set, first, second };
  }

  it('asks on the page, in a closed shadow root, with a dialog whose Continue button has the focus', async () => {
    const { fake } = await blocked();
    expect(fake.opened).toHaveLength(1);
    const { host, dialog, buttons } = prompt(fake.document.body);
    expect(host?.shadowMode).toBe('closed');
    expect(dialog?.tagName).toBe('DIALOG');
    expect(dialog?.open).toBe(true);
    expect(dialog?.attributes['aria-label']).toBe('Cairn');
    expect(dialog?.style.cssText).toMatch(/position:fixed/);
    expect(dialog && allElements(dialog).some((e) => e.textContent === PROMPT_WORDS.en[0])).toBe(true);
    expect(buttons.map((b) => b.textContent)).toEqual(['Continue in Cairn', 'Cancel']);
    expect(fake.document.activeElement).toBe(buttons[0]);
    expect(fake.document.body.children).toHaveLength(1);
  });

  it('asks in the page’s language when Cairn speaks it', async () => {
    const fake = fakeDappWindow({ blockPopups: true });
    Object.assign(fake.document.documentElement, { lang: 'de-CH' });
    const provider = createCairnProvider({ walletUrl: WALLET, window: fake.window as unknown as ConnectorWindow });
    void provider.request({ method: 'eth_requestAccounts' });
    await extrasLoaded();
    const { dialog, buttons } = prompt(fake.document.body);
    expect(dialog && allElements(dialog).some((e) => e.textContent === PROMPT_WORDS.de[0])).toBe(true);
    expect(buttons.map((b) => b.textContent)).toEqual(['In Cairn fortfahren', 'Abbrechen']);
  });

  it('asks all the same while the page is still in its <head>, with no body yet', async () => {
    const fake = fakeDappWindow({ blockPopups: true });
    Object.assign(fake.document, { body: null });
    const provider = createCairnProvider({ walletUrl: WALLET, window: fake.window as unknown as ConnectorWindow });
    void provider.request({ method: 'eth_requestAccounts' });
    await extrasLoaded();
    const { dialog, buttons } = prompt(fake.document.documentElement);
    expect(dialog?.open).toBe(true);
    expect(fake.document.activeElement).toBe(buttons[0]);
  });

  it('opens the window on Continue, removes the box, and goes on with every request', async () => {
    const { fake, first, second, cairn } = await blocked();
    fake.setPopupsBlocked(false);
    prompt(fake.document.body).buttons[0]?.onclick?.();
    expect(fake.opened).toHaveLength(2);
    expect(fake.document.body.children).toEqual([]);
    const window = cairn();
    const a = await window.nextRequest();
    const b = await window.nextRequest();
    window.send({ type: 'response', id: a.id, result: [ACCOUNT] });
    window.send({ type: 'response', id: b.id, result: '0xsigned' });
    expect([await first, await second]).toEqual([[ACCOUNT], '0xsigned']);
  });

  it('rejects every request with 4001 on Cancel, and removes the box', async () => {
    const { fake, first, second } = await blocked();
    prompt(fake.document.body).buttons[1]?.onclick?.();
    for (const request of [first, second]) expect(await rejection(request)).toMatchObject({ code: 4001 });
    expect(fake.document.body.children).toEqual([]);
    expect(fake.opened).toHaveLength(1);
  });

  it('refuses with 4900, showing nothing, when the prompt’s code cannot be loaded (connect.mjs missing beside a copy of connect.js)', async () => {
    const fake = fakeDappWindow({ blockPopups: true });
    const provider = createProvider({
      walletUrl: WALLET,
      rpcUrls: {},
      chainId: 1,
      window: fake.window as unknown as ConnectorWindow,
      extras: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    const request = provider.request({ method: 'eth_requestAccounts' });
    expect(await rejection(request)).toMatchObject({ code: 4900 });
    expect(fake.document.body.children).toEqual([]);
    // The next request asks again (a later load may work).
    void provider.request({ method: 'eth_requestAccounts' }).catch(() => undefined);
    expect(fake.opened).toHaveLength(2);
  });

  it('gives up with 4900 when even the click cannot open it', async () => {
    const { fake, first, second } = await blocked();
    prompt(fake.document.body).buttons[0]?.onclick?.();
    expect(fake.opened).toHaveLength(2);
    for (const request of [first, second]) expect(await rejection(request)).toMatchObject({ code: 4900 });
    expect(fake.document.body.children).toEqual([]);
  });
});
