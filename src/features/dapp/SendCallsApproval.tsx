import type { Address } from 'viem';
import { type AtomicRefusal, refusalMessage } from '@/core/dapp/atomicBatch';
import type { PersonRequest } from '@/core/dapp/personRequests';
import { atomicRefusedError } from '@/core/dapp/siteErrors';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { ApprovalFrame } from './ApprovalFrame';
import { AtomicCallsApproval } from './AtomicCallsApproval';
import { BatchCallList } from './BatchCallList';
import { CallsApproval } from './CallsApproval';
import { useBatchPlan } from './useBatchPlan';
import { useSiteRequest } from './useSiteRequest';

type Request = Extract<PersonRequest, { method: 'wallet_sendCalls' }>;

/**
 * wallet_sendCalls: the screen for how the batch is sent (useBatchPlan). Call by call
 * (CallsApproval); in one transaction (AtomicCallsApproval), first asking to upgrade a plain
 * account; or, for a batch that requires atomicity Cairn cannot give here, why not: declining it
 * answers the site with 5760 and the reason.
 */
export function SendCallsApproval({ id, request }: { id: number; request: Request }) {
  const t = useT('dapp');
  const site = useSiteRequest(id, request.account);
  const outcome = useBatchPlan(site.network, request, site.signer);
  if (!outcome.plan) {
    return outcome.error && request.atomicRequired ? (
      <CannotSendAtomically id={id} request={request} problem={errorMessage(outcome.error)} />
    ) : (
      <p role="status">{t('dapp:atomic.checkingAccount')}</p>
    );
  }
  const { plan, state } = outcome;
  switch (plan.kind) {
    case 'sequential':
      return <CallsApproval id={id} request={request} />;
    case 'atomic':
      return state && <AtomicCallsApproval id={id} request={request} state={state} />;
    case 'refused':
      return <CannotSendAtomically id={id} request={request} refusal={plan.refusal} />;
  }
}

/**
 * A batch that requires atomicity, which Cairn cannot give for this account here (`refusal`) or
 * cannot tell yet (`problem`: the account's state could not be read). Nothing can be approved:
 * declining answers the site why (5760), or, while it could not tell, that the person declined.
 */
function CannotSendAtomically({
  id,
  request,
  refusal,
  problem,
}: {
  id: number;
  request: Request;
  refusal?: AtomicRefusal;
  problem?: ReturnType<typeof errorMessage>;
}) {
  const t = useT('dapp');
  const site = useSiteRequest(id, request.account);
  const count = request.calls.length;
  return (
    <ApprovalFrame
      title={t('dapp:calls.title', { count })}
      requestId={id}
      account={request.account}
      network={site.network}
      approveLabel={t('dapp:calls.approve', { count })}
      onApprove={() => undefined}
      onDecline={refusal ? () => site.fail(atomicRefusedError(refusal)) : site.decline}
      approveBlocked
      error={refusal ? refusalMessage(refusal, request.account as Address) : problem}
    >
      <p>{t('dapp:atomic.required', { count })}</p>
      {refusal && <p>{t('dapp:atomic.declineTells')}</p>}
      <BatchCallList calls={request.calls} native={site.network?.nativeCurrency} />
    </ApprovalFrame>
  );
}
