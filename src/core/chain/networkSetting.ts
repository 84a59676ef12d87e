import { checkedSetting, isListOf, isRecord, isRecordOf } from '../errors/settings';
import {
  EMPTY_NETWORK_CONFIG,
  type NetworkConfig,
  type NetworkEdit,
  withAllAccountReads,
  withoutNetwork,
  withSavedNetwork,
} from './networkConfig';
import type { Network } from './networks';

const isString = (value: unknown): value is string => typeof value === 'string';

function isNetworkEdit(value: unknown): value is NetworkEdit {
  return (
    isRecord(value) &&
    isListOf(value.rpcUrls, isString) &&
    (value.explorerUrl === undefined || typeof value.explorerUrl === 'string')
  );
}

/** A custom network as stored: what Cairn needs of it (older ones lack `rpcFrom`, see resolveNetworks). */
function isCustomNetwork(value: unknown): value is Network {
  if (!isRecord(value) || !isRecord(value.nativeCurrency)) return false;
  const currency = value.nativeCurrency;
  return (
    typeof value.id === 'string' &&
    value.kind === 'custom' &&
    typeof value.name === 'string' &&
    typeof value.chainId === 'number' &&
    isListOf(value.rpcUrls, isString) &&
    typeof currency.name === 'string' &&
    typeof currency.symbol === 'string' &&
    typeof currency.decimals === 'number'
  );
}

function isNetworkConfig(value: unknown): value is NetworkConfig {
  return (
    isRecord(value) &&
    isRecordOf(value.edits, isNetworkEdit) &&
    isListOf(value.custom, isCustomNetwork) &&
    (value.allAccountReads === undefined || isListOf(value.allAccountReads, isString))
  );
}

/** Everything the person changed about networks (see core/chain/networkConfig). */
export const networkSetting = {
  key: 'networkConfig' as const,
  initial: EMPTY_NETWORK_CONFIG,
  read: (stored: unknown): NetworkConfig => checkedSetting('networks', stored, isNetworkConfig),
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
};
