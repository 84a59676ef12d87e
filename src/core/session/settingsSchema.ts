import type { Contact } from '../addressBook/contact';
import type { MediaSettings } from '../assets/nftLinks';
import type { TokenInfo } from '../assets/token';
import type { NetworkConfig } from '../chain/networkConfig';
import type { SavedAbi } from '../contracts/decode/abiIndex';
import type { SitePermissions } from '../dapp/sites';
import type { ExplorerConfig } from '../explorer/config';
import type { StoredSafeTx } from '../safe/pendingSafeTx';
import type { VaultSettings } from '../vault/vaultSettings';
import type { VerificationSettings } from '../verify/verificationSetting';

/** Everything Cairn keeps in the (unencrypted) settings store. Nothing here is secret. */
export type SettingsSchema = VaultSettings & {
  selectedNetworkId: string;
  autoLockMinutes: number;
  /** Days between recovery drills, or 0 for none (core/vault/drillIntervalSetting.ts). */
  recoveryDrillDays: number;
  networkConfig: NetworkConfig;
  /** The networks Cairn follows, by network id (core/chain/followedNetworksSetting.ts). */
  followedNetworks: string[];
  /** Tokens the person added, per network id. */
  customTokens: Record<string, TokenInfo[]>;
  /** Lower-case addresses of tokens the person hid, per network id. */
  hiddenTokens: Record<string, string[]>;
  hideZeroBalances: boolean;
  /** Home lists holdings per account instead of per asset across accounts. */
  groupByAccount: boolean;
  addressBook: Contact[];
  /** The person's Etherscan-compatible explorer (base URL and their own key), per network id. */
  explorers: Record<string, ExplorerConfig>;
  /** Where NFT media may be loaded from (nothing by default). */
  nftMedia: MediaSettings;
  /** Contract ABIs the person saved, per network id, for decoding and contract calls. */
  savedAbis: Record<string, SavedAbi[]>;
  /** What each connected site may do, by origin. */
  dappSites: SitePermissions;
  /** The words the person chose to recognise Cairn's real dApp window by (empty: not chosen yet). */
  antiPhishingPhrase: string;
  /** Safe transactions proposed or imported, until executed or replaced (core/safe/safeTxSetting.ts). */
  safeTransactions: StoredSafeTx[];
  /** The language chosen in Settings: a locale tag Cairn ships, or 'browser' (follow the browser). */
  language: string;
  /** What is checked against proofs on each network, and where the trusted header comes from. */
  verification: VerificationSettings;
};
