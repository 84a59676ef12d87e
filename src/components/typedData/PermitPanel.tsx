import type { JSX } from 'react';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, type Message, msg, untrustedValue } from '@/core/i18n/message';
import type { Grant, PermitStandard, SignatureConsequences, SignatureWarning, Until } from '@/core/signing/permitTypes';
import { intlLocale, useLocale, useT } from '@/lib/i18n';
import { useAddressNames } from '@/lib/names/addressNames';
import { dateTimeText, FullAddress, PermitAmount, usePermitToken } from './PermitToken';
import { SeaportOrderView } from './SeaportOrderView';

/** A unix time as the person's local date and time, or what the special values mean. */
export function untilText(until: Until, locale: string): Message {
  if (until.kind === 'never') return msg('review:until.never');
  if (until.kind === 'block') return msg('review:until.block');
  return msg('review:until.date', { date: dateTimeText(until.at, locale) });
}

/** The standard's key in the messages that name it. */
const STANDARD: Record<PermitStandard, string> = {
  'EIP-2612 permit': 'eip2612',
  'DAI permit': 'dai',
  'Permit2 allowance': 'permit2Allowance',
  'Permit2 transfer': 'permit2Transfer',
};

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
  const t = useT('review');
  const locale = intlLocale(useLocale());
  const known = usePermitToken(network, grant.token, sameChain);
  const nameOf = useAddressNames(network);
  const spender = <NamedAddress address={grant.spender} name={nameOf(grant.spender)} />;
  const owner: JSX.Element = grant.owner ? (
    <NamedAddress address={grant.owner} name={nameOf(grant.owner)} />
  ) : (
    <span>{t('review:permit.signingAccount')}</span>
  );
  if (grant.kind === 'revoke') {
    const zero = <PermitAmount amount={0n} token={grant.token} known={known} unlimited={false} />;
    return (
      <li>
        <T
          id="review:permit.revoke"
          values={{ signatureUntil: untilText(grant.signatureUntil, locale) }}
          tags={{ 0: spender, 1: zero, 2: owner }}
        />
      </li>
    );
  }
  const amount = <PermitAmount amount={grant.amount} token={grant.token} known={known} unlimited={grant.unlimited} />;
  const tags = { 0: spender, 1: amount, 2: owner };
  return (
    <li>
      {grant.kind === 'transfer' ? (
        <T id="review:permit.transfer" values={{ until: untilText(grant.until, locale) }} tags={tags} />
      ) : (
        <T
          id="review:permit.allowance"
          values={{ until: untilText(grant.until, locale), signatureUntil: untilText(grant.signatureUntil, locale) }}
          tags={tags}
        />
      )}
    </li>
  );
}

function Warnings({
  warnings,
}: {
  warnings: readonly (SignatureWarning | { code: string; serious: false; text: Message })[];
}) {
  const t = useT('review');
  if (warnings.length === 0) return null;
  return (
    <ul className={ui.stack} aria-label={t('review:permit.warnings')}>
      {warnings.map((warning, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one list per review, never reordered; a code may come twice (one per grant)
        <li key={`${warning.code}-${i}`}>
          <p
            role={warning.serious ? 'alert' : undefined}
            className={warning.serious ? ui.noticeDanger : ui.noticeWarning}
          >
            <T message={warning.text} />
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
  const t = useT('review');
  const nameOf = useAddressNames(network);
  // Token names and decimals come from the selected network: for another chain they would be wrong.
  const sameChain = domainChainId === undefined || domainChainId === BigInt(network.chainId);
  const spenders = consequences.kind === 'permit' ? [...new Set(consequences.grants.map((g) => g.spender))] : [];
  const unknownSpenders = spenders
    .filter((spender) => nameOf(spender) === undefined)
    .map((spender) => ({
      code: `unknownSpender-${spender}`,
      serious: false as const,
      text: msg('review:permit.unknownSpender', { spender: codeValue(spender) }),
    }));
  return (
    <section className={ui.card} aria-labelledby="permit-title">
      <h2 id="permit-title">{t('review:permit.title')}</h2>
      {consequences.kind === 'permit' ? (
        <>
          <p className={ui.flush}>
            <PermitIntro permit={consequences} />
          </p>
          <ul className={ui.stack} aria-label={t('review:permit.permissions')}>
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
          <T id="review:permit.otherChain" values={{ chainId: codeValue(domainChainId?.toString() ?? '') }} />
        </p>
      )}
      <Warnings warnings={[...consequences.warnings, ...unknownSpenders]} />
    </section>
  );
}

/** The permit's standard, the contract that checks it and the witness signed with it, in one sentence. */
function PermitIntro({ permit }: { permit: Extract<SignatureConsequences, { kind: 'permit' }> }) {
  const standard = STANDARD[permit.standard];
  const contract = permit.contract && <FullAddress address={permit.contract} />;
  const witness = permit.witness && {
    type: untrustedValue(permit.witness.type, 'name'),
    field: untrustedValue(permit.witness.field, 'name'),
  };
  if (contract && witness)
    return <T id="review:permit.introContractWitness" values={{ standard, ...witness }} tags={{ 0: contract }} />;
  if (contract) return <T id="review:permit.introContract" values={{ standard }} tags={{ 0: contract }} />;
  if (witness) return <T id="review:permit.introWitness" values={{ standard, ...witness }} />;
  return <T id="review:permit.intro" values={{ standard }} />;
}
