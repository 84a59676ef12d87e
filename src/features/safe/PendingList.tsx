import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { PendingSafeTx } from '@/core/safe/pendingSafeTx';
import type { SafeState } from '@/core/safe/readSafe';
import { useT } from '@/lib/i18n';
import { PendingCard } from './PendingCard';

/** The Safe transactions Cairn keeps for this Safe on this chain, newest first, each with what can be done. */
export function PendingList({
  network,
  state,
  kept,
}: {
  network: Network;
  state: SafeState;
  kept: readonly PendingSafeTx[];
}) {
  const t = useT('safe');
  return (
    <section className={ui.section} aria-labelledby="safe-pending-title">
      <h2 id="safe-pending-title">{t('safe:pending.title')}</h2>
      {kept.length === 0 ? (
        <p className={ui.muted}>{t('safe:pending.none')}</p>
      ) : (
        <ul className={`${ui.plainList} ${ui.stack}`}>
          {kept.map((pending) => (
            <PendingCard key={pending.safeTxHash} network={network} state={state} pending={pending} />
          ))}
        </ul>
      )}
    </section>
  );
}
