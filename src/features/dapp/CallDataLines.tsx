import type { Address, Hex } from 'viem';
import { CodeText } from '@/components/CodeText';
import { DecodedCallText } from '@/components/DecodedCallText';
import ui from '@/components/ui.module.css';
import { decodeCall } from '@/core/contracts/decode/calls';
import { useT } from '@/lib/i18n';

/**
 * A site's call data in a review's list of facts: the call decoded where Cairn can, then the bytes
 * as sent (a creation's init code folded away).
 */
export function CallDataLines({ to, data }: { to: Address | undefined; data: Hex }) {
  const t = useT('dapp');
  if (data === '0x') return null;
  const decoded = to ? decodeCall(data, to, []) : undefined;
  return (
    <>
      {decoded && (
        <>
          <dt>{t('dapp:facts.call')}</dt>
          <dd>
            <DecodedCallText call={decoded} />
          </dd>
        </>
      )}
      <dt>{t('dapp:facts.data')}</dt>
      <dd>
        {to ? (
          <CodeText className={ui.muted}>{data}</CodeText>
        ) : (
          // A creation's init code runs to tens of kilobytes of hex: its size is in the review, the bytes on request.
          <details>
            <summary>{t('dapp:creation.showInitCode')}</summary>
            <CodeText className={ui.muted}>{data}</CodeText>
          </details>
        )}
      </dd>
    </>
  );
}
