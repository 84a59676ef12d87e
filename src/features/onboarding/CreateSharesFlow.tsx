import { useEffect, useRef, useState } from 'react';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { SchemeFields } from '@/components/shares/SchemeFields';
import { ShareHandout, type SharesToHand } from '@/components/shares/ShareHandout';
import {
  defaultDraft,
  nameProblems,
  type SchemeDraft,
  schemeProblem,
  toRequest,
} from '@/components/shares/splitScheme';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type Message, msg } from '@/core/i18n/message';
import type { MasterSecretLength } from '@/core/keys/slip39/walletShares';
import { newSplit, type ShareSplit, type SplitRequest, schemeOf, withHandedOut } from '@/core/vault/shareSplits';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { FinishStep } from './FinishStep';
import { firstAccountOf } from './firstAccount';
import { type PassphraseState, passphraseProblem } from './PassphraseChoice';
import { StepForm } from './StepForm';
import { StepHeading } from './StepHeading';
import type { FlowProps } from './types';

/** The shares made, their scheme with the guardians' names, and the guardian list as it grows. */
type Made = { shares: SharesToHand; request: SplitRequest; split: ShareSplit };

/**
 * A new wallet made as SLIP-0039 shares, as a Trezor makes a Shamir backup: a fresh master secret
 * (the wallet's BIP-32 seed), encrypted with the optional passphrase and split k of n among named
 * guardians. Each share is shown and checked by typing words back; then the wallet is saved with
 * its guardian list, never its shares. The master secret is zero-filled when the flow goes away.
 */
export function CreateSharesFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const [length, setLength] = useState<MasterSecretLength>(16);
  const [draft, setDraft] = useState<SchemeDraft>(defaultDraft);
  const [passphrase, setPassphrase] = useState<PassphraseState>({ enabled: false, value: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const [made, setMade] = useState<Made>();
  const [handing, setHanding] = useState(true);
  const masterSecret = useRef<Uint8Array>(undefined);
  useEffect(
    () => () => {
      masterSecret.current?.fill(0);
    },
    [],
  );
  const passphraseText = passphrase.enabled ? passphrase.value : '';

  const make = async () => {
    setAttempted(true);
    setError(undefined);
    if (schemeProblem(draft, 'wallet') || nameProblems(draft).flat().some(Boolean) || passphraseProblem(passphrase))
      return;
    setBusy(true);
    try {
      const request = toRequest(draft);
      const { newWalletShares } = await import('@/core/keys/slip39/walletShares');
      const wallet = await newWalletShares(length, passphraseText, schemeOf(request));
      const createdAt = Date.now();
      masterSecret.current?.fill(0);
      masterSecret.current = wallet.masterSecret;
      const split = newSplit(request, wallet.identifier, { id: crypto.randomUUID(), now: createdAt });
      setMade({ shares: { identifier: wallet.identifier, createdAt, shares: wallet.shares }, request, split });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (!made) {
    return (
      <StepForm
        title={t('onboarding:createShares.title')}
        description={t('onboarding:createShares.description')}
        error={error}
        onContinue={make}
        continueLabel={t('onboarding:createShares.continue')}
        busy={busy}
        busyLabel={t('onboarding:createShares.making')}
        onBack={onCancel}
      >
        <fieldset className={ui.choices}>
          <legend>{t('onboarding:createShares.strength.legend')}</legend>
          {([16, 32] as const).map((n) => (
            <label key={n} className={ui.checkbox}>
              <input type="radio" name="strength" checked={length === n} onChange={() => setLength(n)} />
              <span>
                {t(n === 16 ? 'onboarding:createShares.strength.bits128' : 'onboarding:createShares.strength.bits256')}
              </span>
            </label>
          ))}
        </fieldset>
        <SchemeFields
          draft={draft}
          onChange={setDraft}
          problems={attempted ? nameProblems(draft) : undefined}
          restores="wallet"
        />
        <label className={ui.checkbox}>
          <input
            type="checkbox"
            checked={passphrase.enabled}
            onChange={(e) => setPassphrase({ ...passphrase, enabled: e.target.checked })}
          />
          <span>{t('onboarding:createShares.passphrase.use')}</span>
        </label>
        {passphrase.enabled && (
          <PassphraseFields value={passphrase} onChange={setPassphrase} showProblems={attempted} />
        )}
      </StepForm>
    );
  }

  if (handing) {
    return (
      <div className={ui.stack}>
        <StepHeading>{t('onboarding:createShares.handout.title')}</StepHeading>
        <p>{t('onboarding:createShares.handout.description')}</p>
        <ShareHandout
          made={made.shares}
          request={made.request}
          wallet={msg('onboarding:createShares.walletName')}
          of={{ restores: 'wallet', hasPassphrase: passphraseText !== '' }}
          onHandedOut={(place) =>
            setMade((m) => m && { ...m, split: withHandedOut(m.split, place, Date.now()) ?? m.split })
          }
          onDone={() => {
            // Every share is with its guardian now: their words need not stay in the page.
            setMade((m) => m && { ...m, shares: { ...m.shares, shares: [] } });
            setHanding(false);
          }}
        />
      </div>
    );
  }

  const count = made.split.guardians.length;
  return (
    <FinishStep
      mode={mode}
      onDone={onDone}
      summary={
        <T
          id={passphraseText ? 'onboarding:createShares.summaryWithPassphrase' : 'onboarding:createShares.summary'}
          values={{ count }}
        />
      }
      prepare={async () => {
        const seed = masterSecret.current;
        if (!seed) throw new Error('no master secret');
        const account = firstAccountOf(seed);
        return {
          secret: {
            kind: 'masterSecret',
            masterSecret: seed.slice(),
            passphrase: new TextEncoder().encode(passphraseText),
            origin: 'created',
            backedUp: true,
            shareSplits: [made.split],
          },
          accounts: [account],
        };
      }}
    />
  );
}

/** The passphrase, typed twice (it is part of the wallet and cannot be checked later). */
function PassphraseFields(props: {
  value: PassphraseState;
  onChange(next: PassphraseState): void;
  showProblems: boolean;
}) {
  const t = useT('onboarding');
  const { value } = props;
  const problem = props.showProblems ? passphraseProblem(value) : undefined;
  return (
    <>
      <p className={ui.noticeDanger}>{t('onboarding:createShares.passphrase.warning')}</p>
      <Field label={t('onboarding:passphrase.label')} error={problem && !value.value ? problem : undefined}>
        <SecretInput value={value.value} onChange={(e) => props.onChange({ ...value, value: e.target.value })} />
      </Field>
      <Field label={t('onboarding:passphrase.confirmLabel')} error={problem && value.value ? problem : undefined}>
        <SecretInput value={value.confirm} onChange={(e) => props.onChange({ ...value, confirm: e.target.value })} />
      </Field>
    </>
  );
}
