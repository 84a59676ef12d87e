import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Abi, type Address, erc20Abi } from 'viem';
import { useStore } from 'zustand';
import type { Account } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import type { UniswapDeployment } from '@/core/chain/uniswapDeployment';
import type { Message } from '@/core/i18n/message';
import { msg } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { signTypedDataWith } from '@/core/signing/sign';
import { deviceSeconds } from '@/core/swap/deadline';
import { approveCalls, paymentStep } from '@/core/swap/payment';
import type { SwapQuote } from '@/core/swap/routeChoice';
import { universalRouterAbi } from '@/core/swap/routerCommands';
import { permitTypedData, swapPermit } from '@/core/swap/swapPermit';
import type { SwapFacts } from '@/core/swap/swapReview';
import { swapTransaction } from '@/core/swap/swapTransaction';
import { failureMessage } from '@/lib/i18n/errorMessages';
import { useLinks } from '@/lib/links';
import type { FungibleAsset } from '@/lib/portfolio/useFungibleAssets';
import { swapPaymentQuery } from '@/lib/queries/swapQueries';
import { queueForBatch, requestSend } from '@/lib/send/sendRequest';
import { useVaultSession } from '@/lib/vault/vault';
import { keepPermit, swapFlowStore } from './swapFlowStore';

/** What the swap is, once everything it needs is read: the quote, its minimum and its deadline. */
export type SwapPlan = {
  from: Account;
  assetIn: FungibleAsset;
  assetOut: FungibleAsset;
  tokenIn: Address;
  tokenOut: Address;
  quote: SwapQuote;
  quoteBlock: bigint;
  minimumOut: bigint;
  slippageBps: bigint;
  /** Unix seconds: the device's clock plus the minutes chosen (swapDeadline); also the permit's expiry. */
  deadline: bigint;
  /** The head when the person asked: allowances and the permit's nonce are read there. */
  head: bigint;
};

/**
 * Permit2 still holds `current` of the token, not 0 but less than the amount: the approve sets it
 * to 0 first, as USDT and tokens like it refuse one non-zero allowance to another (approveCalls).
 */
export type StaleAllowance = { current: bigint };

export type ReviewStage =
  | { kind: 'idle' }
  | { kind: 'checking' }
  /**
   * A plain account's stale allowance: the Swap screen says why it is set to 0 first and lists the
   * reset and the exact approve in order; the reset then goes to Send's review.
   */
  | { kind: 'reset'; stale: StaleAllowance }
  /**
   * The person is asked to sign a permit for exactly the amount, until the deadline. `withApprove`:
   * the token's approve for Permit2 goes with the swap in one transaction (a smart account's batch),
   * after a reset to 0 when `stale`.
   */
  | { kind: 'permit'; nonce: number; withApprove?: boolean; stale?: StaleAllowance }
  | { kind: 'signing'; nonce: number; withApprove?: boolean; stale?: StaleAllowance };

/** A kept permit is used only with a minute still to run: the swap then ends with it. */
const PERMIT_MARGIN_SECONDS = 60n;

/**
 * "Review swap": a token in is paid through Permit2, so first an exact approve for Permit2 (a
 * transaction through Send) when the token does not allow it, after a reset to 0 when a smaller
 * allowance is left, then a permit signed for exactly the amount, unless one stands; then the
 * router call goes to Send's review with the swap's facts.
 */
export function useSwapReview(network: Network, deployment: UniswapDeployment) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const links = useLinks();
  const session = useVaultSession();
  const kept = useStore(swapFlowStore, (s) => s.permit);
  const [stage, setStage] = useState<ReviewStage>({ kind: 'idle' });
  const [error, setError] = useState<Message | string>();

  /** The token's approves for Permit2: exactly the amount, after a reset to 0 when one is stale. */
  const approvals = (plan: SwapPlan, stale?: StaleAllowance) =>
    approveCalls({
      token: plan.tokenIn,
      permit2: deployment.permit2,
      amount: plan.quote.amountIn,
      resetFirst: stale !== undefined,
    });

  /** Send's review of one of the token's approves, from Swap. */
  const sendApprove = (plan: SwapPlan, call: ReturnType<typeof approvals>[number]) => {
    setStage({ kind: 'idle' });
    requestSend({
      networkId: network.id,
      recipient: call.to,
      value: 0n,
      data: call.data,
      callAbi: erc20Abi as unknown as Abi,
      fromId: plan.from.id,
      origin: 'swap',
    });
    navigate(links.send);
  };

  const toSend = (plan: SwapPlan, permit: typeof kept, withApprove = false, stale?: StaleAllowance) => {
    const tx = swapTransaction({
      router: deployment.universalRouter,
      quote: plan.quote,
      tokenIn: plan.tokenIn,
      tokenOut: plan.tokenOut,
      amountOutMin: plan.minimumOut,
      deadline: plan.deadline,
      ...(permit ? { permit } : {}),
    });
    const facts: SwapFacts = {
      from: plan.from.address as Address,
      router: tx.to,
      value: tx.value,
      data: tx.data,
      tokenIn: plan.tokenIn,
      symbolIn: plan.assetIn.asset.symbol,
      decimalsIn: plan.assetIn.asset.decimals,
      amountIn: plan.quote.amountIn,
      tokenOut: plan.tokenOut,
      symbolOut: plan.assetOut.asset.symbol,
      decimalsOut: plan.assetOut.asset.decimals,
      quotedOut: plan.quote.amountOut,
      minimumOut: plan.minimumOut,
      quoteBlock: plan.quoteBlock,
      slippageBps: plan.slippageBps,
    };
    if (withApprove) {
      // One transaction from the smart account: the approve (after its reset), then the swap that uses it.
      for (const call of approvals(plan, stale))
        queueForBatch({
          networkId: network.id,
          fromId: plan.from.id,
          recipient: call.to,
          value: 0n,
          data: call.data,
          callName: 'approve(address,uint256)',
        });
      queueForBatch({
        networkId: network.id,
        fromId: plan.from.id,
        recipient: tx.to,
        value: tx.value,
        data: tx.data,
        callName: 'execute(bytes,bytes[],uint256)',
      });
      navigate(links.send);
      return;
    }
    requestSend({
      networkId: network.id,
      recipient: tx.to,
      value: tx.value,
      data: tx.data,
      callAbi: universalRouterAbi as unknown as Abi,
      fromId: plan.from.id,
      origin: 'swap',
      swap: facts,
    });
    navigate(links.send);
  };

  /**
   * A permit kept from before for this owner, token, exact amount and nonce, with a minute still
   * to run: the swap then takes the permit's end as its deadline (never a later one).
   */
  const keptFor = (plan: SwapPlan, nonce: number) => {
    if (!kept || kept.networkId !== network.id) return undefined;
    const ends = BigInt(kept.permit.details.expiration);
    const now = deviceSeconds();
    const fits =
      sameAddress(kept.owner as Address, plan.from.address as Address) &&
      sameAddress(kept.permit.details.token, plan.tokenIn) &&
      kept.permit.details.amount === plan.quote.amountIn &&
      kept.permit.details.nonce === nonce &&
      ends > now + PERMIT_MARGIN_SECONDS;
    return fits ? { permit: kept, deadline: ends < plan.deadline ? ends : plan.deadline } : undefined;
  };

  /** `upgraded`: the account is a smart account, whose approve and swap can go as one transaction. */
  async function review(plan: SwapPlan, upgraded = false) {
    setError(undefined);
    if (plan.assetIn.asset.kind === 'native') return toSend(plan, undefined);
    setStage({ kind: 'checking' });
    try {
      const state = await queryClient.fetchQuery(
        swapPaymentQuery(network, deployment, plan.from.address as Address, plan.tokenIn, plan.head),
      );
      const step = paymentStep(state, plan.quote.amountIn, plan.deadline);
      const stale = step.kind === 'approve' && step.resetFirst ? { current: step.current } : undefined;
      if (step.kind === 'approve' && upgraded) {
        setStage({ kind: 'permit', nonce: state.permit2.nonce, withApprove: true, ...(stale ? { stale } : {}) });
        return;
      }
      if (step.kind === 'approve' && stale) {
        setStage({ kind: 'reset', stale });
        return;
      }
      if (step.kind === 'approve') {
        const [exact] = approvals(plan);
        if (exact) sendApprove(plan, exact);
        return;
      }
      if (step.kind === 'ready') return toSend(plan, undefined);
      const standing = keptFor(plan, step.nonce);
      if (standing) return toSend({ ...plan, deadline: standing.deadline }, standing.permit);
      setStage({ kind: 'permit', nonce: step.nonce });
    } catch (e) {
      setStage({ kind: 'idle' });
      setError(failureMessage(e, msg('swap:review.nothingSent')));
    }
  }

  async function signPermit(plan: SwapPlan, nonce: number, withApprove = false, stale?: StaleAllowance) {
    setError(undefined);
    const asked = { nonce, withApprove, ...(stale ? { stale } : {}) };
    setStage({ kind: 'signing', ...asked });
    try {
      const permit = swapPermit({
        token: plan.tokenIn,
        amount: plan.quote.amountIn,
        router: deployment.universalRouter,
        nonce,
        expiry: plan.deadline,
      });
      const signature = await signTypedDataWith(
        session.signerFor(plan.from),
        permitTypedData(permit, deployment.permit2, network.chainId),
      );
      const signed = { permit, signature, owner: plan.from.address, networkId: network.id };
      keepPermit(signed);
      setStage({ kind: 'idle' });
      toSend(plan, signed, withApprove, stale);
    } catch (e) {
      setStage({ kind: 'permit', ...asked });
      setError(failureMessage(e, msg('swap:review.nothingSigned')));
    }
  }

  /** A plain account's reset to 0, reviewed on Send; back on Swap, Review swap then asks for the exact approve. */
  const sendReset = (plan: SwapPlan) => {
    const [reset] = approvals(plan, { current: 0n });
    if (reset) sendApprove(plan, reset);
  };

  const cancel = () => setStage({ kind: 'idle' });
  return { stage, error, review, signPermit, sendReset, cancel };
}
