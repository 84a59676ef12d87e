import { useState } from 'react';
import { AddressText } from '@/components/AddressText';
import ui from '@/components/ui.module.css';
import { canSign } from '@/core/accounts/signerKinds';
import { grantSite, permissionsOf } from '@/core/dapp/sites';
import { untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import { useVault } from '@/lib/vault/vault';
import { ApprovalFrame } from './ApprovalFrame';
import { useSiteRequest } from './useSiteRequest';

/**
 * eth_requestAccounts / wallet_requestPermissions: which accounts the site may see and ask to
 * sign with, on which network, and whether it may read through the person's own node.
 */
export function ConnectApproval({ id, permissions }: { id: number; permissions: boolean }) {
  const t = useT('dapp');
  const request = useSiteRequest(id);
  const { connection, site } = request;
  // Accounts that sign, and Safes (their owners confirm what the site asks of them).
  const accounts = useVault((s) => s.accounts).filter((a) => (canSign(a) || a.source.kind === 'safe') && !a.hidden);
  const selectedAccountId = useVault((s) => s.selectedAccountId);
  const networks = useSession((s) => s.networks);
  const selectedNetworkId = useSession((s) => s.selectedNetworkId);
  const updateSite = useSession((s) => s.updateSite);
  const [chosen, setChosen] = useState<string[]>(() => {
    // Exact strings, not sameAddress: `chosen` is compared below with each account's own address,
    // so it must hold the vault's spelling of it.
    const before = site?.accounts.filter((a) => accounts.some((x) => x.address === a)) ?? [];
    const selected = accounts.find((a) => a.id === selectedAccountId) ?? accounts[0];
    return before.length > 0 ? before : selected ? [selected.address] : [];
  });
  const [networkId, setNetworkId] = useState(site?.networkId ?? selectedNetworkId);
  const [ownNodeReads, setOwnNodeReads] = useState(site?.ownNodeReads ?? false);
  const toggle = (address: string, on: boolean) =>
    setChosen((list) => (on ? [...list.filter((a) => a !== address), address] : list.filter((a) => a !== address)));
  const ordered = accounts.map((a) => a.address).filter((a) => chosen.includes(a));

  const approve = () => {
    const grant = {
      origin: connection.origin,
      accounts: ordered,
      networkId,
      ownNodeReads,
      name: connection.dapp.name,
      now: Date.now(),
    };
    // Applied here at once (so the grant sent with the answer has it) and stored on top of what is
    // stored; the site is answered once it is stored.
    updateSite(connection.origin, (stored) => grantSite(stored, grant));
    const granted = grantSite(site, grant);
    void request.approveOnceStored(permissions ? permissionsOf(granted) : granted.accounts);
  };

  // With no account to offer, ordered is empty: approving is blocked (so never busy) and the frame says why.
  return (
    <ApprovalFrame
      title={t('dapp:connect.title')}
      requestId={id}
      approveLabel={t('dapp:connect.approve')}
      onApprove={approve}
      onDecline={request.decline}
      approveBlocked={ordered.length === 0}
      busy={request.busy}
      error={request.error}
    >
      {accounts.length === 0 ? (
        <p>{t('dapp:connect.noAccount')}</p>
      ) : (
        <>
          <p>{t('dapp:connect.intro')}</p>
          <fieldset className={ui.choices}>
            <legend>{t('dapp:connect.accounts')}</legend>
            {accounts.map((account) => (
              <label key={account.id} className={ui.checkbox}>
                <input
                  type="checkbox"
                  checked={chosen.includes(account.address)}
                  onChange={(e) => toggle(account.address, e.target.checked)}
                />
                <span>
                  {account.name} — <AddressText address={account.address} />
                </span>
              </label>
            ))}
          </fieldset>
          <label>
            {t('dapp:connect.network')}
            <select value={networkId} onChange={(e) => setNetworkId(e.target.value)}>
              {networks.map((n) => (
                <option key={n.id} value={n.id}>
                  {t('dapp:networkWithChainId', { name: untrustedValue(n.name, 'name'), chainId: String(n.chainId) })}
                </option>
              ))}
            </select>
          </label>
          <label className={ui.checkbox}>
            <input type="checkbox" checked={ownNodeReads} onChange={(e) => setOwnNodeReads(e.target.checked)} />
            <span>{t('dapp:connect.ownNode')}</span>
          </label>
        </>
      )}
    </ApprovalFrame>
  );
}
