import { useState } from 'react';
import type { Address } from 'viem';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { codeValue, type Message } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';

type Check =
  | { state: 'idle' | 'busy' }
  | { state: 'same' | 'different'; shown: Address }
  | { state: 'failed'; error: Message | string };

/**
 * Shows the account's address on the Ledger's own screen, so the person can compare it with the
 * one Cairn shows before giving it out (a compromised computer could show another).
 */
export function CheckOnLedger({ address, path }: { address: Address; path: string }) {
  const t = useT('receive');
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const run = async () => {
    setCheck({ state: 'busy' });
    // The device code loads on this click only.
    const [{ connectEthereumApp }, { getLedgerAddress }] = await Promise.all([
      import('@/lib/ledger/webHidTransport'),
      import('@/core/ledger/ethApp'),
    ]);
    let close = async () => {};
    try {
      const ledger = await connectEthereumApp();
      close = ledger.close;
      const shown = (await getLedgerAddress(ledger.exchange, path, { display: true })).address;
      setCheck({ state: sameAddress(shown, address) ? 'same' : 'different', shown });
    } catch (error) {
      setCheck({ state: 'failed', error: errorMessage(error) });
    } finally {
      await close();
    }
  };
  return (
    <div className={ui.stack}>
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={() => void run()} disabled={check.state === 'busy'}>
          {check.state === 'busy' ? t('receive:ledger.confirming') : t('receive:ledger.check')}
        </button>
      </div>
      <div role="status">
        {check.state === 'busy' && <p>{t('receive:ledger.compare')}</p>}
        {check.state === 'same' && <p>{t('receive:ledger.same')}</p>}
      </div>
      {check.state === 'different' && (
        <p role="alert" className={ui.noticeDanger}>
          <T id="receive:ledger.different" values={{ address: codeValue(check.shown) }} />
        </p>
      )}
      {check.state === 'failed' && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={check.error} />
        </p>
      )}
    </div>
  );
}
