import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { isShownToken } from '@/core/assets/catalogue';
import { claimMismatches } from '@/core/dapp/watchAsset';
import { errorText } from '@/lib/errorMessages';
import { tokenMetadataQuery } from '@/lib/queries/portfolioQueries';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { ApprovalFrame } from './ApprovalFrame';
import styles from './dapp.module.css';
import { useSiteRequest } from './useSiteRequest';

const EMPTY: never[] = [];

/**
 * wallet_watchAsset (EIP-747) of an ERC-20 on the site's network (Cairn's, for a site not
 * connected): the name, symbol and decimals come from the contract, never from the request, and
 * what the site said differently is shown as a warning. The site's image is not loaded.
 */
export function WatchAssetApproval({
  id,
  token,
  claimed,
}: {
  id: number;
  token: Address;
  claimed: { symbol?: string; decimals?: number };
}) {
  const request = useSiteRequest(id);
  const selected = useSelectedNetwork();
  const network = request.network ?? selected;
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const addCustomToken = useSession((s) => s.addCustomToken);
  const shown = isShownToken(network, custom, hidden, token);
  const read = useQuery({ ...tokenMetadataQuery(network, token), enabled: !shown });
  const { approve } = request;
  useEffect(() => {
    // Already among the person's tokens: nothing to ask (EIP-747 answers true).
    if (shown) approve(true);
  }, [shown, approve]);
  if (shown) return null;

  const meta = read.data;
  const mismatches = meta ? claimMismatches(claimed, meta) : [];
  const noDecimals = meta !== undefined && meta.decimals === undefined;
  const add = () => {
    if (!meta || meta.decimals === undefined) return;
    addCustomToken(network.id, { address: token, name: meta.name, symbol: meta.symbol, decimals: meta.decimals });
    approve(true);
  };
  return (
    <ApprovalFrame
      title="Add this token?"
      requestId={id}
      network={network}
      approveLabel="Add token"
      onApprove={add}
      onDecline={request.decline}
      approveBlocked={!meta || noDecimals}
      error={read.error ? `${errorText(read.error)} Cairn cannot add a token it cannot read.` : undefined}
    >
      <p>
        The site asks Cairn to show this token among yours on {network.name}. Cairn reads what it is from the contract
        itself.
      </p>
      <dl className={styles.facts}>
        <dt>Contract</dt>
        <dd>
          <AddressText address={token} />
        </dd>
        {meta && (
          <>
            <dt>Symbol</dt>
            <dd>
              <UntrustedText text={meta.symbol} kind="symbol" />
            </dd>
            <dt>Name</dt>
            <dd>
              <UntrustedText text={meta.name} kind="tokenName" />
            </dd>
            <dt>Decimals</dt>
            <dd>{meta.decimals ?? 'not given by the contract'}</dd>
          </>
        )}
      </dl>
      <p role="status">{read.isPending ? 'Reading the contract…' : ''}</p>
      {mismatches.length > 0 && (
        <div className={ui.noticeWarning} role="alert">
          <p>What the site said does not match the contract; Cairn uses the contract’s:</p>
          <ul>
            {mismatches.map((m) => (
              <li key={m}>
                <UntrustedText text={m} kind="whole" />
              </li>
            ))}
          </ul>
        </div>
      )}
      {noDecimals && (
        <p className={ui.noticeWarning} role="alert">
          This contract does not say how many decimals it uses, so Cairn cannot show its amounts. Add it by hand in
          Cairn’s tokens, with the decimals from the project’s documentation.
        </p>
      )}
    </ApprovalFrame>
  );
}
