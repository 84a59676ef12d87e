// Speaking to a browser wallet's EIP-1193 provider: every answer is the wallet's word (checked
// here for its shape), and every refusal becomes a WalletError with a sentence naming the wallet.
import { type Address, getAddress, type Hash, isAddress, isHex, numberToHex } from 'viem';
import { WalletError, type WalletErrorCode } from '../errors/wallet';
import { untrustedLabel } from '../text/untrustedText';

/** An EIP-1193 provider, as a wallet hands it over in its EIP-6963 announcement. */
export type Eip1193Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> };

/** A wallet as Cairn speaks to it: its announced name (untrusted) and its provider. */
export type ExternalWallet = { name: string; provider: Eip1193Provider };

/** The wallet's name, fit for a sentence. */
export function walletLabel(wallet: Pick<ExternalWallet, 'name'>): string {
  return untrustedLabel(wallet.name, 'name') || 'The browser wallet';
}

const REFUSAL_LENGTH = 200;

/** The EIP-1193 / JSON-RPC error code a wallet's refusal carries, if any. */
function codeOf(error: unknown): number | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : undefined;
}

/** A wallet's refusal (EIP-1193 codes, JSON-RPC's -32002 "request already pending") in words. */
export function walletRefusal(wallet: Pick<ExternalWallet, 'name'>, error: unknown): WalletError {
  if (error instanceof WalletError) return error;
  const name = walletLabel(wallet);
  const known: Partial<Record<number, [WalletErrorCode, string]>> = {
    4001: ['WALLET_REJECTED', `You declined in ${name}: nothing was signed or sent.`],
    4100: [
      'WALLET_UNAUTHORIZED',
      `${name} has not shared this account with Cairn: connect it to Cairn in ${name}, then try again.`,
    ],
    4200: ['WALLET_UNSUPPORTED', `${name} does not offer what Cairn asked of it.`],
    4900: ['WALLET_DISCONNECTED', `${name} is not connected to any network: check it, then try again.`],
    4901: ['WALLET_DISCONNECTED', `${name} is not connected to this network: check it, then try again.`],
    [-32002]: ['WALLET_BUSY', `${name} is already showing a request from Cairn: answer it there first.`],
  };
  const code = codeOf(error);
  const match = code === undefined ? undefined : known[code];
  if (match) return new WalletError(match[0], match[1], { cause: error });
  const said = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  // A closing full stop is left to the sentence around the quote.
  const trimmed = typeof said === 'string' ? said.trim().replace(/\.+$/, '') : '';
  const words = trimmed ? untrustedLabel(trimmed, { max: REFUSAL_LENGTH }) : '';
  return new WalletError(
    'WALLET_REFUSED',
    `${name} refused${words ? `: “${words}”` : ''}. Nothing was signed or sent.`,
    {
      cause: error,
    },
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

export function garbled(wallet: Pick<ExternalWallet, 'name'>, what: string): WalletError {
  return new WalletError('WALLET_ANSWER', `${walletLabel(wallet)} answered something that is not ${what}.`);
}

/** The addresses a wallet shares, checked and without repeats (eth_accounts, or eth_requestAccounts to ask). */
export async function walletAddresses(
  wallet: ExternalWallet,
  method: 'eth_accounts' | 'eth_requestAccounts',
): Promise<Address[]> {
  const answer = await askWallet(wallet, method);
  if (!Array.isArray(answer) || !answer.every((a) => typeof a === 'string' && isAddress(a, { strict: false })))
    throw garbled(wallet, 'a list of addresses');
  return [...new Set(answer.map((a: string) => getAddress(a)))];
}

/** Asks again for the wallet's accounts when `address` is not among those it shares now. */
export async function assertShared(wallet: ExternalWallet, address: Address): Promise<void> {
  const shared = (list: Address[]) => list.some((a) => a.toLowerCase() === address.toLowerCase());
  if (shared(await walletAddresses(wallet, 'eth_accounts'))) return;
  if (shared(await walletAddresses(wallet, 'eth_requestAccounts'))) return;
  throw new WalletError(
    'WALLET_UNAUTHORIZED',
    `${walletLabel(wallet)} does not share ${address} with Cairn now: choose that account in ${walletLabel(wallet)}, then try again.`,
  );
}

async function walletChainId(wallet: ExternalWallet): Promise<number> {
  const answer = await askWallet(wallet, 'eth_chainId');
  if (typeof answer !== 'string' || !isHex(answer) || answer === '0x') throw garbled(wallet, 'a chain id');
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
  const name = walletLabel(wallet);
  try {
    await wallet.provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chainId) }],
    });
  } catch (error) {
    if (codeOf(error) === 4902)
      throw new WalletError(
        'WALLET_UNKNOWN_CHAIN',
        `${name} does not know the network with chain id ${chainId}: add it in ${name} (with the same node as Cairn if you can), then try again.`,
        { cause: error },
      );
    throw walletRefusal(wallet, error);
  }
  const now = await walletChainId(wallet);
  if (now !== chainId)
    throw new WalletError(
      'WALLET_WRONG_CHAIN',
      `${name} is on the network with chain id ${now}, not ${chainId}: switch it there, then try again.`,
    );
}

/** A transaction hash as the wallet answered it, checked. */
export function answeredHash(wallet: ExternalWallet, answer: unknown): Hash {
  if (typeof answer !== 'string' || !isHex(answer, { strict: true }) || answer.length !== 66)
    throw new WalletError(
      'WALLET_UNCLEAR_ANSWER',
      `${walletLabel(wallet)} answered something that is not a transaction hash: it may have sent the transaction all the same. Check its activity before sending again.`,
    );
  return answer.toLowerCase() as Hash;
}
