import { useEffect, useState } from 'react';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { verifyNetwork } from '@/core/chain/networkDraft';
import { planAddChain } from '@/core/dapp/addChain';
import type { AddChainParams } from '@/core/dapp/personRequests';
import { addChainRefusedError, notConnectedError } from '@/core/dapp/siteErrors';
import { withAddedNetwork, withSiteNetwork } from '@/core/dapp/sites';
import { SettingsError } from '@/core/errors/settings';
import { msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSession, useSessionStore } from '@/lib/stores/session';
import { ApprovalFrame } from './ApprovalFrame';
import styles from './dapp.module.css';
import { useSiteRequest } from './useSiteRequest';

/**
 * wallet_addEthereumChain (EIP-3085). A chain id the person already has is never replaced: the
 * site is offered their network. A new one is shown as the site describes it, and each RPC URL is
 * asked for its chain id before it is saved; the site then uses it (Cairn's window does not).
 */
export function AddChainApproval({ id, chain }: { id: number; chain: AddChainParams }) {
  const t = useT('dapp');
  const request = useSiteRequest(id);
  const networks = useSession((s) => s.networks);
  const saveNetwork = useSession((s) => s.saveNetwork);
  const updateSite = useSession((s) => s.updateSite);
  const store = useSessionStore();
  const { site, fail, approve } = request;
  // Planned once: saving the network changes `networks`, and the plan must not turn into "known".
  const [plan] = useState(() => planAddChain(chain, networks, () => crypto.randomUUID(), site?.networkId));
  // Also asked once: moving the site to the network is answered once stored, not by this.
  const [alreadyUsed] = useState(() => plan.kind === 'known' && site?.networkId === plan.network.id);
  useEffect(() => {
    if (!site) fail(notConnectedError('adding a network'));
    else if (plan.kind === 'refused') fail(addChainRefusedError(plan.reason));
    // EIP-3085: null when the chain is there; the site already uses it, so nothing to ask.
    else if (alreadyUsed) approve(null);
  }, [site, plan, alreadyUsed, fail, approve]);
  if (!site || plan.kind === 'refused' || alreadyUsed) return null;

  const switchSiteTo = (networkId: string) =>
    updateSite(site.origin, (stored) => (stored ? withSiteNetwork(stored, networkId) : stored));

  if (plan.kind === 'known') {
    const mine = plan.network;
    return (
      <ApprovalFrame
        title={t('dapp:addChain.knownTitle')}
        requestId={id}
        network={request.network}
        approveLabel={t('dapp:addChain.use', { name: untrustedValue(mine.name, 'name') })}
        onApprove={() => {
          switchSiteTo(mine.id);
          void request.approveOnceStored(null);
        }}
        onDecline={request.decline}
        busy={request.busy}
        error={request.error}
      >
        <p>
          <T
            id="dapp:addChain.known"
            values={{
              chainName: untrustedValue(chain.chainName, 'name'),
              chainId: String(chain.chainId),
              name: untrustedValue(mine.name, 'name'),
            }}
            tags={{ 0: <strong /> }}
          />
        </p>
      </ApprovalFrame>
    );
  }

  const planned = plan.network;
  const add = () =>
    request.run(async () => {
      // Checked, with its fee family read from the chain.
      const network = await verifyNetwork(planned);
      // The check took a moment: the site may have been disconnected, or the chain added elsewhere.
      if (!request.stillWaiting()) throw new SettingsError('SETTINGS_STORAGE_FAILED', msg('dapp:addChain.siteLeft'));
      const now = planAddChain(chain, store.getState().networks, () => network.id, site.networkId);
      if (now.kind === 'known') switchSiteTo(now.network.id);
      else {
        saveNetwork(network);
        updateSite(site.origin, (stored) => (stored ? withAddedNetwork(stored, network.id, network.rpcUrls) : stored));
      }
      // The site is told only once it is stored; a change that could not be is put back.
      await store.getState().whenSaved();
      return null;
    }, msg('dapp:addChain.nothingAdded'));
  return (
    <ApprovalFrame
      title={t('dapp:addChain.title')}
      requestId={id}
      network={request.network}
      approveLabel={request.busy ? t('dapp:addChain.checking') : t('dapp:addChain.approve')}
      onApprove={add}
      onDecline={request.decline}
      busy={request.busy}
      error={request.error}
    >
      <p>{t('dapp:addChain.intro')}</p>
      <dl className={styles.facts}>
        <dt>{t('dapp:addChain.name')}</dt>
        <dd>
          <UntrustedText text={planned.name} kind="name" />
        </dd>
        <dt>{t('dapp:addChain.chainId')}</dt>
        <dd>{planned.chainId}</dd>
        <dt>{t('dapp:addChain.currency')}</dt>
        <dd>
          <UntrustedText text={planned.nativeCurrency.symbol} kind="symbol" />
        </dd>
        <dt>{t('dapp:addChain.rpcUrls')}</dt>
        <dd>
          <ul className={ui.plainList}>
            {planned.rpcUrls.map((url) => (
              <li key={url}>
                <UntrustedText text={url} kind="whole" />
              </li>
            ))}
          </ul>
        </dd>
        {planned.explorerUrl && (
          <>
            <dt>{t('dapp:addChain.explorer')}</dt>
            <dd>
              <UntrustedText text={planned.explorerUrl} kind="whole" />
            </dd>
          </>
        )}
      </dl>
      <p className={ui.muted}>{t('dapp:addChain.afterwards')}</p>
    </ApprovalFrame>
  );
}
