import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
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
  // By position, not kept in step with the positions by an effect: words typed before such an
  // effect ran would be lost.
  const [answers, setAnswers] = useState<Readonly<Record<number, string>>>({});
  const [problem, setProblem] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const opened = drill.opened;
  const positions = opened?.positions ?? [];

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!drill.opened) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const result = await session.checkDrillWords(
        drill.opened.drillId,
        positions.map((p) => answers[p] ?? ''),
        Date.now(),
      );
      if (result.passed) onEnd('passed');
      else setProblem(result.problem);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={ui.stack} onSubmit={check} noValidate aria-labelledby="drill-heading">
      <h3 id="drill-heading">{t('settings:drill.phrase.title')}</h3>
      <p>{t('settings:drill.phrase.description')}</p>
      {positions.map((position) => (
        <Field key={position} label={t('settings:drill.word', { position: position + 1 })}>
          <SecretInput
            revealable={false}
            value={answers[position] ?? ''}
            onChange={(e) => setAnswers((a) => ({ ...a, [position]: e.target.value }))}
          />
        </Field>
      ))}
      <ErrorAlert message={problem ?? drill.error} />
      <DrillActions drill={drill} busy={busy} checkable={positions.length > 0} />
    </form>
  );
}
