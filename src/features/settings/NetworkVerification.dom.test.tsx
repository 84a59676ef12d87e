// A network's proof checks in Settings → Networks, over a whole test wallet: what the form
// refuses is named next to its field, keeps what was typed and stores nothing; what it takes is
// stored as the parsed choice (in the session store and in settings storage) before "Saved." is
// said; agreement on a network of one RPC URL is warned of, and a light client is offered only on
// the chains it can follow.
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Network } from '@/core/chain/networks';
import type { SettingsSchema } from '@/core/session/settingsSchema';
import { type KeyValueStore, memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { byRole, description, queryByRole } from '@/testing/byRole';
import { fieldLabelled, typeInto } from '@/testing/fields';
import { heldStorage } from '@/testing/heldStorage';
import { shows } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { NetworkVerification } from './NetworkVerification';

const poll = { timeout: 4_000, interval: 10 };
const AGREEMENT = 'Every RPC URL of this network names the same block';
const PINNED = 'A block I pinned';
const LIGHT_CLIENT = 'A light client following the beacon chain';
const ONE_URL_WARNING = 'This network lists one RPC URL: add another node’s URL (Edit), or choose another source.';
const NUMBER = 'Block number';
const HASH = 'Block hash';
const BEACON = 'Beacon API URL';
const CHECKPOINT = 'Checkpoint: the root of a recent finalized block';
const SAVE = 'Save proof checks';
const ROOT = `0x${'ab'.repeat(32)}`;

let settings: KeyValueStore<SettingsSchema>;
let wallet: TestWallet;
let unmount: () => void = () => undefined;
beforeEach(async () => {
  settings = memoryKeyValueStore<SettingsSchema>();
  wallet = await createTestWallet({ settings });
});
afterEach(() => {
  unmount();
  wallet.close();
});

function networkNamed(id: string): Network {
  const network = wallet.store.getState().networks.find((n) => n.id === id);
  if (!network) throw new Error(`no network ${id}`);
  return network;
}

/** Shows the network's proof checks, opened as the person opens them. */
function show(network: Network) {
  unmount = renderInWallet(wallet, <NetworkVerification network={network} />).unmount;
  const summary = document.querySelector('summary');
  flushSync(() => summary?.click());
  const details = document.querySelector('details');
  if (details && !details.open) details.open = true;
}

function choose(role: 'radio', name: string) {
  const input = byRole<HTMLInputElement>(role, name, byRole('form', 'Proof checks'));
  flushSync(() => input.click());
}

function save() {
  flushSync(() => byRole<HTMLButtonElement>('button', SAVE).click());
}

/** The field's error, as it is tied to the field (and marked invalid); '' when it has none. */
function errorOf(label: string): string {
  const field = fieldLabelled(label);
  const error = (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((e) => e?.getAttribute('role') === 'alert');
  if (!error) return '';
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(description(field)).toContain(error.textContent);
  return error.textContent ?? '';
}

/** Nothing was stored: the session store's setting as it started, and storage holding none. */
async function expectNothingStored() {
  expect(wallet.store.getState().verification).toEqual({});
  await wallet.store.getState().whenSaved();
  expect(await settings.get('verification')).toBeUndefined();
  expect(shows('Saved.')).toBe(false);
}

describe('refusing what is typed', () => {
  it('names an empty block number and a missing hash next to their fields, storing nothing', async () => {
    show(networkNamed('local'));
    choose('radio', PINNED);
    save();
    expect(errorOf(NUMBER)).toBe('Enter the block number.');
    expect(errorOf(HASH)).toBe('A block hash is 0x and 64 hexadecimal characters.');
    await expectNothingStored();
  });

  it('names a block number that is not a number and a bad hash, keeping both as typed', async () => {
    show(networkNamed('local'));
    choose('radio', PINNED);
    typeInto(NUMBER, '21,000,000');
    typeInto(HASH, '0x1234');
    save();
    expect(errorOf(NUMBER)).toBe('A block number is a whole number, like 21000000.');
    expect(errorOf(HASH)).toBe('A block hash is 0x and 64 hexadecimal characters.');
    expect(fieldLabelled(NUMBER).value).toBe('21,000,000');
    expect(fieldLabelled(HASH).value).toBe('0x1234');
    expect(byRole<HTMLInputElement>('radio', PINNED).checked).toBe(true);
    await expectNothingStored();
  });

  it('refuses a hash one character short, naming only the hash when the number is good', async () => {
    show(networkNamed('local'));
    choose('radio', PINNED);
    typeInto(NUMBER, '21000000');
    typeInto(HASH, ROOT.slice(0, -1));
    save();
    expect(errorOf(NUMBER)).toBe('');
    expect(errorOf(HASH)).toBe('A block hash is 0x and 64 hexadecimal characters.');
    expect(fieldLabelled(HASH).value).toBe(ROOT.slice(0, -1));
    await expectNothingStored();
  });

  it('refuses a plain-http beacon API elsewhere than this computer and a short checkpoint, keeping both', async () => {
    show(networkNamed('ethereum'));
    choose('radio', LIGHT_CLIENT);
    typeInto(BEACON, 'http://beacon.example:5052');
    typeInto(CHECKPOINT, '0xabcdef');
    save();
    expect(errorOf(BEACON)).toBe(
      'A beacon API URL starts with https:// (or http:// on this computer), without a name or password in it.',
    );
    expect(errorOf(CHECKPOINT)).toBe('A checkpoint is a block root: 0x and 64 hexadecimal characters.');
    expect(fieldLabelled(BEACON).value).toBe('http://beacon.example:5052');
    expect(fieldLabelled(CHECKPOINT).value).toBe('0xabcdef');
    await expectNothingStored();
  });

  it('refuses a beacon API URL with a password in it, even over https', async () => {
    show(networkNamed('ethereum'));
    choose('radio', LIGHT_CLIENT);
    typeInto(BEACON, 'https://me:secret@beacon.example');
    typeInto(CHECKPOINT, ROOT);
    save();
    expect(errorOf(BEACON)).toContain('without a name or password in it');
    expect(errorOf(CHECKPOINT)).toBe('');
    await expectNothingStored();
  });
});

describe('storing what is typed', () => {
  it('stores a pinned block as the parsed choice, then says "Saved."', async () => {
    show(networkNamed('local'));
    choose('radio', 'Balances, and previews run in Cairn’s own EVM over proven state');
    choose('radio', PINNED);
    typeInto(NUMBER, ' 0021000000 ');
    typeInto(HASH, `0x${'AB'.repeat(32)}`);
    save();
    await expect.poll(() => queryByRole('status')?.textContent, poll).toBe('Saved.');
    const choice = { mode: 'previews', trust: { kind: 'pinned', number: '21000000', hash: ROOT } };
    expect(wallet.store.getState().verification).toEqual({ local: choice });
    expect(await settings.get('verification')).toEqual({ local: choice });
    expect(errorOf(NUMBER)).toBe('');
    expect(errorOf(HASH)).toBe('');
    // The summary says what is now chosen.
    expect(document.querySelector('summary')?.textContent).toBe(
      'Proof checks: Balances and transaction previews are checked against proofs.',
    );
  });

  it('stores a light client through a beacon node on this computer, after a refusal is put right', async () => {
    const ethereum = networkNamed('ethereum');
    show(ethereum);
    choose('radio', LIGHT_CLIENT);
    typeInto(BEACON, 'http://beacon.example:5052');
    typeInto(CHECKPOINT, ROOT);
    save();
    expect(errorOf(BEACON)).not.toBe('');
    await expectNothingStored();
    typeInto(BEACON, 'http://127.0.0.1:5052/');
    save();
    await expect.poll(() => queryByRole('status')?.textContent, poll).toBe('Saved.');
    expect(errorOf(BEACON)).toBe('');
    expect(wallet.store.getState().verification).toEqual({
      [ethereum.id]: {
        mode: 'off',
        trust: { kind: 'lightClient', beaconUrl: 'http://127.0.0.1:5052', checkpoint: ROOT },
      },
    });
  });

  it('says "Saved." only once the choice is stored: not while storage holds it, nor when it fails', async () => {
    const storage = heldStorage();
    wallet.close();
    wallet = await createTestWallet({ settings: storage.settings });
    show(networkNamed('local'));
    storage.hold();
    choose('radio', 'Nothing: show what the node says');
    save();
    expect(wallet.store.getState().verification).toEqual({ local: { mode: 'off', trust: { kind: 'agreement' } } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryByRole('status')).toBeUndefined();
    storage.release();
    await expect.poll(() => queryByRole('status')?.textContent, poll).toBe('Saved.');
    expect(await storage.settings.get('verification')).toEqual({
      local: { mode: 'off', trust: { kind: 'agreement' } },
    });
    storage.hold();
    choose('radio', 'Balances');
    save();
    storage.fail();
    await expect(wallet.store.getState().whenSaved()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryByRole('status')).toBeUndefined();
  });

  it('takes back "Saved." once something changes', async () => {
    show(networkNamed('local'));
    choose('radio', 'Nothing: show what the node says');
    save();
    await expect.poll(() => queryByRole('status')?.textContent, poll).toBe('Saved.');
    expect(wallet.store.getState().verification).toEqual({ local: { mode: 'off', trust: { kind: 'agreement' } } });
    choose('radio', 'Balances');
    expect(queryByRole('status')).toBeUndefined();
  });
});

describe('the sources offered', () => {
  it('warns of agreement with one RPC URL, only while agreement is chosen', () => {
    const local = networkNamed('local');
    expect(local.rpcUrls).toHaveLength(1);
    show(local);
    expect(byRole<HTMLInputElement>('radio', AGREEMENT).checked).toBe(true);
    expect(shows(ONE_URL_WARNING)).toBe(true);
    choose('radio', PINNED);
    expect(shows(ONE_URL_WARNING)).toBe(false);
    choose('radio', AGREEMENT);
    expect(shows(ONE_URL_WARNING)).toBe(true);
  });

  it('does not warn where two RPC URLs can agree', () => {
    const local = networkNamed('local');
    show({ ...local, id: 'two-nodes', rpcUrls: ['http://node-a.test/', 'http://node-b.test/'] });
    expect(byRole<HTMLInputElement>('radio', AGREEMENT).checked).toBe(true);
    expect(shows(ONE_URL_WARNING)).toBe(false);
  });

  it('offers no light client on the local chain', () => {
    show(networkNamed('local'));
    const trust = byRole('group', 'Where the trusted block header comes from');
    expect(queryByRole('radio', LIGHT_CLIENT, trust)).toBeUndefined();
    expect(queryByRole('radio', AGREEMENT, trust)).toBeDefined();
    expect(queryByRole('radio', PINNED, trust)).toBeDefined();
    expect(queryByRole('textbox', BEACON)).toBeUndefined();
  });

  it('offers a light client on a chain id 1 network, with its beacon fields', () => {
    const ethereum = networkNamed('ethereum');
    expect(ethereum.chainId).toBe(1);
    show(ethereum);
    const trust = byRole('group', 'Where the trusted block header comes from');
    expect(queryByRole('radio', LIGHT_CLIENT, trust)).toBeDefined();
    expect(queryByRole('textbox', BEACON)).toBeUndefined();
    choose('radio', LIGHT_CLIENT);
    expect(byRole('textbox', BEACON)).toBeDefined();
    expect(byRole('textbox', CHECKPOINT)).toBeDefined();
    expect(queryByRole('textbox', NUMBER)).toBeUndefined();
  });
});
