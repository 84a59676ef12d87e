import { codedError, INVALID_PARAMS, INVALID_REQUEST, type ProviderError, UNSUPPORTED_METHOD } from './providerErrors';

/** The largest request a site may send, serialised: enough for any typed data or call batch people sign. */
export const MAX_REQUEST_BYTES = 256 * 1024;

/** Methods that need the person: they open (or use) the Cairn window. */
export const PERSON_METHODS = [
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'wallet_revokePermissions',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTypedData_v3',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_sendCalls',
] as const;

/** Methods answered from what the site was granted, with no window. */
export const GRANTED_METHODS = [
  'eth_accounts',
  'eth_chainId',
  'net_version',
  'wallet_getPermissions',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
] as const;

/** Chain reads passed to the RPC URLs the site was handed, with no window. */
export const READ_METHODS = [
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
] as const;

export type PersonMethod = (typeof PERSON_METHODS)[number];
export type GrantedMethod = (typeof GRANTED_METHODS)[number];
export type ReadMethod = (typeof READ_METHODS)[number];
export type DappMethod = PersonMethod | GrantedMethod | ReadMethod;

/** Methods refused outright, each with why (EIP-1193 4200). */
export const REFUSED_METHODS = {
  eth_sign: 'Cairn never signs raw hashes: one can hide any transaction. Use personal_sign or eth_signTypedData_v4.',
  eth_getEncryptionPublicKey: 'Deprecated: Cairn hands out no encryption keys.',
  eth_decrypt: 'Deprecated: Cairn decrypts nothing for sites.',
} as const;

export type RefusedMethod = keyof typeof REFUSED_METHODS;

/** A Map: a name like `valueOf` finds nothing. */
const REFUSED: ReadonlyMap<string, string> = new Map(Object.entries(REFUSED_METHODS));

const KNOWN = new Set<string>([...PERSON_METHODS, ...GRANTED_METHODS, ...READ_METHODS]);
const METHOD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** A site's request once its shape is checked: params always present (an array or an object). */
export type DappRequest = { method: DappMethod; params: readonly unknown[] | Readonly<Record<string, unknown>> };

export type ParsedRequest = { ok: true; request: DappRequest } | { ok: false; error: ProviderError };

const refuse = (error: ProviderError): ParsedRequest => ({ ok: false, error });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Checks what a site passed to `request()` before anything acts on it: a plain object with a
 * method name Cairn offers and params that are an array or an object, small enough and plain
 * JSON. Never throws: every refusal is an EIP-1193/1474 error with a sentence naming the problem.
 */
export function parseDappRequest(raw: unknown): ParsedRequest {
  if (!isPlainObject(raw)) return refuse(codedError(INVALID_REQUEST, 'A request is an object: { method, params }.'));
  const { method, params } = raw;
  if (typeof method !== 'string' || method === '')
    return refuse(codedError(INVALID_REQUEST, 'The request has no method name.'));
  const refused = REFUSED.get(method);
  if (refused !== undefined) return refuse(codedError(UNSUPPORTED_METHOD, refused));
  // A name that is not an identifier is never echoed back: it could be anything the site wants shown.
  if (!METHOD_NAME.test(method) || !KNOWN.has(method))
    return refuse(
      codedError(UNSUPPORTED_METHOD, `Cairn does not offer ${METHOD_NAME.test(method) ? method : 'that method'}.`),
    );
  if (params !== undefined && !Array.isArray(params) && !isPlainObject(params))
    return refuse(codedError(INVALID_PARAMS, `The params of ${method} must be an array or an object.`));
  let size: number;
  try {
    size = JSON.stringify(raw).length;
  } catch {
    return refuse(codedError(INVALID_PARAMS, `The params of ${method} are not plain JSON.`));
  }
  if (size > MAX_REQUEST_BYTES)
    return refuse(
      codedError(INVALID_REQUEST, `The request is too large: ${size} characters, at most ${MAX_REQUEST_BYTES}.`),
    );
  return { ok: true, request: { method: method as DappMethod, params: (params as DappRequest['params']) ?? [] } };
}
