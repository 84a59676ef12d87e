import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { type Message, msg, untrustedValue } from '@/core/i18n/message';
import type { KnownRecipient, RecipientFinding } from '@/core/tx/safety';
import { useT } from '@/lib/i18n';

export function findingSentence(finding: RecipientFinding, network: Network): Message {
  switch (finding.kind) {
    case 'lookalike':
      return msg('send:finding.lookalike');
    case 'seen-in-spam':
      return msg('send:finding.seenInSpam');
    case 'zero-address':
      return msg('send:finding.zeroAddress');
    case 'token-contract':
      return msg('send:finding.tokenContract');
    case 'self':
      return msg('send:finding.self');
    case 'first-payment':
      return msg('send:finding.firstPayment', { network: untrustedValue(network.name, 'name') });
  }
}

/** "It resembles …: <address>", naming where the address a look-alike resembles comes from. */
function Resembles({ similar }: { similar: KnownRecipient }) {
  const address = { 0: <AddressText address={similar.address} /> };
  const name = similar.name === undefined ? '' : untrustedValue(similar.name, 'name');
  switch (similar.source) {
    case 'contact':
      return <T id="send:finding.resembles.contact" values={{ name }} tags={address} />;
    case 'account':
      return <T id="send:finding.resembles.account" values={{ name }} tags={address} />;
    case 'hidden-account':
      return <T id="send:finding.resembles.hiddenAccount" values={{ name }} tags={address} />;
    case 'recipient':
      return <T id="send:finding.resembles.recipient" tags={address} />;
    case 'history':
    case 'sender':
      return <T id="send:finding.resembles.history" tags={address} />;
  }
}

/**
 * What Cairn noticed about the recipient. Blocking findings (look-alike, zero address, token
 * contract) keep Continue from proceeding until the person confirms they checked.
 */
export function FindingsPanel({
  findings,
  acknowledged,
  onAcknowledge,
  network,
}: {
  findings: RecipientFinding[];
  acknowledged: boolean;
  onAcknowledge(value: boolean): void;
  network: Network;
}) {
  const t = useT('send');
  if (findings.length === 0) return null;
  const blocking = findings.some((f) => f.blocking);
  return (
    <div role={blocking ? 'alert' : 'status'} className={blocking ? ui.noticeDanger : ui.noticeWarning}>
      {findings.map((finding) => (
        <div key={finding.kind}>
          <p>
            <T message={findingSentence(finding, network)} />
          </p>
          {finding.kind === 'lookalike' && (
            <p>
              <Resembles similar={finding.similar} />
            </p>
          )}
        </div>
      ))}
      {blocking && (
        <label className={ui.checkbox}>
          <input type="checkbox" checked={acknowledged} onChange={(e) => onAcknowledge(e.target.checked)} />
          <span>{t('send:finding.acknowledge')}</span>
        </label>
      )}
    </div>
  );
}
