import { ASSET_ERROR_CODES, type AssetErrorCode } from './assets';
import { CHAIN_ERROR_CODES, type ChainErrorCode } from './chain';
import { DAPP_ERROR_CODES, type DappErrorCode } from './dapp';
import { DEVICE_ERROR_CODES, type DeviceErrorCode } from './device';
import { EXPLORER_ERROR_CODES, type ExplorerErrorCode } from './explorer';
import { INPUT_ERROR_CODES, type InputErrorCode } from './input';
import { KEY_ERROR_CODES, type KeyErrorCode } from './keys';
import { OFFLINE_ERROR_CODES, type OfflineErrorCode } from './offline';
import { SAFE_ERROR_CODES, type SafeErrorCode } from './safe';
import { SETTINGS_ERROR_CODES, type SettingsErrorCode } from './settings';
import { SHARE_ERROR_CODES, type ShareErrorCode } from './shares';
import { SIMULATION_ERROR_CODES, type SimulationErrorCode } from './simulation';
import { SMART_ACCOUNT_ERROR_CODES, type SmartAccountErrorCode } from './smartAccount';
import { SWAP_ERROR_CODES, type SwapErrorCode } from './swap';
import { TX_ERROR_CODES, type TxErrorCode } from './tx';
import { VAULT_ERROR_CODES, type VaultErrorCode } from './vault';
import { VERIFY_ERROR_CODES, type VerifyErrorCode } from './verify';
import { WALLET_ERROR_CODES, type WalletErrorCode } from './wallet';

/** Every code a CairnError can carry: the UI's wording table (lib/i18n/errorMessages.ts) is keyed by it. */
export type ErrorCode =
  | ChainErrorCode
  | TxErrorCode
  | OfflineErrorCode
  | InputErrorCode
  | KeyErrorCode
  | ShareErrorCode
  | VaultErrorCode
  | AssetErrorCode
  | SettingsErrorCode
  | ExplorerErrorCode
  | SimulationErrorCode
  | SmartAccountErrorCode
  | SafeErrorCode
  | SwapErrorCode
  | VerifyErrorCode
  | DeviceErrorCode
  | WalletErrorCode
  | DappErrorCode;

/** Every code, listed: tests walk it to check that each one has wording. */
export const ERROR_CODES = [
  ...CHAIN_ERROR_CODES,
  ...TX_ERROR_CODES,
  ...OFFLINE_ERROR_CODES,
  ...INPUT_ERROR_CODES,
  ...KEY_ERROR_CODES,
  ...SHARE_ERROR_CODES,
  ...VAULT_ERROR_CODES,
  ...ASSET_ERROR_CODES,
  ...SETTINGS_ERROR_CODES,
  ...EXPLORER_ERROR_CODES,
  ...SIMULATION_ERROR_CODES,
  ...SMART_ACCOUNT_ERROR_CODES,
  ...SAFE_ERROR_CODES,
  ...SWAP_ERROR_CODES,
  ...VERIFY_ERROR_CODES,
  ...DEVICE_ERROR_CODES,
  ...WALLET_ERROR_CODES,
  ...DAPP_ERROR_CODES,
] as const;

/** Does not compile while a code of ErrorCode is missing from ERROR_CODES (its type names the missing codes). */
type Unlisted = Exclude<ErrorCode, (typeof ERROR_CODES)[number]>;
export const EVERY_CODE_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;
