import { AddressText } from '@/components/AddressText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { RecipientFinding } from '@/core/tx/safety';

export function findingSentence(finding: RecipientFinding, network: Network): string {
  switch (finding.kind) {
    case 'lookalike':
      return 'This address looks like one you know but is different: same first and last characters. Scammers make such look-alikes and slip them into your history (address poisoning). Compare every character.';
    case 'zero-address':
      return 'This is the zero address: anything sent there is destroyed.';
    case 'token-contract':
      return 'This is the token’s own contract. Tokens sent to it are almost always lost.';
    case 'self':
      return 'You are sending to the same account it comes from.';
    case 'first-payment':
      return `You have not sent to this address on ${network.name} before. Check it carefully.`;
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
  if (findings.length === 0) return null;
  const blocking = findings.some((f) => f.blocking);
  return (
    <div role={blocking ? 'alert' : 'status'} className={blocking ? ui.noticeDanger : ui.noticeWarning}>
      {findings.map((finding) => (
        <div key={finding.kind}>
          <p>{findingSentence(finding, network)}</p>
          {finding.kind === 'lookalike' && (
            <p>
              It resembles {finding.similar.name ? `${finding.similar.name}, ` : 'an address you used: '}
              <AddressText address={finding.similar.address} />
            </p>
          )}
        </div>
      ))}
      {blocking && (
        <label className={ui.checkbox}>
          <input type="checkbox" checked={acknowledged} onChange={(e) => onAcknowledge(e.target.checked)} />
          <span>I have checked the recipient address character by character and want to send to it.</span>
        </label>
      )}
    </div>
  );
}
