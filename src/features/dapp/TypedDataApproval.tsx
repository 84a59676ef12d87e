import { useEffect, useMemo, useState } from 'react';
import { PermitPanel } from '@/components/typedData/PermitPanel';
import { TypedDataView } from '@/components/typedData/TypedDataView';
import ui from '@/components/ui.module.css';
import { providerError } from '@/core/dapp/providerErrors';
import { describeConsequences } from '@/core/signing/permits';
import { signTypedDataWith } from '@/core/signing/sign';
import { chainIdWarning, parseTypedDataJson } from '@/core/signing/typedData';
import { errorText } from '@/lib/errorMessages';
import { useVaultSession } from '@/lib/vault';
import { ApprovalFrame } from './ApprovalFrame';
import { useSiteRequest } from './useSiteRequest';

/** eth_signTypedData_v4 (and v3): every field, what a permit or order would hand over, and the chain it is for. */
export function TypedDataApproval({ id, account, typedData }: { id: number; account: string; typedData: string }) {
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
    } catch (e) {
      return { ok: false as const, sentence: errorText(e) };
    }
  }, [typedData]);
  const { fail } = request;
  useEffect(() => {
    // Data Cairn cannot read is refused with why; there is nothing for the person to decide.
    if (!parsed.ok) fail(providerError('invalidParams', `Cairn cannot read the typed data: ${parsed.sentence}`));
  }, [parsed, fail]);
  if (!parsed.ok) return null;
  const { network, signer } = request;
  const chainWarning = network ? chainIdWarning(parsed.read.domain.chainId, network.chainId) : undefined;
  const needsAck = parsed.consequences?.needsAcknowledgement === true || chainWarning !== undefined;
  const sign = () =>
    signer &&
    request.run(() => signTypedDataWith(session.signerFor(signer), parsed.read.typedData), 'Nothing was signed.');
  return (
    <ApprovalFrame
      title="Sign this typed data?"
      requestId={id}
      account={account}
      network={network}
      approveLabel="Sign"
      onApprove={sign}
      onDecline={request.decline}
      approveBlocked={!signer || (needsAck && !understood)}
      busy={request.busy}
      error={request.error ?? (signer ? undefined : 'This account cannot sign in Cairn (it is watch-only or gone).')}
    >
      {network && parsed.consequences && (
        <PermitPanel consequences={parsed.consequences} network={network} domainChainId={parsed.read.domain.chainId} />
      )}
      <TypedDataView typedData={parsed.read.typedData} domain={parsed.read.domain} warning={chainWarning} />
      {needsAck && (
        <label className={ui.checkbox}>
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          <span>I understand what this signature allows</span>
        </label>
      )}
    </ApprovalFrame>
  );
}
