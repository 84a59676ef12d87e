import { isAddress } from 'viem';
import { checkedItems, isListOf, type SettingsError, type SoundItems } from '../errors/settings';
import type { SyncedSetting } from '../settingDeclaration';
import { isRecord, isString } from '../text/guards';
import {
  EMPTY_NETWORK_CONFIG,
  type NetworkConfig,
  type NetworkEdit,
  withAllAccountReads,
  withFeeFamily,
  withoutNetwork,
  withSavedNetwork,
} from './networkConfig';
import { type FeeFamily, storedFeeFamily } from './networkFacts';
import type { Network, RpcSource } from './networks';

const isOptionalString = (value: unknown) => value === undefined || isString(value);
const isOptionalAddress = (value: unknown) =>
  value === undefined || (isString(value) && isAddress(value, { strict: false }));

const RPC_SOURCES = { local: true, preset: true, person: true, site: true, unrecorded: true } satisfies Record<
  RpcSource,
  true
>;
const isRpcSource = (value: unknown) => isString(value) && Object.hasOwn(RPC_SOURCES, value);

function isNetworkEdit(value: unknown): value is NetworkEdit {
  return (
    isRecord(value) &&
    isListOf(value.rpcUrls, isString) &&
    isOptionalString(value.explorerUrl) &&
    isOptionalString(value.wsUrl)
  );
}

/** A custom network as stored, before its fee family is read (storedNetwork). */
type StoredCustomNetwork = Omit<Network, 'feeFamily'> & { feeFamily?: unknown; l1FeeOracle?: unknown };

const isOptionalChainId = (value: unknown) =>
  value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value > 0);

/**
 * A custom network as stored: every field of Network (older ones lack `rpcFrom`, see
 * resolveNetworks; those saved before them lack `ensUniversalResolver`; those saved before fee
 * families name an OP Stack oracle as `l1FeeOracle`, or nothing: see storedFeeFamily).
 */
function isCustomNetwork(value: unknown): value is StoredCustomNetwork {
  if (!isRecord(value) || !isRecord(value.nativeCurrency)) return false;
  const currency = value.nativeCurrency;
  return (
    isString(value.id) &&
    value.kind === 'custom' &&
    isString(value.name) &&
    typeof value.chainId === 'number' &&
    isListOf(value.rpcUrls, isString) &&
    (value.rpcFrom === undefined || isRpcSource(value.rpcFrom)) &&
    isString(currency.name) &&
    isString(currency.symbol) &&
    typeof currency.decimals === 'number' &&
    isOptionalString(value.explorerUrl) &&
    isOptionalString(value.wsUrl) &&
    typeof value.testnet === 'boolean' &&
    typeof value.blockTimeMs === 'number' &&
    Number.isFinite(value.blockTimeMs) &&
    value.blockTimeMs > 0 &&
    isOptionalAddress(value.ensUniversalResolver) &&
    storedFeeFamily(value) !== undefined &&
    isOptionalChainId(value.parentChainId) &&
    (value.multicall === undefined ||
      (isRecord(value.multicall) && isString(value.multicall.address) && isAddress(value.multicall.address)))
  );
}

/** A stored custom network as Cairn uses it: `l1FeeOracle` of older records read as the OP Stack family. */
function storedNetwork(stored: StoredCustomNetwork): Network {
  const { l1FeeOracle: _old, feeFamily, ...rest } = stored;
  return { ...rest, feeFamily: storedFeeFamily({ feeFamily, l1FeeOracle: _old }) ?? { kind: 'unknown' } };
}

/** The network config as stored, its edits, custom networks and allowed reads each read item by item. */
function readNetworkConfig(stored: unknown, items: SoundItems): NetworkConfig | undefined {
  if (!isRecord(stored)) return undefined;
  const edits = items.record(stored.edits, (edit) => (isNetworkEdit(edit) ? edit : undefined));
  const custom = items.list(stored.custom, isCustomNetwork)?.map(storedNetwork);
  if (!edits || !custom) return undefined;
  if (stored.allAccountReads === undefined) return { edits, custom };
  const allAccountReads = items.list(stored.allAccountReads, isString);
  return allAccountReads && { edits, custom, allAccountReads };
}

/** Everything the person changed about networks (see core/chain/networkConfig). */
export const networkSetting = {
  key: 'networkConfig' as const,
  initial: EMPTY_NETWORK_CONFIG,
  read: (stored: unknown, dropped?: (error: SettingsError) => void): NetworkConfig =>
    checkedItems('networks', (items) => readNetworkConfig(stored, items), dropped),
  actions: (change: (fn: (config: NetworkConfig) => NetworkConfig) => void) => ({
    /** Saves a checked network (see verifyNetwork): an edit of a built-in, or a custom network. */
    saveNetwork(network: Network): void {
      change((config) => withSavedNetwork(config, network));
    },
    /** Removes a custom network, or resets a built-in one to its defaults. */
    removeNetwork(id: string): void {
      change((config) => withoutNetwork(config, id));
    },
    /**
     * Keeps the fee family read from a custom network's chain on its record (see withFeeFamily),
     * so a network saved before families were read is asked once, not in every window.
     */
    keepFeeFamily(networkId: string, chainId: number, family: FeeFamily): void {
      change((config) => withFeeFamily(config, networkId, chainId, family));
    },
    /** Allows (or stops) requests naming all accounts through a network whose RPC the person did not choose. */
    setAllAccountReads(networkId: string, allowed: boolean): void {
      change((config) => withAllAccountReads(config, networkId, allowed));
    },
  }),
} satisfies SyncedSetting<'networkConfig', NetworkConfig, object>;
