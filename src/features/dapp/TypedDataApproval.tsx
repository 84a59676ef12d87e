import { useEffect, useMemo, useState } from 'react';
import { hashTypedData } from 'viem';
import { PermitPanel } from '@/components/typedData/PermitPanel';
import { TypedDataView } from '@/components/typedData/TypedDataView';
import ui from '@/components/ui.module.css';
import { unreadableTypedDataError } from '@/core/dapp/siteErrors';
import { msg } from '@/core/i18n/message';
import { describeConsequences } from '@/core/signing/permits';
import { signTypedDataWith } from '@/core/signing/sign';
import { chainIdWarning, parseTypedDataJson } from '@/core/signing/typedData';
import { useT } from '@/lib/i18n';
import { usePermitBalanceCheck } from '@/lib/send/permitBalanceCheck';
import { useVaultSession } from '@/lib/vault/vault';
import { ApprovalFrame } from './ApprovalFrame';
import { useSafeAnswer } from './useSafeAnswer';
import { useSiteRequest } from './useSiteRequest';

/** eth_signTypedData_v4 (and v3): every field, what a permit or order would hand over, and the chain it is for. */
export function TypedDataApproval({ id, account, typedData }: { id: number; account: string; typedData: string }) {
  const t = useT('dapp');
  const request = useSiteRequest(id, account);
  const session = useVaultSession();
  const [understood, setUnderstood] = useState(false);
  const parsed = useMemo(() => {
    try {
      const read = parseTypedDataJson(typedData);
      return {
        ok: true as const,
        read,
        consequences: describeConsequences(read.typedData, BigInt(Math.floor(Date.now() / 1000))),
      };
    } catch {
      return { ok: false as const };
    }
  }, [typedData]);
  const { fail, network, signer } = request;
  // A Safe account (no key) signs through its owners: the same review, then a proposal (useSafeAnswer).
  const safeAsk = useMemo(
    () =>
      parsed.ok
        ? { kind: 'message' as const, hash: hashTypedData(parsed.read.typedData as never), message: typedData }
        : undefined,
    [parsed, typedData],
  );
  const safe = useSafeAnswer(request, account, safeAsk);
  useEffect(() => {
    // Data Cairn cannot read is refused with why; there is nothing for the person to decide.
    if (!parsed.ok) fail(unreadableTypedDataError());
  }, [parsed, fail]);
  // A permit far above the request's account's balance of its token: read for that account only.
  const read = parsed.ok ? parsed : undefined;
  const checked = usePermitBalanceCheck(network, signer?.address, read?.consequences, read?.read.domain.chainId);
  if (!parsed.ok) return null;
  const consequences = checked.consequences;
  const chainWarning = network ? chainIdWarning(parsed.read.domain.chainId, network.chainId) : undefined;
  const needsAck = consequences?.needsAcknowledgement === true || chainWarning !== undefined;
  const sign = () =>
    signer &&
    request.run(() => signTypedDataWith(session.signerFor(signer), parsed.read.typedData), msg('dapp:nothingSigned'));
  return (
    <ApprovalFrame
      title={t('dapp:typedData.title')}
      requestId={id}
      account={account}
      network={network}
      approveLabel={safe.isSafe ? safe.approveLabel : t('dapp:sign')}
      onApprove={safe.isSafe ? safe.onApprove : sign}
      onDecline={request.decline}
      approveBlocked={
        (safe.isSafe ? !safe.ready : !signer) || checked.checking || (needsAck && !understood && !safe.waiting)
      }
      busy={request.busy || safe.busy}
      error={request.error ?? safe.problem ?? (signer || safe.isSafe ? undefined : t('dapp:cannotSign'))}
    >
      {network && consequences && (
        <PermitPanel consequences={consequences} network={network} domainChainId={parsed.read.domain.chainId} />
      )}
      <TypedDataView typedData={parsed.read.typedData} domain={parsed.read.domain} warning={chainWarning} />
      {needsAck && (
        <label className={ui.checkbox}>
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          <span>{t('dapp:typedData.understood')}</span>
        </label>
      )}
      {safe.isSafe && safe.note}
    </ApprovalFrame>
  );
}
