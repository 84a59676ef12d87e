import { useState } from 'react';
import { Screen } from '@/components/Screen';
import { ShareHandout } from '@/components/shares/ShareHandout';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { currentSplit, type SplitRequest } from '@/core/vault/shareSplits';
import type { MadeSplit } from '@/core/vault/vaultShares';
import type { SecretSummary } from '@/core/vault/vaultState';
import { useT } from '@/lib/i18n';
import { useVault, useVaultSession } from '@/lib/vault/vault';
import { secretTitle } from './backupWording';
import { GuardianList } from './GuardianList';
import { DrillInterval, SecretDrills } from './RecoveryDrills';
import { SplitForm } from './SplitForm';
import styles from './settings.module.css';

type Handout = { made: MadeSplit; request: SplitRequest };

/**
 * One phrase: its guardians, its drills, and the way to split it (again) and hand the shares out;
 * or a wallet made as shares: its guardians and the drills of its split.
 */
function PhraseRecovery({ secret }: { secret: SecretSummary }) {
  const t = useT('settings');
  const accounts = useVault((s) => s.accounts);
  const session = useVaultSession();
  const [splitting, setSplitting] = useState(false);
  const [handout, setHandout] = useState<Handout>();
  const wallet = secretTitle(secret, accounts, true);
  const titleId = `recovery-${secret.id}`;
  const hasSplit = currentSplit(secret.shareSplits) !== undefined;

  const made = (result: MadeSplit, request: SplitRequest) => {
    setHandout({ made: result, request });
    setSplitting(false);
  };

  return (
    <section className={ui.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        <T message={secretTitle(secret, accounts)} />
      </h2>
      {handout ? (
        <ShareHandout
          made={handout.made}
          request={handout.request}
          wallet={wallet}
          of={{ restores: 'phrase', language: secret.language, hasPassphrase: secret.hasPassphrase }}
          onHandedOut={(place) =>
            session.confirmShareHandedOut({ secretId: secret.id, splitId: handout.made.splitId, ...place })
          }
          onDone={() => setHandout(undefined)}
        />
      ) : (
        <>
          <GuardianList splits={secret.shareSplits} wallet={wallet} />
          {!splitting && <SecretDrills secret={secret} />}
          {secret.kind !== 'phrase' ? null : splitting ? (
            <>
              {hasSplit && <p className={ui.noticeWarning}>{t('settings:recovery.replaceNote')}</p>}
              <SplitForm secret={secret} onMade={made} onCancel={() => setSplitting(false)} />
            </>
          ) : (
            <div className={ui.actions}>
              <button type="button" onClick={() => setSplitting(true)}>
                {hasSplit ? t('settings:recovery.splitAgain') : t('settings:recovery.split')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Settings → Recovery: each recovery phrase's guardians and drills, splitting a phrase into shares
 * for guardians, and how often drills are asked for.
 */
export function RecoveryScreen() {
  const t = useT('settings');
  const secrets = useVault((s) => s.secrets);
  const phrases = secrets.filter((s) => s.kind === 'phrase' || (s.kind === 'masterSecret' && s.shareSplits.length > 0));
  return (
    <Screen title={t('settings:recovery.title')}>
      <p className={styles.intro}>{t('settings:recovery.intro')}</p>
      {phrases.length === 0 && <p>{t('settings:recovery.noPhrase')}</p>}
      {phrases.map((secret) => (
        <PhraseRecovery key={secret.id} secret={secret} />
      ))}
      {phrases.length > 0 && <DrillInterval />}
    </Screen>
  );
}
