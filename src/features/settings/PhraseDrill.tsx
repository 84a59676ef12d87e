import { type FormEvent, useState } from 'react';
import { AskedWords, answersAt, type WordAnswers } from '@/components/AskedWords';
import { ErrorAlert } from '@/components/ErrorAlert';
import ui from '@/components/ui.module.css';
import { useT } from '@/lib/i18n';
import { useVaultSession } from '@/lib/vault/vault';
import { DrillActions, type DrillEnd, useOpenDrill } from './drillSession';

/**
 * A drill of a recovery phrase: the person types the words at a few places Cairn chose, and the
 * vault checks them. A wrong word is named in place, what was typed is kept, and nothing is stored
 * until the drill passes or the person ends it as failed.
 */
export function PhraseDrill({ secretId, onEnd }: { secretId: string; onEnd: (end: DrillEnd) => void }) {
  const t = useT('settings');
  const session = useVaultSession();
  const drill = useOpenDrill(secretId, { kind: 'phrase' }, onEnd);
  const [answers, setAnswers] = useState<WordAnswers>({});
  const opened = drill.opened;
  const positions = opened?.positions ?? [];

  const check = (event: FormEvent) => {
    event.preventDefault();
    void drill.check((drillId) => session.checkDrillWords(drillId, answersAt(positions, answers), Date.now()));
  };

  return (
    <form className={ui.stack} onSubmit={check} noValidate aria-labelledby="drill-heading">
      <h3 id="drill-heading">{t('settings:drill.phrase.title')}</h3>
      <p>{t('settings:drill.phrase.description')}</p>
      <AskedWords positions={positions} answers={answers} onChange={setAnswers} />
      <ErrorAlert message={drill.error} />
      <DrillActions drill={drill} checkable={positions.length > 0} />
    </form>
  );
}
