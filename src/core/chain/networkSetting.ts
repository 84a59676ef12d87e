import { isAddress } from 'viem';
import { checkedItems, isListOf, type SettingsError, type SoundItems } from '../errors/settings';
import type { SyncedSetting } from '../settingDeclaration';
import { isRecord, isString } from '../text/guards';
import {
  EMPTY_NETWORK_CONFIG,
  type NetworkConfig,
  type NetworkEdit,
  withAllAccountReads,
  withoutNetwork,
  withSavedNetwork,
} from './networkConfig';
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

/**
 * A custom network as stored: every field of Network (older ones lack `rpcFrom`, see
 * resolveNetworks, and those saved before them lack `ensUniversalResolver` and `l1FeeOracle`).
 */
function isCustomNetwork(value: unknown): value is Network {
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
    isOptionalAddress(value.l1FeeOracle)
  );
}

/** The network config as stored, its edits, custom networks and allowed reads each read item by item. */
function readNetworkConfig(stored: unknown, items: SoundItems): NetworkConfig | undefined {
  if (!isRecord(stored)) return undefined;
  const edits = items.record(stored.edits, (edit) => (isNetworkEdit(edit) ? edit : undefined));
  const custom = items.list(stored.custom, isCustomNetwork);
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
    /** Allows (or stops) requests naming all accounts through a network whose RPC the person did not choose. */
    setAllAccountReads(networkId: string, allowed: boolean): void {
      change((config) => withAllAccountReads(config, networkId, allowed));
    },
  }),
} satisfies SyncedSetting<'networkConfig', NetworkConfig, object>;
