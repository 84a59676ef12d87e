import type { FormEvent } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { ShareCollector } from '@/components/shares/ShareCollector';
import { useEnteredShares } from '@/components/shares/useEnteredShares';
import ui from '@/components/ui.module.css';
import { msg } from '@/core/i18n/message';
import { recoveryProgress } from '@/core/keys/slip39/recovery';
import { type Share, shareToMnemonic } from '@/core/keys/slip39/share';
import type { ShareSplit } from '@/core/vault/shareSplits';
import { useT } from '@/lib/i18n';
import { useVaultSession } from '@/lib/vault/vault';
import { DrillActions, type DrillEnd, useOpenDrill } from './drillSession';

/**
 * A drill of a split: the person gathers a threshold of the guardians' shares and types them (or
 * reads their QR codes). Each is refused in place if it does not read or is not of this split; the
 * vault then checks they restore the secret. Nothing is stored until the drill passes or the
 * person ends it as failed.
 */
export function SharesDrill({
  secretId,
  split,
  restoresPhrase,
  onEnd,
}: {
  secretId: string;
  split: ShareSplit;
  /** The shares hold a recovery phrase (not a wallet made as shares). */
  restoresPhrase: boolean;
  onEnd: (end: DrillEnd) => void;
}) {
  const t = useT('settings');
  const session = useVaultSession();
  const drill = useOpenDrill(secretId, { kind: 'shares', splitId: split.id }, onEnd);
  const entered = useEnteredShares({
    refuse: (share) => (share.identifier === split.identifier ? undefined : msg('core.keys:drill.otherSplit')),
    onTaken: drill.clearProblem,
  });
  const { shares } = entered;
  const complete = recoveryProgress(shares)?.complete ?? false;

  const holder = (share: Share) =>
    split.guardians.find((g) => g.groupIndex === share.groupIndex && g.memberIndex === share.memberIndex)?.name;

  const check = (event: FormEvent) => {
    event.preventDefault();
    void drill.check((drillId) => session.checkDrillShares(drillId, shares.map(shareToMnemonic), Date.now()));
  };

  return (
    <form className={ui.stack} onSubmit={check} noValidate aria-labelledby="drill-heading">
      <h3 id="drill-heading">{t('settings:drill.shares.title')}</h3>
      <p>{t('settings:drill.shares.description', { restores: restoresPhrase ? 'phrase' : 'wallet' })}</p>
      <ShareCollector entered={entered} holder={holder} />
      <ErrorAlert message={drill.error} />
      <DrillActions drill={drill} checkable={complete} />
    </form>
  );
}
