import { type FormEvent, useId, useState } from 'react';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import {
  parseVerificationDraft,
  type VerificationDraft,
  type VerificationDraftErrors,
  verificationDraftOf,
} from '@/core/verify/verificationDraft';
import { LIGHT_CLIENT_CHAINS, type VerifyMode, verificationOf } from '@/core/verify/verificationSetting';
import { useT } from '@/lib/i18n';
import { useSession, useWhenStored } from '@/lib/stores/session';
import { useVerifier } from '@/lib/verify/verifierContext';

const MODES: readonly VerifyMode[] = ['off', 'balances', 'previews'];

/**
 * A network's proof checks, in Settings → Networks: what is checked, where the trusted header
 * comes from (every RPC URL agreeing, a pinned block, a light client through the person's beacon
 * API), and what the last check cost in requests and time, so the choice is made knowingly.
 */
export function NetworkVerification({ network }: { network: Network }) {
  const t = useT('settings');
  const stored = useSession((s) => s.verification);
  const setVerification = useSession((s) => s.setVerification);
  const whenStored = useWhenStored();
  const current = verificationOf(stored, network);
  const [draft, setDraft] = useState<VerificationDraft>(() => verificationDraftOf(current));
  const [errors, setErrors] = useState<VerificationDraftErrors>({});
  const [saved, setSaved] = useState(false);
  const name = useId();
  const cost = useVerifier().lastCheckCost(network);
  const lightClient = LIGHT_CLIENT_CHAINS.includes(network.chainId);
  const change = (patch: Partial<VerificationDraft>) => {
    setDraft({ ...draft, ...patch });
    setSaved(false);
  };
  const field = (key: 'pinNumber' | 'pinHash' | 'beaconUrl' | 'checkpoint') => ({
    value: draft[key],
    spellCheck: false,
    autoCapitalize: 'off',
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => change({ [key]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseVerificationDraft(draft, network);
    if (!parsed.choice) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setVerification(network.id, parsed.choice);
    setSaved(await whenStored());
  };

  return (
    <details>
      <summary>
        {t('settings:verify.title')}: {t(`settings:verify.state.${current.mode}`)}
      </summary>
      <form className={ui.stack} onSubmit={submit} noValidate aria-label={t('settings:verify.title')}>
        <fieldset className={ui.choices}>
          <legend>{t('settings:verify.mode.legend')}</legend>
          {MODES.map((mode) => (
            <label key={mode} className={ui.checkbox}>
              <input
                type="radio"
                name={`${name}-mode`}
                checked={draft.mode === mode}
                onChange={() => change({ mode })}
              />
              <span>{t(`settings:verify.mode.${mode}`)}</span>
            </label>
          ))}
        </fieldset>
        <fieldset
          className={ui.choices}
          aria-invalid={errors.trust ? true : undefined}
          aria-describedby={errors.trust ? `${name}-trust-error` : undefined}
        >
          <legend>{t('settings:verify.trust.legend')}</legend>
          <label className={ui.checkbox}>
            <input
              type="radio"
              name={`${name}-trust`}
              checked={draft.trust === 'agreement'}
              onChange={() => change({ trust: 'agreement' })}
            />
            <span>{t('settings:verify.trust.agreement')}</span>
          </label>
          {draft.trust === 'agreement' && network.rpcUrls.length < 2 && (
            <p className={ui.noticeWarning}>{t('settings:verify.trust.agreementOne')}</p>
          )}
          <label className={ui.checkbox}>
            <input
              type="radio"
              name={`${name}-trust`}
              checked={draft.trust === 'pinned'}
              onChange={() => change({ trust: 'pinned' })}
            />
            <span>{t('settings:verify.trust.pinned')}</span>
          </label>
          {lightClient && (
            <label className={ui.checkbox}>
              <input
                type="radio"
                name={`${name}-trust`}
                checked={draft.trust === 'lightClient'}
                onChange={() => change({ trust: 'lightClient' })}
              />
              <span>{t('settings:verify.trust.lightClient')}</span>
            </label>
          )}
          {errors.trust && (
            <p id={`${name}-trust-error`} className={ui.noticeWarning}>
              <T message={errors.trust} />
            </p>
          )}
        </fieldset>
        {draft.trust === 'pinned' && (
          <>
            <Field
              label={t('settings:verify.pin.number')}
              hint={t('settings:verify.pin.hint')}
              error={errors.pinNumber}
            >
              <input type="text" inputMode="numeric" {...field('pinNumber')} />
            </Field>
            <Field label={t('settings:verify.pin.hash')} error={errors.pinHash}>
              <input type="text" {...field('pinHash')} />
            </Field>
          </>
        )}
        {draft.trust === 'lightClient' && (
          <>
            <Field
              label={t('settings:verify.beacon.url')}
              hint={t('settings:verify.beacon.urlHint')}
              error={errors.beaconUrl}
            >
              <input type="url" {...field('beaconUrl')} />
            </Field>
            <Field label={t('settings:verify.beacon.checkpoint')} error={errors.checkpoint}>
              <input type="text" {...field('checkpoint')} />
            </Field>
          </>
        )}
        <p className={ui.muted}>
          {cost
            ? t('settings:verify.cost', {
                requests: String(cost.requests),
                ms: cost.ms.toFixed(0),
                readMs: cost.readMs === undefined ? '—' : cost.readMs.toFixed(0),
              })
            : t('settings:verify.costNone')}{' '}
          {t('settings:verify.costBudget')}
        </p>
        <div className={ui.actions}>
          <button type="submit">{t('settings:verify.save')}</button>
          {saved && <span role="status">{t('settings:verify.saved')}</span>}
        </div>
      </form>
    </details>
  );
}
