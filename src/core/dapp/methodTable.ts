// The one table of the dApp methods Cairn knows: for each, where it is answered, its params parser,
// its answer from the site's grant, whether the person is asked, whether it is pinned to the site's
// network, whether it sends, the connector's refresh from the chain, and the errors it can end with.
// Cairn's window answers from it (connection.ts, arrivalRefusals.ts, ApprovalQueue.tsx),
// personRequestOf reads params through it, and the docs' method table is checked against it
// (scripts/lint/dappMethodsDocs.test.ts). The connector answers from the parts it ships: request.ts
// (the names by where they are answered), siteAnswers.ts and rareSiteAnswers.ts (the answers from
// the grant, which the window gives alike, and the refresh).
import { PERSON_PARAMS, type PersonReader } from './personParams';
import {
  ATOMIC_UPGRADE_REJECTED,
  ATOMICITY_NOT_SUPPORTED,
  BATCH_TOO_LARGE,
  CHAIN_DISCONNECTED,
  DUPLICATE_ID,
  INTERNAL,
  INVALID_PARAMS,
  type ProviderError,
  type ProviderErrorCode,
  providerError,
  UNAUTHORIZED,
  UNKNOWN_BUNDLE_ID,
  UNRECOGNIZED_CHAIN,
  UNSUPPORTED_CAPABILITY,
  UNSUPPORTED_CHAIN_ID,
  UNSUPPORTED_METHOD,
  USER_REJECTED,
} from './providerErrors';
import { noSiteChainError, RARE_SITE_ANSWERS, SITE_REFRESHES, type SiteRefresher } from './rareSiteAnswers';
import type { DappMethod, GrantedMethod, PersonMethod, ReadMethod, RefusedMethod } from './request';
import { SITE_ANSWERS, type SiteAnswer, type SiteView } from './siteAnswers';

/**
 * Where a method is answered: by the connector on the site's page from its copy of the grant (its
 * answer is the table's, which the window gives alike), in Cairn's window, by the read node, or
 * refused by both.
 */
export type MethodWhere = 'connector' | 'window' | 'node' | 'refused';

/** Whether the person is asked: always, never, or unless the site's grant answers it. */
export type MethodPerson = 'always' | 'never' | 'unless granted';

/** What the window knows of the site beyond what the connector does. */
export type WindowView = SiteView & {
  /** Drops the site's permission (wallet_revokePermissions). */
  revoke(): void;
};

/** Where each method is answered, as the connector's lists in request.ts say (the table must agree). */
type Slots = { [M in PersonMethod]: { where: 'window'; params: PersonReader<M> } } & {
  [M in GrantedMethod]: { where: 'connector'; params: never };
} & { [M in ReadMethod]: { where: 'node'; params: never } } & {
  [M in RefusedMethod]: { where: 'refused'; params: never };
};

export type MethodEntry<M extends KnownMethod = KnownMethod> = {
  where: Slots[M]['where'];
  person: MethodPerson;
  /** Reads and checks the params of a request for the person (throws ParamsError). */
  params?: Slots[M]['params'];
  /** Its answer from the grant, given at once; undefined: it goes on to the person. */
  answer?: (view: WindowView, params: readonly unknown[]) => SiteAnswer | undefined;
  /**
   * Kept on the site's network as it was when the request came (its meaning depends on the chain):
   * shown and answered there only, refused if the site leaves it meanwhile or is stranded on a chain
   * Cairn does not have (arrivalRefusals.ts, connection.ts).
   */
  pinned: boolean;
  /** Sends a transaction: held while proofs contradict the network's node (ApprovalQueue.tsx). */
  sends: boolean;
  /**
   * What the connector brings up to date from the chain before answering, once Cairn's window is
   * closed: an entry of SITE_REFRESHES (rareSiteAnswers.ts), which the connector ships and reads
   * itself (the table stays out of connect.js); methodTable.test.ts holds the two equal.
   */
  refresh?: SiteRefresher;
  /** What the window answers when `answer` gives none and the person is never asked. */
  unanswered?: (method: string) => ProviderError;
  /**
   * The EIP-1193, EIP-1474 and EIP-5792 errors it can end with, beyond those any request can meet
   * (-32600 and -32602 for its shape, -32005, 4900 and -32603).
   */
  errors: readonly ProviderErrorCode[];
};

export type KnownMethod = DappMethod | RefusedMethod;

const SIGN_ERRORS = [USER_REJECTED, UNAUTHORIZED, CHAIN_DISCONNECTED, INVALID_PARAMS] as const;
/** Where a method stands to the chain: pinned to the site's network, and sending a transaction. */
const UNPINNED = { pinned: false, sends: false } as const;
const PINNED = { pinned: true, sends: false } as const;
const PINNED_SENDING = { pinned: true, sends: true } as const;
const person = <M extends PersonMethod>(
  method: M,
  errors: readonly ProviderErrorCode[],
  onChain: { pinned: boolean; sends: boolean } = UNPINNED,
): MethodEntry<M> =>
  ({ where: 'window', person: 'always', params: PERSON_PARAMS[method], errors, ...onChain }) as MethodEntry<M>;
const read = {
  where: 'node',
  person: 'never',
  ...UNPINNED,
  // The connector reads the chain itself; Cairn's window reads nothing for a site.
  unanswered: (method: string) =>
    providerError('unsupportedMethod', `Ask ${method} of the connector: it reads the chain itself.`),
  errors: [CHAIN_DISCONNECTED],
} as const;
const refused = { where: 'refused', person: 'never', ...UNPINNED, errors: [UNSUPPORTED_METHOD] } as const;

export const METHOD_TABLE: { readonly [M in KnownMethod]: MethodEntry<M> } = {
  eth_requestAccounts: {
    ...person('eth_requestAccounts', [USER_REJECTED]),
    // Already connected: EIP-1102 answers with the accounts, asking nobody.
    person: 'unless granted',
    answer: (view) => {
      const accounts = view.grant()?.accounts ?? [];
      return accounts.length > 0 ? { result: accounts } : undefined;
    },
  },
  wallet_requestPermissions: person('wallet_requestPermissions', [USER_REJECTED, INVALID_PARAMS]),
  wallet_revokePermissions: {
    where: 'window',
    person: 'never',
    ...UNPINNED,
    answer: (view) => {
      view.revoke();
      return { result: null };
    },
    errors: [],
  },
  personal_sign: person('personal_sign', SIGN_ERRORS, PINNED),
  eth_signTypedData_v4: person('eth_signTypedData_v4', SIGN_ERRORS, PINNED),
  eth_signTypedData_v3: person('eth_signTypedData_v3', SIGN_ERRORS, PINNED),
  // A call, or without `to` a contract creation; -32602 only for params that are really invalid (no
  // `to` and no init code, data not hex bytes, a chainId other than the site's) and for a call to
  // the sending account itself (ownAccountCalls.ts, as for wallet_sendCalls' calls).
  eth_sendTransaction: person('eth_sendTransaction', [...SIGN_ERRORS, INTERNAL], PINNED_SENDING),
  wallet_switchEthereumChain: {
    ...person('wallet_switchEthereumChain', [USER_REJECTED, UNAUTHORIZED, UNRECOGNIZED_CHAIN, INVALID_PARAMS]),
    person: 'unless granted',
    answer: SITE_ANSWERS.wallet_switchEthereumChain,
  },
  wallet_addEthereumChain: person('wallet_addEthereumChain', [USER_REJECTED, UNAUTHORIZED, INVALID_PARAMS]),
  wallet_watchAsset: person('wallet_watchAsset', [USER_REJECTED, CHAIN_DISCONNECTED, INVALID_PARAMS], PINNED),
  wallet_sendCalls: person(
    'wallet_sendCalls',
    [
      ...SIGN_ERRORS,
      INTERNAL,
      UNSUPPORTED_CAPABILITY,
      UNSUPPORTED_CHAIN_ID,
      DUPLICATE_ID,
      BATCH_TOO_LARGE,
      ATOMIC_UPGRADE_REJECTED,
      ATOMICITY_NOT_SUPPORTED,
    ],
    PINNED_SENDING,
  ),
  eth_accounts: { where: 'connector', person: 'never', ...UNPINNED, answer: SITE_ANSWERS.eth_accounts, errors: [] },
  eth_chainId: {
    where: 'connector',
    person: 'never',
    ...UNPINNED,
    answer: SITE_ANSWERS.eth_chainId,
    unanswered: noSiteChainError,
    errors: [UNAUTHORIZED],
  },
  net_version: {
    where: 'connector',
    person: 'never',
    ...UNPINNED,
    answer: SITE_ANSWERS.net_version,
    unanswered: noSiteChainError,
    errors: [UNAUTHORIZED],
  },
  wallet_getPermissions: {
    where: 'connector',
    person: 'never',
    ...UNPINNED,
    answer: RARE_SITE_ANSWERS.wallet_getPermissions,
    errors: [],
  },
  wallet_getCapabilities: {
    where: 'connector',
    person: 'never',
    ...UNPINNED,
    answer: RARE_SITE_ANSWERS.wallet_getCapabilities,
    errors: [UNAUTHORIZED],
  },
  wallet_getCallsStatus: {
    where: 'connector',
    person: 'never',
    ...UNPINNED,
    answer: RARE_SITE_ANSWERS.wallet_getCallsStatus,
    refresh: SITE_REFRESHES.wallet_getCallsStatus,
    errors: [UNKNOWN_BUNDLE_ID],
  },
  eth_blockNumber: read,
  eth_call: read,
  eth_estimateGas: read,
  eth_feeHistory: read,
  eth_gasPrice: read,
  eth_getBalance: read,
  eth_getBlockByHash: read,
  eth_getBlockByNumber: read,
  eth_getCode: read,
  eth_getLogs: read,
  eth_getStorageAt: read,
  eth_getTransactionByHash: read,
  eth_getTransactionCount: read,
  eth_getTransactionReceipt: read,
  eth_maxPriorityFeePerGas: read,
  eth_sign: refused,
  eth_getEncryptionPublicKey: refused,
  eth_decrypt: refused,
};

/** Every method the table knows, in its order. */
export const KNOWN_METHODS = Object.keys(METHOD_TABLE) as KnownMethod[];

/** Whether `method` is kept on the site's network as it was when the request came (the table's `pinned`). */
export const isPinned = (method: KnownMethod): boolean => METHOD_TABLE[method].pinned;

/** Whether `method` sends a transaction (the table's `sends`). */
export const sendsTransaction = (method: KnownMethod): boolean => METHOD_TABLE[method].sends;

/** The entry of a known method (a name like `valueOf` finds nothing). */
export function methodEntry(method: string): MethodEntry | undefined {
  return Object.hasOwn(METHOD_TABLE, method) ? (METHOD_TABLE[method as KnownMethod] as MethodEntry) : undefined;
}
