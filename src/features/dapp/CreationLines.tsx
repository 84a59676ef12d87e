import { type Hex, size } from 'viem';
import { AddressText } from '@/components/AddressText';
import ui from '@/components/ui.module.css';
import type { CreationPreview } from '@/core/simulation/types';
import { useT } from '@/lib/i18n';

/**
 * A contract creation in a review's list of facts, in place of its To line: that it creates a
 * contract, the size of its init code, and what the preview on the person's node found: the
 * address the contract will be created at and the size of its code. `creation` undefined while
 * the preview is read (`failed`: it could not be, or found the creation reverts: the effects
 * panel says which).
 */
export function CreationLines({
  data,
  creation,
  failed,
}: {
  data: Hex;
  creation: CreationPreview | undefined;
  failed: boolean;
}) {
  const t = useT('dapp');
  // Nothing to show beside a failed preview: the effects panel says why.
  const unknown = t('dapp:facts.unknown');
  const pending = failed ? unknown : t('dapp:facts.workingOut');
  const shown = failed ? undefined : creation;
  const codeSize = shown?.codeSize;
  return (
    <>
      <dt>{t('dapp:creation.label')}</dt>
      <dd>
        <strong>{t('dapp:creation.creates')}</strong>
      </dd>
      <dt>{t('dapp:creation.initCode')}</dt>
      <dd>{t('dapp:creation.bytes', { count: size(data) })}</dd>
      <dt>{t('dapp:creation.createdAt')}</dt>
      <dd>
        {shown ? <AddressText address={shown.address} /> : pending}
        {shown && !shown.nonceKnown && <p className={ui.muted}>{t('dapp:creation.walletChoosesNonce')}</p>}
      </dd>
      <dt>{t('dapp:creation.runtimeCode')}</dt>
      <dd>
        {codeSize !== undefined ? t('dapp:creation.runtimeBytes', { count: codeSize }) : shown ? unknown : pending}
      </dd>
    </>
  );
}
