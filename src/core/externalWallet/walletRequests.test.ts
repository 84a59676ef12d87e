// Requests to a browser wallet: each EIP-1193 refusal in words naming the wallet (its name and its
// words shown as untrusted text), the network brought to the one asked, and answers checked.
import { getAddress } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { WalletError } from '@/core/errors/wallet';
import { msg, untrustedValue } from '@/core/i18n/message';
import { cairnRefusal } from '@/testing/expectRefusal';
import { createSoftwareWallet, providerError } from '@/testing/softwareWallet';
import {
  answeredHash,
  askWallet,
  assertShared,
  ensureWalletChain,
  walletAddresses,
  walletName,
  walletRefusal,
} from './walletRequests';

const NAME = 'Test Wallet';

function softwareWallet(name = NAME, options: { chainId?: number; knownChainIds?: number[] } = {}) {
  const wallet = createSoftwareWallet({
    privateKey: generatePrivateKey(),
    chainId: options.chainId ?? 31337,
    knownChainIds: options.knownChainIds ?? [1, 31337],
  });
  return { wallet, external: { name, provider: wallet.provider } };
}

const refusal = cairnRefusal;

const methods = (log: { method: string }[]) => log.map((entry) => entry.method);

describe('a wallet’s refusals', () => {
  it('turns each EIP-1193 code into its WalletError, with a sentence naming the wallet', async () => {
    const cases: [number, string, string][] = [
      [4001, 'WALLET_REJECTED', 'You declined in Test Wallet: nothing was signed or sent.'],
      [
        4100,
        'WALLET_UNAUTHORIZED',
        'Test Wallet has not shared this account with Cairn: connect it to Cairn in Test Wallet, then try again.',
      ],
      [4200, 'WALLET_UNSUPPORTED', 'Test Wallet does not offer what Cairn asked of it.'],
      [4900, 'WALLET_DISCONNECTED', 'Test Wallet is not connected to any network: check it, then try again.'],
      [4901, 'WALLET_DISCONNECTED', 'Test Wallet is not connected to this network: check it, then try again.'],
      [-32002, 'WALLET_BUSY', 'Test Wallet is already showing a request from Cairn: answer it there first.'],
    ];
    const { wallet, external } = softwareWallet();
    for (const [code, errorCode, sentence] of cases) {
      const thrown = providerError(code, 'The wallet’s own words, not shown for a known code.');
      wallet.answerNext('personal_sign', () => {
        throw thrown;
      });
      const error = await refusal(askWallet(external, 'personal_sign', ['0x00', wallet.address]));
      expect(error).toBeInstanceOf(WalletError);
      expect(error.code).toBe(errorCode);
      expect(error.shortMessage).toBe(sentence);
      expect(error.shortMessage).toMatch(/\.$/);
      expect(error.cause).toBe(thrown);
    }
  });

  it('quotes the wallet’s words for another refusal, hidden characters shown as codes and cut to 200 characters', () => {
    const plain = walletRefusal({ name: NAME }, providerError(-32603, '  Internal JSON-RPC error.  '));
    expect(plain.code).toBe('WALLET_REFUSED');
    expect(plain.shortMessage).toBe('Test Wallet refused: “Internal JSON-RPC error”. Nothing was signed or sent.');

    const said = `Send to \u202Edlrow\u202C now\n${'x'.repeat(500)}`;
    const long = walletRefusal({ name: NAME }, providerError(-32000, said));
    expect(long.code).toBe('WALLET_REFUSED');
    expect(long.shortMessage).not.toMatch(/[\u202E\u202C\n]/);
    expect(long.shortMessage).toMatch(
      /^Test Wallet refused: “Send to \\u\{202E\}dlrow\\u\{202C\} now\\u\{000A\}x+…”\. /,
    );
    expect(long.shortMessage).toMatch(/ Nothing was signed or sent\.$/);
    const words = /“(.*)”/.exec(long.shortMessage)?.[1] ?? '';
    expect([...words].length).toBeLessThanOrEqual(200);
    expect([...words].length).toBeGreaterThan(190);
    expect(words.endsWith('…')).toBe(true);
    // Kept as the wallet's words (a value of the sentence), worded in whatever language is shown.
    expect(long.text).toMatchObject({ values: { words: untrustedValue(said.trim(), 'said') } });
  });

  it('says only that the wallet refused when it gives no words, and passes a WalletError on as it is', () => {
    for (const error of [providerError(-32603, '   '), 'refused', undefined, null, { code: '4001' }, 4001])
      expect(walletRefusal({ name: NAME }, error)).toMatchObject({
        code: 'WALLET_REFUSED',
        shortMessage: 'Test Wallet refused. Nothing was signed or sent.',
      });
    const own = new WalletError('WALLET_BUSY', msg('core.devices:wallet.busy', { name: NAME }));
    expect(walletRefusal({ name: NAME }, own)).toBe(own);
  });

  it('shows a wallet name with hidden characters through untrustedLabel, and a nameless wallet as “The browser wallet”', async () => {
    const name = 'Meta\u200BMask\u202E';
    const shown = 'Meta\\u{200B}Mask\\u{202E}';
    expect(walletName({ name })).toEqual(untrustedValue(name, 'name'));
    const { wallet, external } = softwareWallet(name);
    wallet.answerNext('eth_requestAccounts', () => {
      throw providerError(4001, 'User rejected the request.');
    });
    const rejected = await refusal(askWallet(external, 'eth_requestAccounts'));
    expect(rejected.shortMessage).toBe(`You declined in ${shown}: nothing was signed or sent.`);
    const unauthorized = walletRefusal({ name }, providerError(4100, 'Unauthorized'));
    expect(unauthorized.shortMessage).toBe(
      `${shown} has not shared this account with Cairn: connect it to Cairn in ${shown}, then try again.`,
    );
    expect(walletRefusal({ name }, providerError(-1, 'no')).shortMessage).toBe(
      `${shown} refused: “no”. Nothing was signed or sent.`,
    );
    for (const error of [rejected, unauthorized]) expect(error.shortMessage).not.toMatch(/[\u200B\u202E]/);
    // A name as long as a page is cut like any name.
    expect(walletRefusal({ name: 'W'.repeat(300) }, providerError(4001, 'no')).shortMessage).toBe(
      `You declined in ${'W'.repeat(63)}…: nothing was signed or sent.`,
    );
    expect(walletName({ name: '' })).toEqual(msg('core.devices:wallet.unnamed'));
    expect(walletRefusal({ name: '' }, providerError(4001, 'no')).shortMessage).toBe(
      'You declined in The browser wallet: nothing was signed or sent.',
    );
  });
});

describe('bringing a wallet to a network', () => {
  it('asks nothing more when the wallet is there already', async () => {
    const { wallet, external } = softwareWallet();
    await ensureWalletChain(external, 31337);
    expect(methods(wallet.log)).toEqual(['eth_chainId']);
  });

  it('switches the wallet (wallet_switchEthereumChain) and checks it arrived', async () => {
    const { wallet, external } = softwareWallet();
    await ensureWalletChain(external, 1);
    expect(wallet.log).toEqual([
      { method: 'eth_chainId', params: undefined },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] },
      { method: 'eth_chainId', params: undefined },
    ]);
    expect(wallet.chainId).toBe(1);
  });

  it('says the wallet does not know a network (4902), naming the chain id', async () => {
    const { wallet, external } = softwareWallet();
    const error = await refusal(ensureWalletChain(external, 8453));
    expect(error.code).toBe('WALLET_UNKNOWN_CHAIN');
    expect(error.shortMessage).toBe(
      'Test Wallet does not know the network with chain id 8453: add it in Test Wallet (with the same node as Cairn if you can), then try again.',
    );
    expect(wallet.log[1]).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    expect(wallet.chainId).toBe(31337);
  });

  it('says the wallet is on another network when it accepts the switch but stays there', async () => {
    const { wallet, external } = softwareWallet();
    wallet.answerNext('wallet_switchEthereumChain', () => null);
    const error = await refusal(ensureWalletChain(external, 1));
    expect(error.code).toBe('WALLET_WRONG_CHAIN');
    expect(error.shortMessage).toBe(
      'Test Wallet is on the network with chain id 31337, not 1: switch it there, then try again.',
    );
    expect(methods(wallet.log)).toEqual(['eth_chainId', 'wallet_switchEthereumChain', 'eth_chainId']);
  });

  it('passes on a declined switch, and refuses a chain id that is not one', async () => {
    const { wallet, external } = softwareWallet();
    wallet.answerNext('wallet_switchEthereumChain', () => {
      throw providerError(4001, 'User rejected the request.');
    });
    expect((await refusal(ensureWalletChain(external, 1))).code).toBe('WALLET_REJECTED');
    for (const answer of [1, '0x', 'x1', null, '1']) {
      wallet.answerNext('eth_chainId', () => answer);
      const error = await refusal(ensureWalletChain(external, 1));
      expect(error.code).toBe('WALLET_ANSWER');
      expect(error.shortMessage).toBe('Test Wallet answered something that is not a chain id.');
    }
  });
});

describe('the addresses a wallet shares', () => {
  const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const second = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

  it('checksums them and drops repeats that differ in case only', async () => {
    const { wallet, external } = softwareWallet();
    wallet.answerNext('eth_accounts', () => [
      checksummed.toLowerCase(),
      second.toLowerCase(),
      checksummed.toUpperCase().replace('0X', '0x'),
      checksummed,
    ]);
    expect(await walletAddresses(external, 'eth_accounts')).toEqual([checksummed, second]);
    wallet.answerNext('eth_requestAccounts', () => []);
    expect(await walletAddresses(external, 'eth_requestAccounts')).toEqual([]);
    expect(methods(wallet.log)).toEqual(['eth_accounts', 'eth_requestAccounts']);
  });

  it('refuses an answer that is not a list of addresses', async () => {
    const { wallet, external } = softwareWallet();
    for (const answer of [
      null,
      checksummed,
      { 0: checksummed },
      [checksummed, 42],
      [checksummed, '0x1234'],
      [`${checksummed}00`],
      ['0xZZ997970C51812dc3A010C7d01b50e0d17dc79C8'],
    ]) {
      wallet.answerNext('eth_accounts', () => answer);
      const error = await refusal(walletAddresses(external, 'eth_accounts'));
      expect(error.code).toBe('WALLET_ANSWER');
      expect(error.shortMessage).toBe('Test Wallet answered something that is not a list of addresses.');
    }
  });

  it('asks for the accounts only when the account is not shared yet, whatever its case', async () => {
    const { wallet, external } = softwareWallet();
    await assertShared(external, getAddress(wallet.address).toLowerCase() as `0x${string}`);
    expect(methods(wallet.log)).toEqual(['eth_accounts', 'eth_requestAccounts']);
    wallet.log.length = 0;
    await assertShared(external, wallet.address);
    expect(methods(wallet.log)).toEqual(['eth_accounts']);
  });
});

describe('a transaction hash as the wallet answers it', () => {
  it('is taken in lower case, and anything else is refused', () => {
    const hash = `0x${'Ab'.repeat(32)}`;
    expect(answeredHash({ name: NAME, provider: { request: async () => null } }, hash)).toBe(hash.toLowerCase());
    for (const answer of [undefined, 42, '0x1234', hash.slice(2), `${hash}ab`, `0X${'ab'.repeat(32)}`])
      expect(() => answeredHash({ name: NAME, provider: { request: async () => null } }, answer)).toThrow(
        expect.objectContaining({
          code: 'WALLET_UNCLEAR_ANSWER',
          shortMessage:
            'Test Wallet answered something that is not a transaction hash: it may have sent the transaction all the same. Check its activity before sending again.',
        }),
      );
  });
});
