import { useEffect, useRef, useState } from 'react';
import type { Message } from '@/core/i18n/message';
import { addShare } from '@/core/keys/slip39/recovery';
import { parseShare, type Share } from '@/core/keys/slip39/share';
import { errorMessage } from '@/lib/i18n/errorMessages';

export type EnteredShares = {
  shares: readonly Share[];
  /** Takes a share's text; returns the sentence refusing it, if it is refused (nothing changes). */
  add(text: string): Message | string | undefined;
  remove(index: number): void;
};

/**
 * Shares entered one at a time, each checked against those before it (see `addShare`) and, if
 * given, by `refuse` (a sentence when the share is not wanted); `onTaken` hears of each share
 * taken (a sentence about the shares before it may no longer hold). Share values are secret: one
 * refused, one removed, and all of them when the form goes away are zero-filled.
 */
export function useEnteredShares(
  options: { refuse?: (share: Share) => Message | undefined; onTaken?: () => void } = {},
): EnteredShares {
  const { refuse, onTaken } = options;
  const [shares, setShares] = useState<readonly Share[]>([]);
  const held = useRef(shares);
  held.current = shares;
  useEffect(
    () => () => {
      for (const share of held.current) share.value.fill(0);
    },
    [],
  );

  return {
    shares,
    add(text) {
      let share: Share | undefined;
      try {
        share = parseShare(text);
        const refusal = refuse?.(share);
        if (refusal) {
          share.value.fill(0);
          return refusal;
        }
        setShares(addShare(shares, share));
        onTaken?.();
        return undefined;
      } catch (e) {
        share?.value.fill(0);
        return errorMessage(e);
      }
    },
    remove(index) {
      shares[index]?.value.fill(0);
      setShares(shares.filter((_, i) => i !== index));
    },
  };
}
