// Speaking to a browser wallet's EIP-1193 provider: every answer is the wallet's word (checked
// here for its shape), and every refusal becomes a WalletError with a sentence naming the wallet.
import { type Address, getAddress, type Hash, isAddress, isHex, numberToHex } from 'viem';
import { WalletError, type WalletErrorCode } from '../errors/wallet';
import { codeValue, type Message, type MessageValue, msg, untrustedValue } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';

/** An EIP-1193 provider, as a wallet hands it over in its EIP-6963 announcement. */
export type Eip1193Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> };

/** A wallet as Cairn speaks to it: its announced name (untrusted) and its provider. */
export type ExternalWallet = { name: string; provider: Eip1193Provider };

/** The wallet's name as a value for a message: its announced name (untrusted), or "The browser wallet". */
export function walletName(wallet: Pick<ExternalWallet, 'name'>): MessageValue {
  return wallet.name === '' ? msg('core.devices:wallet.unnamed') : untrustedValue(wallet.name, 'name');
}

/** The EIP-1193 / JSON-RPC error code a wallet's refusal carries, if any. */
function codeOf(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : undefined;
}

/** A wallet's refusal (EIP-1193 codes, JSON-RPC's -32002 "request already pending") in words. */
export function walletRefusal(wallet: Pick<ExternalWallet, 'name'>, error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  const name = walletName(wallet);
  const known: Partial<Record<number, [WalletErrorCode, Message]>> = {
    4001: ['WALLET_REJECTED', msg('core.devices:wallet.rejected', { name })],
    4100: ['WALLET_UNAUTHORIZED', msg('core.devices:wallet.unauthorized', { name })],
    4200: ['WALLET_UNSUPPORTED', msg('core.devices:wallet.unsupported', { name })],
    4900: ['WALLET_DISCONNECTED', msg('core.devices:wallet.noNetwork', { name })],
    4901: ['WALLET_DISCONNECTED', msg('core.devices:wallet.otherNetwork', { name })],
    [-32002]: ['WALLET_BUSY', msg('core.devices:wallet.busy', { name })],
  };
  const code = codeOf(error);
  const match = code === undefined ? undefined : known[code];
  if (match) return new WalletError(match[0], match[1], { cause: error });
  const said = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  // A closing full stop is left to the sentence around the quote.
  const trimmed = typeof said === 'string' ? said.trim().replace(/\.+$/, '') : '';
  // The wallet's own words, shown (made visible, cut to their limit) by the untrusted-text rules.
  return new WalletError(
    'WALLET_REFUSED',
    trimmed
      ? msg('core.devices:wallet.refusedSaying', { name, words: untrustedValue(trimmed, 'said') })
      : msg('core.devices:wallet.refused', { name }),
    { cause: error },
  );
}

/** One request to the wallet; a refusal becomes a WalletError. */
export async function askWallet(wallet: ExternalWallet, method: string, params?: unknown[]): Promise<unknown> {
  try {
    return await wallet.provider.request(params ? { method, params } : { method });
  } catch (error) {
    throw walletRefusal(wallet, error);
  }
}

/** What a wallet's answer should have been. */
export type WalletAnswerKind = 'addresses' | 'chainId' | 'signature';

const GARBLED = {
  addresses: 'core.devices:wallet.garbled.addresses',
  chainId: 'core.devices:wallet.garbled.chainId',
  signature: 'core.devices:wallet.garbled.signature',
} as const;

export function garbled(wallet: Pick<ExternalWallet, 'name'>, what: WalletAnswerKind): WalletError {
  return new WalletError('WALLET_ANSWER', msg(GARBLED[what], { name: walletName(wallet) }));
}

/** The addresses a wallet shares, checked and without repeats (eth_accounts, or eth_requestAccounts to ask). */
export async function walletAddresses(
  wallet: ExternalWallet,
  method: 'eth_accounts' | 'eth_requestAccounts',
): Promise<Address[]> {
  const answer = await askWallet(wallet, method);
  if (!Array.isArray(answer) || !answer.every((a) => typeof a === 'string' && isAddress(a, { strict: false })))
    throw garbled(wallet, 'addresses');
  return [...new Set(answer.map((a: string) => getAddress(a)))];
}

/** Asks again for the wallet's accounts when `address` is not among those it shares now. */
export async function assertShared(wallet: ExternalWallet, address: Address): Promise<void> {
  const shared = (list: Address[]) => list.some((a) => sameAddress(a, address));
  if (shared(await walletAddresses(wallet, 'eth_accounts'))) return;
  if (shared(await walletAddresses(wallet, 'eth_requestAccounts'))) return;
  throw new WalletError(
    'WALLET_UNAUTHORIZED',
    msg('core.devices:wallet.notShared', { name: walletName(wallet), address: codeValue(address) }),
  );
}

async function walletChainId(wallet: ExternalWallet): Promise<number> {
  const answer = await askWallet(wallet, 'eth_chainId');
  if (typeof answer !== 'string' || !isHex(answer) || answer === '0x') throw garbled(wallet, 'chainId');
  return Number(BigInt(answer));
}

/**
 * Brings the wallet to the network with `chainId` (wallet_switchEthereumChain) and checks that it
 * is there. Throws WALLET_UNKNOWN_CHAIN when the wallet does not know that network (Cairn does
 * not add it there: the node the wallet should use is the person's choice), WALLET_WRONG_CHAIN
 * when it stays elsewhere.
 */
export async function ensureWalletChain(wallet: ExternalWallet, chainId: number): Promise<void> {
  if ((await walletChainId(wallet)) === chainId) return;
  const name = walletName(wallet);
  try {
    await wallet.provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chainId) }],
    });
  } catch (error) {
    if (codeOf(error) === 4902)
      throw new WalletError(
        'WALLET_UNKNOWN_CHAIN',
        msg('core.devices:wallet.unknownChain', { name, chainId: codeValue(String(chainId)) }),
        { cause: error },
      );
    throw walletRefusal(wallet, error);
  }
  const now = await walletChainId(wallet);
  if (now !== chainId)
    throw new WalletError(
      'WALLET_WRONG_CHAIN',
      msg('core.devices:wallet.wrongChain', {
        name,
        chainId: codeValue(String(now)),
        wanted: codeValue(String(chainId)),
      }),
    );
}

/** A transaction hash as the wallet answered it, checked. */
export function answeredHash(wallet: ExternalWallet, answer: unknown): Hash {
  if (typeof answer !== 'string' || !isHex(answer, { strict: true }) || answer.length !== 66)
    throw new WalletError(
      'WALLET_UNCLEAR_ANSWER',
      msg('core.devices:wallet.unclearHash', { name: walletName(wallet) }),
    );
  return answer.toLowerCase() as Hash;
}
