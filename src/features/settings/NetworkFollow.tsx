import { useId } from 'react';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useFollowedNetworks, useSession } from '@/lib/stores/session';

/**
 * Whether Cairn follows a network: reads it for Home's total, beside the others, through its own
 * RPC URLs. The last followed network cannot be left, so Home always shows one.
 */
export function NetworkFollow({ network }: { network: Network }) {
  const t = useT('settings');
  const followed = useFollowedNetworks();
  const follow = useSession((s) => s.followNetwork);
  const unfollow = useSession((s) => s.unfollowNetwork);
  const following = followed.some((n) => n.id === network.id);
  const last = following && followed.length === 1;
  const noteId = useId();
  return (
    <>
      <label className={ui.checkbox}>
        <input
          type="checkbox"
          checked={following}
          disabled={last}
          aria-describedby={last ? noteId : undefined}
          onChange={(event) => (event.target.checked ? follow(network.id) : unfollow(network.id))}
        />
        <span>{t('settings:networks.follow', { name: untrustedValue(network.name, 'name') })}</span>
      </label>
      {last && (
        <p id={noteId} className={ui.muted}>
          {t('settings:networks.followLast')}
        </p>
      )}
    </>
  );
}
