import { SafeFactsList } from '@/components/safe/SafeFactsList';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { SafeState } from '@/core/safe/readSafe';
import { useT } from '@/lib/i18n';

/** The Safe's facts on its screen, under their heading (SafeFactsList). */
export function SafeFacts({
  network,
  state,
  unknownCode,
}: {
  network: Network;
  state: SafeState;
  unknownCode: boolean;
}) {
  const t = useT('safe');
  return (
    <section className={ui.section} aria-labelledby="safe-facts-title">
      <h2 id="safe-facts-title">{t('safe:facts.title')}</h2>
      <SafeFactsList network={network} state={state} unknownCode={unknownCode} ownersId="safe-owners-title" />
    </section>
  );
}
