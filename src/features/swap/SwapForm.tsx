import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, type FormEvent, useMemo } from 'react';
import type { Address } from 'viem';
import { useStore } from 'zustand';
import { Amount } from '@/components/Amount';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import forms from '@/components/forms.module.css';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { presetFees } from '@/core/chain/fees';
import type { Network } from '@/core/chain/networks';
import type { UniswapDeployment } from '@/core/chain/uniswapDeployment';
import { amountValue, codeValue, type MessageId, untrustedValue } from '@/core/i18n/message';
import { deviceSeconds, swapDeadline } from '@/core/swap/deadline';
import { approvingPermit2 } from '@/core/swap/payment';
import { NATIVE } from '@/core/swap/pools';
import { impactBlocks } from '@/core/swap/routeChoice';
import { checkSlippage, DEFAULT_SLIPPAGE_BPS } from '@/core/swap/slippage';
import { amountInputText, useDecimalInput, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { shortAddress } from '@/lib/i18n/format';
import { type BalanceMark, type FungibleAsset, useFungibleAssets } from '@/lib/portfolio/useFungibleAssets';
import { useAccountRecords } from '@/lib/queries/recordQueries';
import { feeMarketQuery } from '@/lib/queries/txQueries';
import { simulatedReceived, useLastSwapSimulation } from '@/lib/send/swapSimulations';
import { useSmartAccount } from '@/lib/useSmartAccount';
import { useSigningAccounts } from '@/lib/vault/vault';
import { PermitPanel } from './PermitPanel';
import { QuotePanel, routeSymbols } from './QuotePanel';
import { ResetPanel } from './ResetPanel';
import { swapFlowStore, updateSwapForm } from './swapFlowStore';
import { leastOut, SWAP_GAS_RESERVE, swapInputsOf } from './swapInputsOf';
import { useSwapQuote } from './useSwapQuote';
import { type SwapPlan, useSwapReview } from './useSwapReview';

const tokenOf = (asset: FungibleAsset): Address => (asset.asset.kind === 'native' ? NATIVE : asset.asset.address);

export function SwapForm({ network, deployment }: { network: Network; deployment: UniswapDeployment }) {
  const t = useT('swap');
  const typing = useDecimalInput();
  const form = useStore(swapFlowStore, (s) => s.form);
  const { accounts: signable, preferred } = useSigningAccounts();
  const from = signable.find((a) => a.id === form.fromId) ?? preferred;
  const { assets } = useFungibleAssets(network, from?.address as Address | undefined);
  const assetIn = assets.find((a) => a.key === form.assetIn) ?? assets[0];
  const assetOut = assets.find((a) => a.key === form.assetOut);
  const market = useQuery(feeMarketQuery(network));
  const spendable = useMemo(() => {
    if (!assetIn || assetIn.balance === undefined) return undefined;
    if (assetIn.asset.kind !== 'native') return assetIn.balance;
    if (!market.data) return undefined;
    const fees = presetFees(market.data, 'normal');
    const reserve = SWAP_GAS_RESERVE * (fees.kind === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice);
    return assetIn.balance > reserve ? assetIn.balance - reserve : 0n;
  }, [assetIn, market.data]);
  const inputs = swapInputsOf({ form, assetIn, format: typing.format });
  const pair =
    assetIn && assetOut && inputs.amountIn !== undefined && !inputs.errors.assetOut
      ? { tokenIn: tokenOf(assetIn), tokenOut: tokenOf(assetOut), amountIn: inputs.amountIn }
      : undefined;
  const { quote, proof, error: quoteError, reading, head } = useSwapQuote(network, deployment, pair);
  const { stage, error, review, signPermit, sendReset, cancel } = useSwapReview(network, deployment);
  // An approve of the token for Permit2 (a reset to 0, the exact one) not yet mined: Review swap waits for it.
  const records = useAccountRecords(network, from?.address as Address | undefined);
  const approving =
    assetIn?.asset.kind === 'token' &&
    approvingPermit2(records, assetIn.asset.address, deployment.permit2) !== undefined;
  const smart = useSmartAccount(network, from?.address as Address | undefined);
  const symbolOf = useMemo(
    () =>
      routeSymbols(
        assets.flatMap((a) => (a.asset.kind === 'token' ? [{ address: a.asset.address, symbol: a.asset.symbol }] : [])),
        deployment.wrappedNative,
        network.nativeCurrency.symbol,
      ),
    [assets, deployment.wrappedNative, network.nativeCurrency.symbol],
  );
  // A quote the proofs contradict is no quote: nothing of it is offered.
  const best = quote?.kind === 'quoted' && proof?.state !== 'contradicted' ? quote.best : undefined;
  const lastSimulation = useLastSwapSimulation();
  const simulated =
    from && pair && quote
      ? simulatedReceived(lastSimulation, { networkId: network.id, from: from.address, ...pair }, quote.block)
      : undefined;
  const least = best ? leastOut(best.amountOut, inputs.slippageBps, simulated) : undefined;
  // From the device's clock; a head far ahead of it is refused, saying why.
  let deadline: bigint | undefined;
  let clockError: unknown;
  if (head && inputs.deadlineMinutes !== undefined) {
    try {
      deadline = swapDeadline({
        nowSeconds: deviceSeconds(),
        headTimestamp: head.timestamp,
        minutes: inputs.deadlineMinutes,
      });
    } catch (e) {
      clockError = e;
    }
  }
  const slippage = inputs.slippageBps === undefined ? undefined : checkSlippage(inputs.slippageBps);
  const plan: SwapPlan | undefined =
    from &&
    assetIn &&
    assetOut &&
    quote?.kind === 'quoted' &&
    best &&
    least !== undefined &&
    inputs.slippageBps !== undefined &&
    deadline !== undefined &&
    head &&
    !impactBlocks(best)
      ? {
          from,
          assetIn,
          assetOut,
          tokenIn: tokenOf(assetIn),
          tokenOut: tokenOf(assetOut),
          quote: best,
          quoteBlock: quote.block,
          minimumOut: least,
          slippageBps: inputs.slippageBps,
          deadline,
          head: head.number,
        }
      : undefined;
  const busy = stage.kind === 'checking' || stage.kind === 'signing';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (plan && !approving) void review(plan, smart.state.data?.kind === 'upgraded');
  };
  const change = (patch: Parameters<typeof updateSwapForm>[0]) => {
    cancel();
    updateSwapForm(patch);
  };
  const symbol = (asset: FungibleAsset) => untrustedValue(asset.asset.symbol, 'symbol');

  return (
    <form className={forms.stack} onSubmit={submit} noValidate aria-label={t('swap:form.label')}>
      <Field label={t('swap:form.from')}>
        <select value={from?.id ?? ''} onChange={(e) => change({ fromId: e.target.value })}>
          {signable.map((account) => (
            <option key={account.id} value={account.id}>
              {t('swap:form.fromOption', {
                name: untrustedValue(account.name, 'name'),
                address: codeValue(shortAddress(account.address)),
              })}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('swap:form.assetIn')}>
        <AssetSelect assets={assets} value={assetIn?.key} onChoose={(key) => change({ assetIn: key })} />
      </Field>
      {assetIn && (
        <div className={forms.amountRow}>
          <Field
            label={t('swap:form.amount', { symbol: symbol(assetIn) })}
            error={inputs.errors.amount}
            hint={typing.hint}
          >
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={form.amount}
              placeholder={`0${typing.format.decimal}0`}
              onChange={(e) => change({ amount: e.target.value })}
            />
          </Field>
          <div className={ui.actions}>
            {/* Writes the most that may be spent into the field once: a quote then stays put while fees move. */}
            <button
              type="button"
              className={ui.secondary}
              disabled={spendable === undefined}
              title={t('swap:form.maxHint')}
              onClick={() =>
                spendable !== undefined && change({ amount: amountInputText(spendable, assetIn.asset.decimals) })
              }
            >
              {t('swap:form.max')}
            </button>
          </div>
        </div>
      )}
      <Field label={t('swap:form.assetOut')} error={inputs.errors.assetOut}>
        <AssetSelect
          assets={assets}
          value={assetOut?.key}
          onChoose={(key) => change({ assetOut: key })}
          none={t('swap:form.choose')}
        />
      </Field>
      {[assetIn, assetOut].map(
        (asset) =>
          asset?.added && (
            <p key={`unlisted-${asset.key}`} className={ui.noticeWarning}>
              <T
                id="swap:form.unlisted"
                values={{
                  symbol: symbol(asset),
                  address: codeValue(asset.asset.kind === 'token' ? asset.asset.address : ''),
                }}
              />
            </p>
          ),
      )}
      <div className={forms.amountRow}>
        <Field label={t('swap:form.slippage')} error={inputs.errors.slippage} hint={typing.hint}>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={form.slippage ?? amountInputText(DEFAULT_SLIPPAGE_BPS, 2)}
            onChange={(e) => change({ slippage: e.target.value })}
          />
        </Field>
        <Field label={t('swap:form.deadline')} error={inputs.errors.deadline}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={form.deadline}
            onChange={(e) => change({ deadline: e.target.value })}
          />
        </Field>
      </div>
      {slippage?.kind === 'zero' && <p className={ui.noticeWarning}>{t('swap:form.slippageZero')}</p>}
      {slippage?.kind === 'high' && (
        <p className={ui.noticeWarning}>
          <T id="swap:form.slippageHigh" values={{ slippage: amountValue(inputs.slippageBps ?? 0n, 2) }} />
        </p>
      )}
      {/* Always there, so a screen reader hears the change of words, not a new element each time. */}
      <p role="status">{pair && reading && !quoteError ? t('swap:quote.reading') : ''}</p>
      {quoteError && <ErrorAlert message={errorMessage(quoteError)} />}
      {clockError !== undefined && <ErrorAlert message={errorMessage(clockError)} />}
      {quote && assetIn && assetOut && (
        <QuotePanel
          reading={quote}
          proof={proof}
          symbolIn={assetIn.asset.symbol}
          symbolOut={assetOut.asset.symbol}
          decimalsOut={assetOut.asset.decimals}
          leastOut={least}
          slippageBps={inputs.slippageBps}
          symbolOf={symbolOf}
        />
      )}
      {(stage.kind === 'permit' || stage.kind === 'signing') && plan && (
        <PermitPanel
          plan={plan}
          deployment={deployment}
          signing={stage.kind === 'signing'}
          withApprove={stage.withApprove === true}
          {...(stage.stale ? { stale: stage.stale } : {})}
          onSign={() => void signPermit(plan, stage.nonce, stage.withApprove, stage.stale)}
          onCancel={cancel}
        />
      )}
      {stage.kind === 'reset' && plan && (
        <ResetPanel plan={plan} stale={stage.stale} onReview={() => sendReset(plan)} onCancel={cancel} />
      )}
      <ErrorAlert message={error} />
      {approving && assetIn && <p role="status">{t('swap:form.approving', { symbol: symbol(assetIn) })}</p>}
      {!((stage.kind === 'permit' || stage.kind === 'signing' || stage.kind === 'reset') && plan) && (
        <div className={ui.actions}>
          <button type="submit" disabled={!plan || busy || approving}>
            {busy ? t('swap:form.checking') : t('swap:form.review')}
          </button>
        </div>
      )}
      {best && assetIn && (
        <p className={ui.muted}>
          <T
            id="swap:form.paying"
            tags={{
              0: <Amount value={best.amountIn} decimals={assetIn.asset.decimals} symbol={assetIn.asset.symbol} />,
            }}
          />
        </p>
      )}
    </form>
  );
}

/**
 * A list of the assets to swap; `none` heads it as a first, empty choice. Field hands the control
 * its id and descriptions, which are passed on to the select.
 */
function AssetSelect({
  assets,
  value,
  onChoose,
  none,
  ...control
}: {
  assets: readonly FungibleAsset[];
  value: string | undefined;
  onChoose: (key: string) => void;
  none?: string;
} & Pick<ComponentProps<'select'>, 'id' | 'aria-describedby' | 'aria-invalid'>) {
  const t = useT('swap');
  return (
    <select {...control} value={value ?? ''} onChange={(e) => onChoose(e.target.value)}>
      {none !== undefined && <option value="">{none}</option>}
      {assets.map((a) => (
        <option key={a.key} value={a.key}>
          {assetChoice(a, t)}
        </option>
      ))}
    </select>
  );
}

/** An asset in the lists: its symbol, with the balance once read. */
function assetChoice(a: FungibleAsset, t: ReturnType<typeof useT>): string {
  const symbol = untrustedValue(a.asset.symbol, 'symbol');
  return a.balance === undefined
    ? t('swap:form.assetReading', { symbol })
    : t(a.mark ? OPTION_MARKED[a.mark] : 'swap:form.assetOption', {
        symbol,
        balance: amountValue(a.balance, a.asset.decimals),
      });
}

/** An asset's balance in the lists, as proven where the node's claim is not (BalanceMark). */
const OPTION_MARKED = {
  contradicted: 'swap:form.assetOptionContradicted',
  moved: 'swap:form.assetOptionMoved',
  unproven: 'swap:form.assetOptionUnproven',
} as const satisfies Record<NonNullable<BalanceMark>, MessageId>;
