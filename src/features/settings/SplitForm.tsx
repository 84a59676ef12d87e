import { type FormEvent, useState } from 'react';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { SchemeFields } from '@/components/shares/SchemeFields';
import {
  defaultDraft,
  nameProblems,
  type SchemeDraft,
  schemeProblem,
  toRequest,
} from '@/components/shares/splitScheme';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import type { SplitRequest } from '@/core/vault/shareSplits';
import type { MadeSplit } from '@/core/vault/vaultShares';
import type { SecretSummary } from '@/core/vault/vaultState';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';

/** The scheme, the guardians' names and the password; makes the shares in the vault. */
export function SplitForm({
  secret,
  onMade,
  onCancel,
}: {
  secret: SecretSummary;
  onMade(made: MadeSplit, request: SplitRequest): void;
  onCancel(): void;
}) {
  const t = useT('settings');
  const session = useVaultSession();
  const [draft, setDraft] = useState<SchemeDraft>(defaultDraft);
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const scheme = schemeProblem(draft, 'phrase');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setError(undefined);
    if (scheme || nameProblems(draft).flat().some(Boolean)) return;
    setBusy(true);
    try {
      const request = toRequest(draft);
      const made = await session.splitPhrase(secret.id, password, request);
      setPassword('');
      onMade(made, request);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={ui.stack} onSubmit={submit} noValidate>
      <SchemeFields
        draft={draft}
        onChange={setDraft}
        problems={attempted ? nameProblems(draft) : undefined}
        restores="phrase"
      />
      {secret.hasPassphrase && <p className={ui.noticeWarning}>{t('settings:recovery.passphraseNote')}</p>}
      <Field label={t('settings:recovery.password')} hint={t('settings:recovery.passwordHint')} error={error}>
        <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <div className={ui.actions}>
        <button type="submit" disabled={busy || scheme !== undefined}>
          {busy ? t('settings:recovery.making') : t('settings:recovery.make')}
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          {t('settings:recovery.cancel')}
        </button>
      </div>
    </form>
  );
}
