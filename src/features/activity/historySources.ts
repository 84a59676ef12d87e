import type { NativeSource } from '@/core/activity/activityStore';

/** What an account's history on a network is built from, in words, for the empty history. */
export function historySources(native: NativeSource): string {
  const parts = [
    'the token and NFT transfers your node’s logs record',
    native === 'scan'
      ? 'the local chain’s blocks (for its native coin)'
      : native === 'explorer'
        ? 'the transactions your explorer lists'
        : undefined,
    'Cairn’s own records of what you send',
  ].filter((part) => part !== undefined);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
