// Where NFT images may come from, over a whole test wallet: a gateway that is not https, not an
// /ipfs/ path or has extra parts is refused next to its field, keeping what was typed and storing
// nothing; a valid one and the web's permission are stored, and a wallet started again on the
// same stored settings (a reload) shows them.
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsSchema } from '@/core/session/settingsSchema';
import { memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { allByRole, byRole } from '@/testing/byRole';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import { NftImagesScreen } from './NftImagesScreen';

const poll = { timeout: 4_000, interval: 10 };
const WEB = 'Load NFT images from the web addresses their details name';

const settings = memoryKeyValueStore<SettingsSchema>();
let wallet: TestWallet | undefined;
let unmount: () => void = () => undefined;
afterEach(() => {
  unmount();
  wallet?.close();
});

/** A wallet started on the stored settings, showing NFT images (again, after a reload). */
async function open() {
  unmount();
  wallet?.close();
  wallet = await createTestWallet({ settings });
  unmount = renderInWallet(wallet, <NftImagesScreen />).unmount;
}

const gateway = () => byRole<HTMLInputElement>('textbox', /^IPFS gateway/);
const web = () => byRole<HTMLInputElement>('checkbox', WEB);
const save = () => flushSync(() => byRole('button', 'Save NFT image settings').click());
const shownExactly = (words: string) =>
  [...document.querySelectorAll('p, span')].filter((e) => e.textContent === words).length;

function typeGateway(text: string) {
  const field = gateway();
  flushSync(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('NFT image sources', () => {
  it('saves NFT image sources only when valid, keeping what was typed, and keeps them across a reload', async () => {
    await open();
    expect(gateway().value).toBe('');
    expect(web().checked).toBe(false);

    for (const [typed, problem] of [
      ['http://gateway.example/ipfs/', 'Use https:// for a gateway (plain http:// only for one on this computer).'],
      ['https://gateway.example/', 'Gateway addresses end in /ipfs/, such as https://ipfs.io/ipfs/.'],
      ['https://gateway.example/ipfs/?token=1', 'A gateway address has no user name, “?” or “#” part.'],
    ] as const) {
      typeGateway(typed);
      save();
      await expect.poll(() => shownExactly(problem), poll).toBe(1);
      expect(gateway().value).toBe(typed);
    }
    await open();
    expect(gateway().value).toBe('');

    typeGateway('https://gateway.example/ipfs/');
    flushSync(() => web().click());
    save();
    await expect.poll(() => allByRole('status').map((s) => s.textContent), poll).toEqual(['Saved.']);
    await open();
    expect(gateway().value).toBe('https://gateway.example/ipfs/');
    expect(web().checked).toBe(true);
  });
});
