import { Field } from '@/components/Field';
import { SafeFactsList } from '@/components/safe/SafeFactsList';
import type { Network } from '@/core/chain/networks';
import type { SafeState } from '@/core/safe/readSafe';
import { MAX_ACCOUNT_NAME_LENGTH } from '@/core/vault/accountEdits';
import { useT } from '@/lib/i18n';
import { StepForm } from './StepForm';

/**
 * The Safe as its node says it is, before it is added: address, network, version (or that its
 * code is unknown), how many owners must confirm, its nonce, its owners (the person's own named),
 * and what can act outside the owners' confirmations; then the name to give it.
 */
export function SafeFoundStep({
  network,
  state,
  name,
  onName,
  onContinue,
  onBack,
}: {
  network: Network;
  state: SafeState;
  name: string;
  onName: (name: string) => void;
  onContinue: () => void;
  onBack: () => void;
}) {
  const t = useT('onboarding');
  return (
    <StepForm title={t('onboarding:safe.found.title')} onContinue={onContinue} onBack={onBack}>
      <SafeFactsList network={network} state={state} unknownCode={false} ownersId="safe-found-owners" />
      <Field label={t('onboarding:safe.nameLabel')}>
        <input type="text" value={name} maxLength={MAX_ACCOUNT_NAME_LENGTH} onChange={(e) => onName(e.target.value)} />
      </Field>
    </StepForm>
  );
}
