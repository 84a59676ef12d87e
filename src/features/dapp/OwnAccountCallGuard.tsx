import { useQueries } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import type { Address } from 'viem';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import {
  type CallingRequest,
  calledAddresses,
  ownCallError,
  ownCallMessage,
  ownCallRefusal,
} from '@/core/dapp/ownAccountCalls';
import { sameAddress } from '@/core/keys/sameAddress';
import type { SmartAccountState } from '@/core/smartAccount/accountState';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/i18n/errorMessages';
import { smartAccountStateQuery } from '@/lib/queries/smartAccountQueries';
import { useVault, useVaultAccount } from '@/lib/vault/vault';
import { ApprovalFrame } from './ApprovalFrame';
import { useSiteRequest } from './useSiteRequest';

/**
 * A site's transaction or batch, shown for review (`children`) only once Cairn knows it calls no
 * account of the person's that runs code of its own (core/dapp/ownAccountCalls.ts): otherwise the
 * refusal, with nothing to approve, and Decline answers the site (ownCallError). The code of
 * every address the request calls is read, the person's or not, so the node cannot tell them apart.
 */
export function OwnAccountCallGuard({
  id,
  request,
  children,
}: {
  id: number;
  request: CallingRequest;
  children: ReactNode;
}) {
  const t = useT('dapp');
  const site = useSiteRequest(id, request.account);
  const sender = useVaultAccount(request.account);
  const accounts = useVault((s) => s.accounts);
  const { network } = site;
  const called = useMemo(() => calledAddresses(request), [request]);
  const own = useMemo(
    () => accounts.map((a) => a.address as Address).filter((a) => called.some((c) => sameAddress(c, a))),
    [accounts, called],
  );
  const reads = useQueries({
    queries: network ? called.map((address) => smartAccountStateQuery(network, address, undefined)) : [],
  });
  const stateOf = (address: Address): SmartAccountState | undefined =>
    reads[called.findIndex((c) => sameAddress(c, address))]?.data;
  const refusal = ownCallRefusal(request, { senderIsSafe: sender?.source.kind === 'safe', own, stateOf });
  if (refusal === undefined) return children;
  const failedRead = reads.find((read, i) => read.error && own.some((a) => sameAddress(a, called[i] ?? '0x')));
  if (refusal === 'unread' && !failedRead) return <p role="status">{t('dapp:ownCall.checking')}</p>;
  return (
    <ApprovalFrame
      title={t('dapp:ownCall.title')}
      requestId={id}
      account={request.account}
      network={network}
      approveLabel={t('dapp:ownCall.approve')}
      onApprove={() => undefined}
      onDecline={() => (refusal === 'unread' ? site.decline() : site.fail(ownCallError(refusal, request)))}
      approveBlocked
      error={refusal === 'unread' ? errorText(failedRead?.error) : undefined}
    >
      {refusal !== 'unread' && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={ownCallMessage(refusal, request)} />
        </p>
      )}
    </ApprovalFrame>
  );
}
