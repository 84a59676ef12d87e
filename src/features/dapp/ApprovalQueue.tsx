import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useSendingHeld, VerificationHold } from '@/components/VerificationHold';
import type { PendingRequest } from '@/core/dapp/connection';
import { sendsTransaction } from '@/core/dapp/methodTable';
import type { DappCall } from '@/core/dapp/personParams';
import { siteFor } from '@/core/dapp/sites';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useVaultAccount } from '@/lib/vault/vault';
import { AddChainApproval } from './AddChainApproval';
import { ConnectApproval } from './ConnectApproval';
import styles from './dapp.module.css';
import { useDappConnection } from './dappContext';
import { MessageApproval } from './MessageApproval';
import { OwnAccountCallGuard } from './OwnAccountCallGuard';
import { SafeTransactionApproval } from './SafeTransactionApproval';
import { SendCallsApproval } from './SendCallsApproval';
import { SwitchChainApproval } from './SwitchChainApproval';
import { TransactionApproval } from './TransactionApproval';
import { TypedDataApproval } from './TypedDataApproval';
import { WatchAssetApproval } from './WatchAssetApproval';

/** The site's requests, first come first shown, one at a time. */
export function ApprovalQueue() {
  const t = useT('dapp');
  const connection = useDappConnection();
  const first = useStore(connection.store, (s) => s.pending[0]);
  const notice = useStore(connection.store, (s) => s.notice);
  const siteNetworkId = useSession((s) => siteFor(s.dappSites, connection.origin)?.networkId);
  const selectNetwork = useSession((s) => s.selectNetwork);
  useEffect(() => {
    // In this window the selected network is the site's own (and is not remembered for Cairn's windows).
    if (siteNetworkId) selectNetwork(siteNetworkId);
  }, [siteNetworkId, selectNetwork]);
  if (!first && notice)
    return (
      <section className={styles.window} aria-labelledby="notice-title">
        <h1 id="notice-title">{t('dapp:calls.stoppedTitle')}</h1>
        <p role="status">{notice}</p>
        <button type="button" onClick={() => window.close()}>
          {t('dapp:close')}
        </button>
      </section>
    );
  if (!first) return <p role="status">{t('dapp:queue.waiting')}</p>;
  return <Approval key={first.id} pending={first} />;
}

function Approval({ pending }: { pending: PendingRequest }) {
  const { id, request } = pending;
  // Proofs contradicted the site's network's node (in any window): nothing is sent on its answers
  // until the person acknowledges it here or there.
  const held = useSendingHeld(useSelectedNetwork());
  if (held && sendsTransaction(request.method)) return <SendingHeld />;
  switch (request.method) {
    case 'eth_requestAccounts':
    case 'wallet_requestPermissions':
      return <ConnectApproval id={id} permissions={request.method === 'wallet_requestPermissions'} />;
    case 'personal_sign':
      return <MessageApproval id={id} account={request.account} message={request.message} />;
    case 'eth_signTypedData_v4':
    case 'eth_signTypedData_v3':
      return <TypedDataApproval id={id} account={request.account} typedData={request.typedData} />;
    case 'eth_sendTransaction':
      return (
        <OwnAccountCallGuard id={id} request={request}>
          <SendTransaction id={id} account={request.account} call={request.call} />
        </OwnAccountCallGuard>
      );
    case 'wallet_switchEthereumChain':
      return <SwitchChainApproval id={id} chainId={request.chainId} />;
    case 'wallet_addEthereumChain':
      return <AddChainApproval id={id} chain={request.chain} />;
    case 'wallet_watchAsset':
      return <WatchAssetApproval id={id} token={request.token} claimed={request.claimed} />;
    case 'wallet_sendCalls':
      return (
        <OwnAccountCallGuard id={id} request={request}>
          <SendCallsApproval id={id} request={request} />
        </OwnAccountCallGuard>
      );
  }
}

/** eth_sendTransaction: prepared and sent by the account's key, or, for a Safe (no key), proposed to its owners. */
function SendTransaction({ id, account, call }: { id: number; account: string; call: DappCall }) {
  const fromSafe = useVaultAccount(account)?.source.kind === 'safe';
  return fromSafe ? (
    <SafeTransactionApproval id={id} account={account} call={call} />
  ) : (
    <TransactionApproval id={id} account={account} call={call} />
  );
}

function SendingHeld() {
  const network = useSelectedNetwork();
  return (
    <section className={styles.window}>
      <VerificationHold network={network} />
    </section>
  );
}
