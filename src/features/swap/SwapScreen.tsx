import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import { canSign } from '@/core/accounts/signerKinds';
import { untrustedValue } from '@/core/i18n/message';
import { swapDeploymentFor } from '@/core/swap/swapNetwork';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useSelectedAccount } from '@/lib/vault/vault';
import { SwapForm } from './SwapForm';

/** Swap: Uniswap quotes read through the person's own node, then Send's review. No fee, no quote service. */
export function SwapScreen() {
  const t = useT('swap');
  const network = useSelectedNetwork();
  const deployment = swapDeploymentFor(network);
  const selected = useSelectedAccount();
  const watched = selected && !canSign(selected) ? selected : undefined;
  const held = useSendingHeld(network);
  return (
    <Screen title={t('swap:title')}>
      {!deployment ? (
        <p className={ui.noticeWarning}>
          <T id="swap:noUniswap" values={{ network: untrustedValue(network.name, 'name') }} />
        </p>
      ) : watched ? (
        <WatchOnlyNotice account={watched} task={t('swap:watchOnly.task')} />
      ) : held ? (
        <VerificationHold network={network} />
      ) : (
        <SwapForm network={network} deployment={deployment} />
      )}
      <section aria-labelledby="swap-privacy-title">
        <h2 id="swap-privacy-title">{t('swap:privacy.title')}</h2>
        <p>{t('swap:privacy.quotes')}</p>
        <p>{t('swap:privacy.noFee')}</p>
      </section>
    </Screen>
  );
}
