import { checkedSetting } from '../errors/settings';
import type { SyncedSetting } from '../settingDeclaration';
import { isRecord } from '../text/guards';
import type { MediaSettings } from './nftLinks';

export const DEFAULT_NFT_MEDIA: MediaSettings = { ipfsGateway: undefined, allowWeb: false };

function isMediaSettings(value: unknown): value is MediaSettings {
  return (
    isRecord(value) &&
    (value.ipfsGateway === undefined || typeof value.ipfsGateway === 'string') &&
    typeof value.allowWeb === 'boolean'
  );
}

/** Where NFT media may be loaded from (nothing by default). */
export const nftMediaSetting = {
  key: 'nftMedia' as const,
  initial: DEFAULT_NFT_MEDIA,
  read: (stored: unknown): MediaSettings => checkedSetting('nftMedia', stored, isMediaSettings),
  actions: (change: (fn: (media: MediaSettings) => MediaSettings) => void) => ({
    setNftMedia(media: MediaSettings): void {
      change(() => media);
    },
  }),
} satisfies SyncedSetting<'nftMedia', MediaSettings, object>;
