import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { Grant, SignatureConsequences, SignatureWarning, Until } from '@/core/signing/permitTypes';
import { useAddressNames } from '@/lib/addressNames';
import { FullAddress, PermitAmount, usePermitToken } from './PermitToken';
import { SeaportOrderView } from './SeaportOrderView';

/** A unix time as the person's local date and time, or what the special values mean. */
export function untilText(until: Until): string {
  if (until.kind === 'never') return 'with no end date';
  if (until.kind === 'block') return 'only within the block in which it is used';
  const date = new Date(Number(until.at) * 1000);
  return `until ${date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}`;
}

/** An address in full, with the name the person gave it when it is one of their accounts or contacts. */
export function NamedAddress({ address, name }: { address: string; name: string | undefined }) {
  return (
    <>
      <FullAddress address={address} />
      {name !== undefined && (
        <>
          {' '}
          (<UntrustedText text={name} kind="name" />)
        </>
      )}
    </>
  );
}

function GrantSentence({ grant, network, sameChain }: { grant: Grant; network: Network; sameChain: boolean }) {
  const known = usePermitToken(network, grant.token, sameChain);
  const nameOf = useAddressNames(network);
  const spender = <NamedAddress address={grant.spender} name={nameOf(grant.spender)} />;
  const owner = grant.owner ? <NamedAddress address={grant.owner} name={nameOf(grant.owner)} /> : 'the signing account';
  const amount = <PermitAmount amount={grant.amount} token={grant.token} known={known} unlimited={grant.unlimited} />;
  if (grant.kind === 'revoke') {
    return (
      <li>
        The allowance of {spender} on <PermitAmount amount={0n} token={grant.token} known={known} unlimited={false} />{' '}
        from {owner} is set to zero. Signature valid {untilText(grant.signatureUntil)}.
      </li>
    );
  }
  const signatureNote =
    grant.kind === 'allowance' ? ` This signature can be submitted ${untilText(grant.signatureUntil)}.` : '';
  return (
    <li>
      {spender} may take up to {amount} from {owner}
      {grant.kind === 'transfer' ? ', once, ' : ', as often as it likes, '}
      {untilText(grant.until)}.{signatureNote}
    </li>
  );
}

function Warnings({
  warnings,
}: {
  warnings: readonly (SignatureWarning | { code: string; serious: false; text: string })[];
}) {
  if (warnings.length === 0) return null;
  return (
    <ul className={ui.stack} aria-label="Warnings about this signature">
      {warnings.map((warning) => (
        <li key={warning.code}>
          <p
            role={warning.serious ? 'alert' : undefined}
            className={warning.serious ? ui.noticeDanger : ui.noticeWarning}
          >
            {warning.text}
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * "What this signature allows": a permit's permissions or a Seaport order's exchange in sentences,
 * then the warnings (serious ones announced). Informs; the raw tree below stays the full record.
 */
export function PermitPanel({
  consequences,
  network,
  domainChainId,
}: {
  consequences: SignatureConsequences;
  network: Network;
  domainChainId: bigint | undefined;
}) {
  const nameOf = useAddressNames(network);
  // Token names and decimals come from the selected network: for another chain they would be wrong.
  const sameChain = domainChainId === undefined || domainChainId === BigInt(network.chainId);
  const spenders = consequences.kind === 'permit' ? [...new Set(consequences.grants.map((g) => g.spender))] : [];
  const unknownSpenders = spenders
    .filter((spender) => nameOf(spender) === undefined)
    .map((spender) => ({
      code: `unknownSpender-${spender}`,
      serious: false as const,
      text: `${spender} is not one of your accounts or contacts: check it is the contract of the app you are using.`,
    }));
  return (
    <section className={ui.card} aria-labelledby="permit-title">
      <h2 id="permit-title">What this signature allows</h2>
      {consequences.kind === 'permit' ? (
        <>
          <p className={ui.flush}>
            A {consequences.standard}
            {consequences.contract && (
              <>
                , checked by <FullAddress address={consequences.contract} />
              </>
            )}
            {consequences.witness && (
              <>
                , with a {consequences.witness.type} signed as its “{consequences.witness.field}”
              </>
            )}
            .
          </p>
          <ul className={ui.stack} aria-label="Permissions">
            {consequences.grants.map((grant, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: grants are a fixed list that never reorders
              <GrantSentence key={i} grant={grant} network={network} sameChain={sameChain} />
            ))}
          </ul>
        </>
      ) : (
        <SeaportOrderView order={consequences} network={network} sameChain={sameChain} />
      )}
      {!sameChain && (
        <p className={ui.flush}>
          Token names and decimals are not looked up: the typed data is for chain {domainChainId?.toString()}, not the
          selected network, so amounts are in base units.
        </p>
      )}
      <Warnings warnings={[...consequences.warnings, ...unknownSpenders]} />
    </section>
  );
}
