import { type Address, getAddress, type Hex, isAddress, isHex, size, stringToHex } from 'viem';
import { KeyError } from '../errors/keys';
import type { Message } from '../i18n/message';
import { parseAddress } from '../keys/address';
import { sameAddress } from '../keys/sameAddress';
import { MAX_INITCODE_BYTES } from '../offline/intrinsicGas';
import type { ProviderError, ProviderErrorKind } from './providerErrors';
import type { DappRequest, PersonMethod } from './request';
import { chainIdParam } from './siteAnswers';

/**
 * A call a site asks Cairn to send, as EIP-1474's eth_sendTransaction and EIP-5792's calls give it.
 * No `to`: a contract creation, its init code in `data` (never empty, see creationOf).
 */
export type DappCall = { to: Address | undefined; value: bigint; data: Hex; gas?: bigint };

export type AddChainParams = {
  chainId: number;
  chainName: string;
  rpcUrls: string[];
  nativeCurrency: { name: string; symbol: string; decimals: number };
  blockExplorerUrls: string[];
};

/** A request that needs the person, with its params read and checked. */
export type PersonRequest =
  | { method: 'eth_requestAccounts' | 'wallet_requestPermissions' }
  | { method: 'personal_sign'; account: Address; message: Hex }
  | { method: 'eth_signTypedData_v4' | 'eth_signTypedData_v3'; account: Address; typedData: string }
  | {
      method: 'eth_sendTransaction';
      account: Address;
      call: DappCall;
      /** The chain the transaction names for itself (its `chainId`), if it names one. */
      chainId: number | undefined;
    }
  | { method: 'wallet_switchEthereumChain'; chainId: number }
  | { method: 'wallet_addEthereumChain'; chain: AddChainParams }
  | { method: 'wallet_watchAsset'; token: Address; claimed: { symbol?: string; decimals?: number } }
  | {
      method: 'wallet_sendCalls';
      account: Address;
      chainId: number | undefined;
      calls: DappCall[];
      /** The id the site chose for the batch, if it chose one. */
      batchId: string | undefined;
      /** EIP-5792's atomicRequired: the calls must run all or none, in one transaction. */
      atomicRequired: boolean;
    };

/**
 * An address the site gave whose capital letters fail its EIP-55 checksum, exactly as given, and
 * what Cairn says of a typed address with the same fault (core/keys/address.ts).
 */
export type MiscasedAddress = { address: string; problem: Message };

export type PersonRequestResult =
  | { ok: true; request: PersonRequest; miscased: MiscasedAddress[] }
  | { ok: false; error: ProviderError };

/** A request's params that Cairn will not read, with the sentence that says why (its error's kind). */
export class ParamsError extends Error {
  constructor(
    message: string,
    readonly kind: ProviderErrorKind,
  ) {
    super(message);
  }
}

export const bad = (sentence: string, kind: ProviderErrorKind = 'invalidParams'): never => {
  throw new ParamsError(sentence, kind);
};

/** The most calls Cairn takes in one wallet_sendCalls (EIP-5792's 5740 beyond). */
export const MAX_BATCH_CALLS = 20;

/** EIP-5792 ids: up to 4096 bytes; Cairn takes printable ASCII, which the site can read back as it sent it. */
const BATCH_ID = /^[\x21-\x7e]{1,4096}$/;

/** EIP-5792 capabilities: Cairn offers none, so each one asked for must be optional. */
function optionalOnly(capabilities: unknown, what: string): void {
  if (capabilities === undefined || capabilities === null) return;
  for (const [name, value] of Object.entries(record(capabilities, what))) {
    if (Object(value).optional !== true)
      bad(
        `Cairn does not offer the ${name.slice(0, 64)} capability, and the request does not mark it optional.`,
        'unsupportedCapability',
      );
  }
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad(`${what} must be an object.`);
  return value as Record<string, unknown>;
}

/**
 * Reads an address; one whose mixed case fails its checksum is taken, and noted in `miscased` for
 * the person, once however often (and however cased) the site gives it.
 */
function address(value: unknown, what: string, miscased: MiscasedAddress[]): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }))
    bad(`${what} must be an address (0x and 40 hex digits).`);
  const given = value as string;
  try {
    parseAddress(given);
  } catch (error) {
    const noted = miscased.some((m) => sameAddress(m.address, given));
    if (error instanceof KeyError && error.code === 'KEYS_ADDRESS_CHECKSUM' && !noted)
      miscased.push({ address: given, problem: error.text });
  }
  return getAddress(given);
}

function quantity(value: unknown, what: string): bigint {
  if (value === undefined || value === null) return 0n;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    bad(`${what} must be a hex quantity such as 0x1.`);
  return BigInt(value as string);
}

function chainIdOf(value: unknown, what: string): number {
  return chainIdParam(value) ?? bad(`${what} must be a chain id in hex, such as 0x1.`);
}

function call(raw: unknown, what: string, miscased: MiscasedAddress[]): DappCall {
  const tx = record(raw, what);
  const data = tx.data ?? tx.input ?? '0x';
  if (typeof data !== 'string' || !isHex(data) || data.length % 2 !== 0) bad(`${what}.data must be hex bytes (0x…).`);
  const out: DappCall = {
    to: tx.to === undefined || tx.to === null ? undefined : address(tx.to, `${what}.to`, miscased),
    value: quantity(tx.value, `${what}.value`),
    data: data as Hex,
  };
  if (out.to === undefined) {
    // A contract creation: its init code is the data, and a creation without any is no request.
    if (out.data === '0x')
      bad(`${what} has no to address and no data: name a to address, or give init code to create a contract.`);
    if (size(out.data) > MAX_INITCODE_BYTES)
      bad(
        `${what}.data is init code of ${size(out.data)} bytes: at most ${MAX_INITCODE_BYTES} can create a contract (EIP-3860).`,
      );
  }
  if (tx.gas !== undefined && tx.gas !== null) out.gas = quantity(tx.gas, `${what}.gas`);
  return out;
}

type Params = DappRequest['params'];
/** The request for the person method `M` becomes, once read. */
export type PersonRequestOf<M extends PersonMethod> = PersonRequest & { method: M };
export type PersonReader<M extends PersonMethod> = (params: Params, miscased: MiscasedAddress[]) => PersonRequestOf<M>;

const first = (params: Params) => (Array.isArray(params) ? params[0] : undefined);
const list = (params: Params) => (Array.isArray(params) ? params : []);

function typedData<M extends 'eth_signTypedData_v4' | 'eth_signTypedData_v3'>(method: M): PersonReader<M> {
  return (params, miscased) => {
    const [signer, data] = list(params);
    const typedData =
      typeof data === 'string' ? data : typeof data === 'object' && data !== null ? JSON.stringify(data) : undefined;
    if (typedData === undefined) bad(`${method} needs the typed data (JSON) second.`);
    return {
      method,
      account: address(signer, 'The first parameter', miscased),
      typedData: typedData as string,
    } as PersonRequestOf<M>;
  };
}

/**
 * The params parser of each method that needs the person (the method table's `params`): reads
 * and checks them, throwing a ParamsError that names what is wrong.
 */
export const PERSON_PARAMS: { [M in PersonMethod]: PersonReader<M> } = {
  eth_requestAccounts: () => ({ method: 'eth_requestAccounts' }),
  wallet_requestPermissions: (params) => {
    const asked = record(first(params), 'The first parameter');
    if (!Object.hasOwn(asked, 'eth_accounts')) bad('Cairn grants only the eth_accounts permission.');
    return { method: 'wallet_requestPermissions' };
  },
  // Answered at once, asking nobody (the method table): it has no params to read for the person.
  wallet_revokePermissions: () => bad('wallet_revokePermissions is not a request for the person.'),
  personal_sign: (params, miscased) => {
    const [message, signer] = list(params);
    if (typeof message !== 'string') bad('personal_sign needs the message (hex bytes or text) first.');
    const bytes =
      isHex(message) && (message as string).length % 2 === 0 ? (message as Hex) : stringToHex(message as string);
    return { method: 'personal_sign', account: address(signer, 'The second parameter', miscased), message: bytes };
  },
  eth_signTypedData_v4: typedData('eth_signTypedData_v4'),
  eth_signTypedData_v3: typedData('eth_signTypedData_v3'),
  eth_sendTransaction: (params, miscased) => {
    const tx = record(first(params), 'The transaction');
    return {
      method: 'eth_sendTransaction',
      account: address(tx.from, 'The transaction’s from', miscased),
      call: call(tx, 'The transaction', miscased),
      chainId: tx.chainId === undefined || tx.chainId === null ? undefined : chainIdOf(tx.chainId, 'chainId'),
    };
  },
  wallet_switchEthereumChain: (params) => ({
    method: 'wallet_switchEthereumChain',
    chainId: chainIdOf(record(first(params), 'The first parameter').chainId, 'chainId'),
  }),
  wallet_addEthereumChain: (params) => ({
    method: 'wallet_addEthereumChain',
    chain: addChain(record(first(params), 'The first parameter')),
  }),
  wallet_watchAsset: (params, miscased) => {
    const asked = record(Array.isArray(params) ? params[0] : params, 'The parameters');
    if (asked.type !== 'ERC20') bad('Cairn watches ERC20 tokens only (type "ERC20").');
    const options = record(asked.options, 'options');
    const claimed: { symbol?: string; decimals?: number } = {};
    if (typeof options.symbol === 'string') claimed.symbol = options.symbol.slice(0, 32);
    if (typeof options.decimals === 'number' && Number.isInteger(options.decimals)) claimed.decimals = options.decimals;
    return { method: 'wallet_watchAsset', token: address(options.address, 'options.address', miscased), claimed };
  },
  wallet_sendCalls: (params, miscased) => {
    const batch = record(first(params), 'The first parameter');
    if (!Array.isArray(batch.calls) || batch.calls.length === 0) bad('calls must be a non-empty list.');
    if ((batch.calls as unknown[]).length > MAX_BATCH_CALLS) bad('', 'batchTooLarge');
    // A call without `to` creates a contract, checked as eth_sendTransaction's creation is.
    const calls = (batch.calls as unknown[]).map((c, i) => call(c, `calls[${i}]`, miscased));
    const { atomicRequired = false } = batch;
    if (typeof atomicRequired !== 'boolean') bad('atomicRequired must be true or false.');
    // An account runs a batch atomically through its delegate's execute, which makes calls only.
    const creation = calls.findIndex((c) => c.to === undefined);
    if (atomicRequired && creation >= 0)
      bad(
        `calls[${creation}] creates a contract, which Cairn cannot run inside an atomic batch: send it with atomicRequired false, or deploy it apart.`,
        'atomicityNotSupported',
      );
    optionalOnly(batch.capabilities, 'capabilities');
    (batch.calls as unknown[]).forEach((c, i) => {
      optionalOnly(Object(c).capabilities, `calls[${i}].capabilities`);
    });
    if (batch.id !== undefined && (typeof batch.id !== 'string' || !BATCH_ID.test(batch.id)))
      bad('id must be a string of printable ASCII characters, at most 4096.');
    return {
      method: 'wallet_sendCalls',
      account: address(batch.from, 'from', miscased),
      chainId: batch.chainId === undefined ? undefined : chainIdOf(batch.chainId, 'chainId'),
      calls,
      batchId: batch.id as string | undefined,
      atomicRequired: atomicRequired as boolean,
    };
  },
};

function addChain(raw: Record<string, unknown>): AddChainParams {
  const chainId = chainIdOf(raw.chainId, 'chainId');
  const name = typeof raw.chainName === 'string' ? raw.chainName.trim().slice(0, 64) : '';
  if (!name) bad('chainName is missing.');
  const urls = (value: unknown, what: string) => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((u) => typeof u === 'string')) bad(`${what} must be a list of URLs.`);
    return (value as string[]).slice(0, 5);
  };
  const rpcUrls = urls(raw.rpcUrls, 'rpcUrls');
  if (rpcUrls.length === 0) bad('rpcUrls must name at least one RPC URL.');
  const currency = record(raw.nativeCurrency, 'nativeCurrency');
  const symbol = typeof currency.symbol === 'string' ? currency.symbol.trim().slice(0, 12) : '';
  if (!symbol) bad('nativeCurrency.symbol is missing.');
  if (currency.decimals !== 18) bad('nativeCurrency.decimals must be 18: EVM chains count their coin in 18 decimals.');
  const coinName = typeof currency.name === 'string' ? currency.name.trim().slice(0, 32) : symbol;
  return {
    chainId,
    chainName: name,
    rpcUrls,
    nativeCurrency: { name: coinName || symbol, symbol, decimals: 18 },
    blockExplorerUrls: urls(raw.blockExplorerUrls, 'blockExplorerUrls'),
  };
}
