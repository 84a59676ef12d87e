// A browser wallet as Cairn's signer, against a software EIP-1193 wallet: what it signs must be
// exactly what Cairn's own key would give, anything else is refused; what it sends is handed over
// whole (hex fields, chain id, no nonce) and only a transaction hash is taken back.
import { type Address, type Hex, hexToBytes, numberToHex, parseEther, parseGwei, parseSignature } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { msg, untrustedValue } from '@/core/i18n/message';
import { cairnRefusal } from '@/testing/expectRefusal';
import { createSoftwareWallet, providerError } from '@/testing/softwareWallet';
import mail from '@/testing/vectors/eip712/eip712-mail-example.json';
import { type DeviceSignRequest, signWithKey } from '../signing/keySigner';
import type { WalletTransaction } from '../signing/signerAccount';
import { sendWithWallet, signWithWallet } from './walletSigner';

const privateKey = mail.privateKey as Hex;
const otherKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const;
const key = async () => hexToBytes(privateKey);
const NAME = 'Test Wallet';
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** A software wallet on the local chain that knows Ethereum too, already sharing its account with Cairn. */
async function sharedWallet(options: { chainId?: number } = {}) {
  const wallet = createSoftwareWallet({ privateKey, chainId: options.chainId ?? 31337, knownChainIds: [1, 31337] });
  await wallet.provider.request({ method: 'eth_requestAccounts' });
  wallet.log.length = 0;
  return { wallet, external: { name: NAME, provider: wallet.provider } };
}

const refusal = cairnRefusal;

const methods = (log: { method: string }[]) => log.map((entry) => entry.method);

const text = { kind: 'message', message: 'Log in to example.org\nNonce: 42' } as const satisfies DeviceSignRequest;
const raw = { kind: 'message', message: { raw: '0x00ff10deadbeef' } } as const satisfies DeviceSignRequest;
const bytes = {
  kind: 'message',
  message: { raw: new Uint8Array([0, 1, 2, 255]) },
} as const satisfies DeviceSignRequest;
const typed = { kind: 'typedData', typedData: mail.typedData as never } as const satisfies DeviceSignRequest;

describe('signing through a browser wallet', () => {
  it('signs text and raw bytes with personal_sign exactly as the key itself would', async () => {
    const { wallet, external } = await sharedWallet();
    for (const request of [text, raw, bytes]) {
      wallet.log.length = 0;
      const signature = await signWithWallet(external, wallet.address, request);
      expect(signature).toBe(await signWithKey(key, request));
      expect(methods(wallet.log)).toEqual(['eth_accounts', 'personal_sign']);
    }
    // The message goes as its exact bytes (text as UTF-8), the account second.
    wallet.log.length = 0;
    await signWithWallet(external, wallet.address, text);
    expect(wallet.log[1]?.params).toEqual([
      '0x4c6f6720696e20746f206578616d706c652e6f72670a4e6f6e63653a203432',
      wallet.address,
    ]);
  });

  it('brings the wallet to the typed data’s network first, then signs it exactly as the key would', async () => {
    const { wallet, external } = await sharedWallet({ chainId: 31337 });
    const signature = await signWithWallet(external, wallet.address, typed);
    expect(signature).toBe(await signWithKey(key, typed));
    // EIP-712's own example, signed by the key 'cow'.
    expect(signature).toBe(mail.expected.signature);
    expect(methods(wallet.log)).toEqual([
      'eth_accounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'eth_chainId',
      'eth_signTypedData_v4',
    ]);
    expect(wallet.log[2]?.params).toEqual([{ chainId: '0x1' }]);
    expect(wallet.chainId).toBe(1);
    const [account, json] = wallet.log[4]?.params ?? [];
    expect(account).toBe(wallet.address);
    // The whole typed data goes, its domain types included (wallets hash the domain by EIP712Domain).
    expect(JSON.parse(json as string)).toEqual({
      ...mail.typedData,
      domain: { ...mail.typedData.domain, verifyingContract: mail.typedData.domain.verifyingContract.toLowerCase() },
    });

    // Already there: no switch is asked. The chain id as Cairn's parsed typed data holds it (a bigint) goes as text.
    wallet.log.length = 0;
    const bigintChain = {
      kind: 'typedData',
      typedData: { ...mail.typedData, domain: { ...mail.typedData.domain, chainId: 1n } } as never,
    } as const satisfies DeviceSignRequest;
    expect(await signWithWallet(external, wallet.address, bigintChain)).toBe(mail.expected.signature);
    expect(methods(wallet.log)).toEqual(['eth_accounts', 'eth_chainId', 'eth_signTypedData_v4']);
    expect(JSON.parse(wallet.log[2]?.params?.[1] as string)).toMatchObject({ domain: { chainId: '1' } });
  });

  it('does not ask for a network when the typed data’s domain names none', async () => {
    const { wallet, external } = await sharedWallet();
    const { chainId: _, ...domain } = mail.typedData.domain;
    const { EIP712Domain, ...types } = mail.typedData.types;
    const request = {
      kind: 'typedData',
      typedData: {
        ...mail.typedData,
        domain,
        types: { ...types, EIP712Domain: EIP712Domain.filter((f) => f.name !== 'chainId') },
      } as never,
    } as const satisfies DeviceSignRequest;
    expect(await signWithWallet(external, wallet.address, request)).toBe(await signWithKey(key, request));
    expect(methods(wallet.log)).toEqual(['eth_accounts', 'eth_signTypedData_v4']);
    expect(wallet.chainId).toBe(31337);
  });

  it('sends the domain’s types with typed data that does not list them, as Cairn hashes it', async () => {
    const { wallet, external } = await sharedWallet({ chainId: 1 });
    const { EIP712Domain: _, ...types } = mail.typedData.types;
    const request = {
      kind: 'typedData',
      typedData: { ...mail.typedData, types } as never,
    } as const satisfies DeviceSignRequest;
    expect(await signWithWallet(external, wallet.address, request)).toBe(mail.expected.signature);
    const sent = JSON.parse(wallet.log.at(-1)?.params?.[1] as string);
    expect(sent.types.EIP712Domain).toEqual(mail.typedData.types.EIP712Domain);
  });

  it('takes a signature with v as 0/1 or with a high s, and gives back the same one as the key', async () => {
    const { wallet, external } = await sharedWallet();
    const expected = await signWithKey(key, text);
    const { r, s, yParity } = parseSignature(expected);
    wallet.answerNext('personal_sign', () => `${r}${s.slice(2)}0${yParity}`);
    expect(await signWithWallet(external, wallet.address, text)).toBe(expected);
    const highS = numberToHex(CURVE_ORDER - BigInt(s), { size: 32 });
    wallet.answerNext('personal_sign', () => `${r}${highS.slice(2)}${yParity ? '1b' : '1c'}`);
    expect(await signWithWallet(external, wallet.address, text)).toBe(expected);
  });

  it('refuses a signature by another key, or of another message, with a sentence naming the wallet', async () => {
    const { wallet, external } = await sharedWallet();
    const other = privateKeyToAccount(otherKey);
    const answers: [DeviceSignRequest, string, () => Promise<Hex>][] = [
      [text, 'personal_sign', () => other.signMessage({ message: text.message })],
      [text, 'personal_sign', () => wallet.account.signMessage({ message: 'Log in to evil.example' })],
      [raw, 'personal_sign', () => wallet.account.signMessage({ message: { raw: '0x00ff10deadbeee' } })],
      [typed, 'eth_signTypedData_v4', () => other.signTypedData(mail.typedData as never)],
      [
        typed,
        'eth_signTypedData_v4',
        () =>
          wallet.account.signTypedData({
            ...mail.typedData,
            message: { ...mail.typedData.message, contents: 'Hello, Eve!' },
          } as never),
      ],
    ];
    for (const [request, method, answer] of answers) {
      wallet.answerNext(method, answer);
      const error = await refusal(signWithWallet(external, wallet.address, request));
      expect(error.code).toBe('INPUT_SIGNATURE');
      expect(error.shortMessage).toMatch(/^Test Wallet signed with another key \(0x[0-9a-fA-F]{40}\)/);
      expect(error.shortMessage).not.toContain(wallet.address);
      expect(error.shortMessage).toMatch(/\.$/);
    }
    // The other key is named as the signer.
    wallet.answerNext('personal_sign', () => other.signMessage({ message: text.message }));
    expect((await refusal(signWithWallet(external, wallet.address, text))).shortMessage).toContain(other.address);
  });

  it('names the wallet in the refusal as a value (its untrusted name, or “The browser wallet”), never as words', async () => {
    const { wallet } = await sharedWallet();
    const other = privateKeyToAccount(otherKey);
    for (const [name, who] of [
      ['Meta\u202EMask', untrustedValue('Meta\u202EMask', 'name')],
      ['', msg('core.devices:wallet.unnamed')],
    ] as const) {
      wallet.answerNext('personal_sign', () => other.signMessage({ message: text.message }));
      const error = await refusal(signWithWallet({ name, provider: wallet.provider }, wallet.address, text));
      expect(error.text).toMatchObject({ values: { who } });
    }
    wallet.answerNext('personal_sign', () => other.signMessage({ message: text.message }));
    const nameless = await refusal(signWithWallet({ name: '', provider: wallet.provider }, wallet.address, text));
    expect(nameless.shortMessage).toMatch(/^The browser wallet signed with another key/);
  });

  it('refuses an answer that is not a 65-byte signature with WALLET_ANSWER', async () => {
    const { wallet, external } = await sharedWallet();
    const valid = await signWithKey(key, text);
    for (const answer of ['0x1234', 42, null, `${valid}00`, `${valid.slice(0, -2)}1d`, `0x${'zz'.repeat(65)}`]) {
      wallet.answerNext('personal_sign', () => answer);
      const error = await refusal(signWithWallet(external, wallet.address, text));
      expect(error.code).toBe('WALLET_ANSWER');
      expect(error.shortMessage).toBe('Test Wallet answered something that is not a signature.');
    }
    wallet.answerNext('eth_signTypedData_v4', () => 42);
    expect((await refusal(signWithWallet(external, wallet.address, typed))).code).toBe('WALLET_ANSWER');
  });

  it('passes on a refusal to sign as the wallet’s refusal', async () => {
    const { wallet, external } = await sharedWallet();
    wallet.answerNext('personal_sign', () => {
      throw providerError(4001, 'User rejected the request.');
    });
    const error = await refusal(signWithWallet(external, wallet.address, text));
    expect(error.code).toBe('WALLET_REJECTED');
    expect(error.shortMessage).toBe('You declined in Test Wallet: nothing was signed or sent.');
  });

  it('never asks the wallet to sign a transaction: the wallet sends its own', async () => {
    const { wallet, external } = await sharedWallet();
    const request = {
      kind: 'transaction',
      transaction: { type: 'eip1559', chainId: 31337, nonce: 0, to: wallet.address, value: 1n, gas: 21_000n },
    } as const satisfies DeviceSignRequest;
    const error = await refusal(signWithWallet(external, wallet.address, request));
    expect(error.code).toBe('WALLET_SENDS_ITSELF');
    expect(wallet.log).toEqual([]);
  });

  it('refuses an account the wallet does not share, after asking for it once', async () => {
    const wallet = createSoftwareWallet({ privateKey, chainId: 31337 });
    const other = privateKeyToAccount(otherKey).address;
    const external = { name: NAME, provider: wallet.provider };
    // Not connected: eth_accounts is empty, and eth_requestAccounts shares the wallet's own account, not `other`.
    const error = await refusal(signWithWallet(external, other, text));
    expect(error.code).toBe('WALLET_UNAUTHORIZED');
    expect(error.shortMessage).toBe(
      `Test Wallet does not share ${other} with Cairn now: choose that account in Test Wallet, then try again.`,
    );
    expect(methods(wallet.log)).toEqual(['eth_accounts', 'eth_requestAccounts']);
    expect(wallet.log.some((entry) => entry.method === 'personal_sign')).toBe(false);
  });

  it('asks for the accounts when eth_accounts does not list the account yet, then signs', async () => {
    const wallet = createSoftwareWallet({ privateKey, chainId: 31337 });
    const external = { name: NAME, provider: wallet.provider };
    // The account as Cairn stores it may be lower case: the wallet's checksummed one still matches.
    const lower = wallet.address.toLowerCase() as Address;
    expect(await signWithWallet(external, lower, text)).toBe(await signWithKey(key, text));
    expect(methods(wallet.log)).toEqual(['eth_accounts', 'eth_requestAccounts', 'personal_sign']);
  });
});

describe('sending through a browser wallet', () => {
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const eip1559: WalletTransaction = {
    chainId: 31337,
    to,
    value: parseEther('1.25'),
    data: '0xa9059cbb00',
    gas: 21_000n,
    fees: { kind: 'eip1559', maxFeePerGas: parseGwei('30'), maxPriorityFeePerGas: parseGwei('1') },
  };
  const hash = `0x${'AB'.repeat(16)}${'cd'.repeat(16)}` as const;

  it('hands the transaction over with hex fields and the chain id, no nonce, and returns the hash in lower case', async () => {
    const { wallet, external } = await sharedWallet();
    wallet.answerNext('eth_sendTransaction', () => hash);
    expect(await sendWithWallet(external, wallet.address, eip1559)).toBe(hash.toLowerCase());
    expect(methods(wallet.log)).toEqual(['eth_accounts', 'eth_chainId', 'eth_sendTransaction']);
    const params = wallet.log[2]?.params;
    expect(params).toStrictEqual([
      {
        from: wallet.address,
        to,
        value: '0x1158e460913d0000',
        data: '0xa9059cbb00',
        gas: '0x5208',
        chainId: '0x7a69',
        maxFeePerGas: '0x6fc23ac00',
        maxPriorityFeePerGas: '0x3b9aca00',
      },
    ]);
    expect(params?.[0]).not.toHaveProperty('nonce');
    expect(params?.[0]).not.toHaveProperty('gasPrice');
  });

  it('says when it hands over (after the account and network checks, before the send), and can still be stopped then', async () => {
    const { wallet, external } = await sharedWallet({ chainId: 1 });
    const handedAfter: string[][] = [];
    wallet.answerNext('eth_sendTransaction', () => hash);
    await sendWithWallet(external, wallet.address, eip1559, () => handedAfter.push(methods(wallet.log)));
    expect(handedAfter).toEqual([['eth_accounts', 'eth_chainId', 'wallet_switchEthereumChain', 'eth_chainId']]);
    wallet.log.length = 0;
    const stopped = sendWithWallet(external, wallet.address, eip1559, () => {
      throw new Error('cancelled meanwhile');
    });
    await expect(stopped).rejects.toThrow('cancelled meanwhile');
    expect(methods(wallet.log)).not.toContain('eth_sendTransaction');
  });

  it('sends gasPrice alone for legacy fees, after bringing the wallet to the transaction’s network', async () => {
    const { wallet, external } = await sharedWallet({ chainId: 31337 });
    const legacy: WalletTransaction = {
      chainId: 1,
      to,
      value: 0n,
      data: '0x',
      gas: 100_000n,
      fees: { kind: 'legacy', gasPrice: parseGwei('40') },
    };
    wallet.answerNext('eth_sendTransaction', () => hash.toLowerCase());
    expect(await sendWithWallet(external, wallet.address, legacy)).toBe(hash.toLowerCase());
    expect(methods(wallet.log)).toEqual([
      'eth_accounts',
      'eth_chainId',
      'wallet_switchEthereumChain',
      'eth_chainId',
      'eth_sendTransaction',
    ]);
    expect(wallet.log[4]?.params).toStrictEqual([
      {
        from: wallet.address,
        to,
        value: '0x0',
        data: '0x',
        gas: '0x186a0',
        chainId: '0x1',
        gasPrice: '0x9502f9000',
      },
    ]);
  });

  it('takes an answer that is not a transaction hash as unclear: the wallet may have sent', async () => {
    const { wallet, external } = await sharedWallet();
    for (const answer of ['0x1234', 42, null, hash.slice(0, -2), `${hash}00`, `0x${'g'.repeat(64)}`, hash.slice(2)]) {
      wallet.answerNext('eth_sendTransaction', () => answer);
      const error = await refusal(sendWithWallet(external, wallet.address, eip1559));
      expect(error.code).toBe('WALLET_UNCLEAR_ANSWER');
      expect(error.shortMessage).toBe(
        'Test Wallet answered something that is not a transaction hash: it may have sent the transaction all the same. Check its activity before sending again.',
      );
    }
  });

  it('sends nothing for an account the wallet does not share, and passes on a refusal to send', async () => {
    const { wallet, external } = await sharedWallet();
    const other = privateKeyToAccount(otherKey).address;
    expect((await refusal(sendWithWallet(external, other, eip1559))).code).toBe('WALLET_UNAUTHORIZED');
    expect(methods(wallet.log)).not.toContain('eth_sendTransaction');
    wallet.answerNext('eth_sendTransaction', () => {
      throw providerError(4001, 'User denied transaction signature.');
    });
    expect((await refusal(sendWithWallet(external, wallet.address, eip1559))).code).toBe('WALLET_REJECTED');
  });
});
