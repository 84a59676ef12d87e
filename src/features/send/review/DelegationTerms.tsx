import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import { untrustedValue } from '@/core/i18n/message';
import type { SmartTransaction } from '@/core/smartAccount/atomicSend';
import { useT } from '@/lib/i18n';

/**
 * What the account signs when another of the person's accounts pays the gas: a delegation to that
 * account for exactly the reviewed calls, once, until it ends (sponsorship.ts's three caveats).
 * Nothing for a batch the account pays itself.
 */
export function DelegationTerms({ tx, payerName }: { tx: SmartTransaction; payerName: string }) {
  const t = useT('send');
  const { delegation, expiresAt, batch } = tx;
  if (!delegation || expiresAt === undefined || !batch) return null;
  return (
    <>
      <dt>{t('send:batchReview.delegation')}</dt>
      <dd>
        <T
          id="send:batchReview.delegationTerms"
          values={{
            payer: untrustedValue(payerName, 'name'),
            count: batch.calls,
            until: new Date(Number(expiresAt) * 1000),
          }}
          tags={{ 0: <AddressText address={delegation.delegate} /> }}
        />
      </dd>
    </>
  );
}
