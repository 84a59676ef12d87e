import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Address } from 'viem';
import { AddressText } from '@/components/AddressText';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import { isShownToken } from '@/core/assets/catalogue';
import type { Network } from '@/core/chain/networks';
import { claimMismatches } from '@/core/dapp/watchAsset';
import { msg, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { tokenMetadataQuery } from '@/lib/queries/portfolioQueries';
import { useSession } from '@/lib/stores/session';
import { ApprovalFrame } from './ApprovalFrame';
import styles from './dapp.module.css';
import { useSiteRequest } from './useSiteRequest';

const EMPTY: never[] = [];

type Props = { id: number; token: Address; claimed: { symbol?: string; decimals?: number } };

/**
 * wallet_watchAsset (EIP-747) of an ERC-20 on the network of the chain it came for (the site's;
 * for a site not connected, the person's network on the chain the site named): the name, symbol
 * and decimals come from the contract, never from the request, and what the site said differently
 * is shown as a warning. The site's image is not loaded. With no such network, nothing is read.
 */
export function WatchAssetApproval(props: Props) {
  const t = useT('dapp');
  const request = useSiteRequest(props.id);
  if (request.network) return <TokenReview {...props} request={request} network={request.network} />;
  return (
    <ApprovalFrame
      title={t('dapp:watchAsset.title')}
      requestId={props.id}
      approveLabel={t('dapp:watchAsset.approve')}
      onApprove={() => undefined}
      onDecline={request.decline}
      approveBlocked
      error={t('dapp:watchAsset.noNetwork')}
    >
      <dl className={styles.facts}>
        <dt>{t('dapp:watchAsset.contract')}</dt>
        <dd>
          <AddressText address={props.token} />
        </dd>
      </dl>
    </ApprovalFrame>
  );
}

function TokenReview({
  id,
  token,
  claimed,
  request,
  network,
}: Props & { request: ReturnType<typeof useSiteRequest>; network: Network }) {
  const t = useT('dapp');
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
    void request.approveOnceStored(true);
  };
  return (
    <ApprovalFrame
      title={t('dapp:watchAsset.title')}
      requestId={id}
      network={network}
      approveLabel={t('dapp:watchAsset.approve')}
      onApprove={add}
      onDecline={request.decline}
      approveBlocked={!meta || noDecimals}
      busy={request.busy}
      error={
        request.error ??
        (read.error ? msg('dapp:watchAsset.unreadable', { reason: errorMessage(read.error) }) : undefined)
      }
    >
      <p>
        <T id="dapp:watchAsset.intro" values={{ network: untrustedValue(network.name, 'name') }} />
      </p>
      <dl className={styles.facts}>
        <dt>{t('dapp:watchAsset.contract')}</dt>
        <dd>
          <AddressText address={token} />
        </dd>
        {meta && (
          <>
            <dt>{t('dapp:watchAsset.symbol')}</dt>
            <dd>
              <UntrustedText text={meta.symbol} kind="symbol" />
            </dd>
            <dt>{t('dapp:watchAsset.name')}</dt>
            <dd>
              <UntrustedText text={meta.name} kind="tokenName" />
            </dd>
            <dt>{t('dapp:watchAsset.decimals')}</dt>
            <dd>{meta.decimals ?? t('dapp:watchAsset.noDecimalsGiven')}</dd>
          </>
        )}
      </dl>
      <p role="status">{read.isPending ? t('dapp:watchAsset.reading') : ''}</p>
      {mismatches.length > 0 && (
        <div className={ui.noticeWarning} role="alert">
          <p>{t('dapp:watchAsset.mismatch')}</p>
          <ul>
            {mismatches.map((m) => (
              <li key={m.id}>
                <T message={m} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {noDecimals && (
        <p className={ui.noticeWarning} role="alert">
          {t('dapp:watchAsset.noDecimals')}
        </p>
      )}
    </ApprovalFrame>
  );
}
