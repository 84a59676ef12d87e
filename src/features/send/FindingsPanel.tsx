import type { ReactNode } from 'react';
import { AddressText } from '@/components/AddressText';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { KnownRecipient, RecipientFinding } from '@/core/tx/safety';

export function findingSentence(finding: RecipientFinding, network: Network): string {
  switch (finding.kind) {
    case 'lookalike':
      return 'This address looks like one you know but is different: same first and last characters. Scammers make such look-alikes and slip them into your history (address poisoning). Compare every character.';
    case 'seen-in-spam':
      return 'This address appears in your history only in transfers Cairn hid as possible spam or address poisoning. Scammers send those so that you copy their address from your history. Make sure it is the address you mean.';
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

/** Where the address a look-alike resembles comes from, named for the person. */
function similarTo(similar: KnownRecipient): ReactNode {
  const name = similar.name === undefined ? '' : <UntrustedText text={similar.name} kind="name" />;
  switch (similar.source) {
    case 'contact':
      return <>your contact {name}</>;
    case 'account':
      return <>your account {name}</>;
    case 'hidden-account':
      return <>your hidden account {name}</>;
    case 'recipient':
      return 'an address you sent to before';
    case 'history':
      return 'an address in your history';
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
              It resembles {similarTo(finding.similar)}: <AddressText address={finding.similar.address} />
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
