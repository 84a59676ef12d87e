// Restoring from SLIP-0039 shares over a whole test wallet: after each share the progress says how
// many more are needed (per group); each bad share is refused in place with its sentence and
// changes nothing; the first addresses are shown before anything is saved, then the wallet is
// added as the kind the person chose.
import { HDKey } from '@scure/bip32';
import { flushSync } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressOfPrivateKey } from '@/core/keys/privateKey';
import { parseShare, shareToMnemonic } from '@/core/keys/slip39/share';
import { splitMasterSecret } from '@/core/keys/slip39/slip39';
import { fieldLabelled, typeInto } from '@/testing/fields';
import { alerts, button, checkbox, click, shows, statuses } from '@/testing/inDocument';
import { createTestWallet, renderInWallet, type TestWallet } from '@/testing/testWallet';
import vectors from '@/testing/vectors/slip39/vectors.json';
import { RestoreSharesFlow } from './RestoreSharesFlow';

type Vector = [description: string, mnemonics: string[], masterSecret: string, xprv: string];
const vector = (n: number) => (vectors as Vector[]).find(([d]) => d.startsWith(`${n}. `)) as Vector;
/** "Basic sharing 2-of-3 (128 bits)": shares 3 and 1 of one group, not extendable. */
const [, [THIRD = '', FIRST = ''], , XPRV] = vector(4);
const poll = { timeout: 4_000, interval: 10 };

let wallet: TestWallet;
let unmount: () => void = () => undefined;
let done: ReturnType<typeof vi.fn<() => void>>;
beforeEach(async () => {
  wallet = await createTestWallet();
  // No node: the addresses are shown without their balances.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('no node in this test')));
  done = vi.fn<() => void>();
  unmount = renderInWallet(wallet, <RestoreSharesFlow mode="add" onDone={done} onCancel={() => undefined} />).unmount;
});
afterEach(() => {
  unmount();
  wallet.close();
  vi.unstubAllGlobals();
});

/** Types a share into the share field (labelled by the number it would be) and adds it. */
function enterShare(words: string) {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Words of share'));
  typeInto(label?.textContent ?? 'Words of share', words);
  flushSync(() => click('Add this share'));
}

const TREZOR_KIND = 'A SLIP-0039 wallet from a Trezor or another SLIP-0039 tool';
const PHRASE_KIND = 'Shares of a recovery phrase made in Cairn';
function choose(kind: string) {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(kind));
  flushSync(() => label?.querySelector('input')?.click());
}

const fieldError = () => [...document.querySelectorAll('[role=alert]')].map((e) => e.textContent).join(' ');
const accountCount = () => wallet.vault.store.getState().accounts.length;

describe('restoring from shares', () => {
  it('says how many more are needed after each share, and refuses bad ones in place, changing nothing', async () => {
    choose(TREZOR_KIND);
    expect(statuses()).toBe('No share entered yet.');
    enterShare(THIRD);
    expect(statuses()).toBe('1 share of 2 entered: one more is needed.');
    expect(shows('Share 3')).toBe(true);

    const refusals: [string, string][] = [
      [THIRD, 'This share has been entered already.'],
      [vector(2)[1][0] ?? '', 'the share fails its checksum'],
      [vector(3)[1][0] ?? '', 'the share’s secret part is malformed'],
      [vector(6)[1][1] ?? '', 'This share belongs to another set: its first two words differ'],
      // Its own share, said to be extendable: the flag is part of what a set shares.
      [
        shareToMnemonic({ ...parseShare(FIRST), extendable: true }),
        'one kind allows more sets of shares to be made later and the other does not',
      ],
      [
        shareToMnemonic({ ...parseShare(FIRST), groupCount: 2 }),
        'another number of groups, another threshold or another length',
      ],
      [`${FIRST.split(' ').slice(0, -1).join(' ')} abandonn`, 'Word 20 is not a share word.'],
      [shareToMnemonic({ ...parseShare(FIRST), groupIndex: 1 }), 'in group 2 of 1, which cannot be'],
    ];
    for (const [words, sentence] of refusals) {
      enterShare(words);
      expect(fieldError()).toContain(sentence);
      // Kept for mending, and nothing taken in.
      expect(fieldLabelled('Words of share 2').value).toBe(words);
      expect(statuses()).toBe('1 share of 2 entered: one more is needed.');
    }

    // Removed, and entered again: the count follows.
    flushSync(() => (document.querySelector('button[aria-label="Remove share 3"]') as HTMLButtonElement).click());
    expect(statuses()).toBe('No share entered yet.');
    enterShare(THIRD);
    enterShare(FIRST);
    expect(fieldError()).toBe('');
    expect(statuses()).toBe('Enough shares are in to restore the wallet.');
    expect(accountCount()).toBe(2);
  });

  it('asks what the shares restore, then refuses to go on with too few, with the count still needed', async () => {
    enterShare(FIRST);
    click('Show the addresses');
    await expect.poll(() => alerts(), poll).toContain('Choose what these shares restore');
    choose(TREZOR_KIND);
    click('Show the addresses');
    await expect.poll(() => alerts(), poll).toContain('One more share is needed to restore the secret.');
    expect(shows('Choose accounts')).toBe(false);
  });

  it('counts per group in a set of groups', () => {
    const [g4a = '', g3a = '', g3b = '', g3c = '', g4b = ''] = vector(17)[1];
    enterShare(g4a);
    expect(statuses()).toBe(
      'Groups complete: 0 of the 2 needed; 2 more groups are needed.' +
        'Group 1: no share yet.Group 2: no share yet.Group 3: no share yet.Group 4: 1 of 2, one more needed.',
    );
    for (const share of [g3a, g3b, g3c]) enterShare(share);
    expect(statuses()).toContain('Groups complete: 1 of the 2 needed; one more group is needed.');
    expect(statuses()).toContain('Group 3: complete.');
    expect(shows('Group 3, share 5')).toBe(true);
    enterShare(g4b);
    expect(statuses()).toBe('Enough shares are in to restore the wallet.');
  });

  it('warns of a wrong passphrase, shows the first addresses before saving, then adds the SLIP-0039 wallet', async () => {
    choose(TREZOR_KIND);
    enterShare(THIRD);
    enterShare(FIRST);
    checkbox('The wallet has a passphrase')?.click();
    await expect
      .poll(() => shows('A wrong passphrase is not refused: it restores other accounts, empty ones.'))
      .toBe(true);
    typeInto('Passphrase', 'TREZOR');
    click('Show the addresses');
    await expect.poll(() => shows('Choose accounts'), poll).toBe(true);
    const root = HDKey.fromExtendedKey(XPRV);
    const expected = [0, 1, 2, 3, 4].map((i) =>
      addressOfPrivateKey(root.derive(`m/44'/60'/0'/0/${i}`).privateKey as Uint8Array),
    );
    const list = document.querySelector('[aria-label="Addresses"]')?.textContent ?? '';
    for (const address of expected) expect(list).toContain(address);
    expect(accountCount()).toBe(2);

    click('Continue with 1 account');
    await expect.poll(() => button('Add to Cairn'), poll).toBeDefined();
    expect(shows('The wallet of your shares, with its passphrase, and 1 account.')).toBe(true);
    click('Add to Cairn');
    await expect.poll(() => done.mock.calls.length, poll).toBe(1);
    const { accounts, secrets } = wallet.vault.store.getState();
    expect(accounts.at(-1)?.address).toBe(expected[0]);
    expect(secrets.at(-1)).toMatchObject({ kind: 'masterSecret', origin: 'imported-shares', hasPassphrase: true });
  });

  it('gives back a phrase Cairn split as that phrase wallet', async () => {
    const phraseEntropy = new Uint8Array(16); // "abandon … about"
    const [shares = []] = await splitMasterSecret({
      masterSecret: phraseEntropy,
      groupThreshold: 1,
      groups: [{ threshold: 2, count: 3 }],
    });
    choose(PHRASE_KIND);
    enterShare(shares[2] ?? '');
    enterShare(shares[0] ?? '');
    click('Show the addresses');
    await expect.poll(() => shows('Choose accounts'), poll).toBe(true);
    // The first account of "abandon abandon … about".
    expect(document.querySelector('[aria-label="Addresses"]')?.textContent).toContain(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    click('Continue with 1 account');
    await expect.poll(() => button('Add to Cairn'), poll).toBeDefined();
    click('Add to Cairn');
    await expect.poll(() => done.mock.calls.length, poll).toBe(1);
    expect(wallet.vault.store.getState().secrets.at(-1)).toMatchObject({
      kind: 'phrase',
      language: 'english',
      origin: 'imported-shares',
      hasPassphrase: false,
    });
  });
});

describe('shares that hold no phrase', () => {
  it('are refused as a phrase with the reason, and nothing is stored', async () => {
    const [shares = []] = await splitMasterSecret({
      masterSecret: new Uint8Array(18).fill(3),
      groupThreshold: 1,
      groups: [{ threshold: 2, count: 2 }],
    });
    choose(PHRASE_KIND);
    for (const share of shares) enterShare(share);
    click('Show the addresses');
    await expect.poll(() => alerts(), poll).toContain('their secret has 18 bytes');
    expect(accountCount()).toBe(2);
  });
});

describe('a share read by the camera', () => {
  it('is offered beside typing and a photo; a denied camera is said in a sentence, nothing changed', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    choose(TREZOR_KIND);
    click('Scan with the camera');
    await expect.poll(() => alerts(), poll).toContain('Cairn may not use the camera.');
    expect(statuses()).toBe('No share entered yet.');
    expect(shows('Read a share from its QR code')).toBe(true);
  });
});
