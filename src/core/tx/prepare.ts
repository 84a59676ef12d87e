import { type Address, erc20Abi, type Hex } from 'viem';
import { estimateGas, getBalance, getBlock, getCode, getTransactionCount, readContract } from 'viem/actions';
import { chainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import { toChainError } from '../chain/toChainError';
import { InputError } from '../errors/input';
import {
  costRange,
  exactFees,
  type FeeMarket,
  type FeePreset,
  type Fees,
  maxGasPrice,
  presetFees,
  readFeeMarket,
} from './fees';
import { type Asset, type CallRequest, transferCall } from './transfer';

/** Gas headroom over the estimate for calls into contracts (token transfers): +20 %. */
const CONTRACT_GAS_MARGIN: [bigint, bigint] = [12n, 10n];

export type AdvancedOverrides = {
  gasLimit?: bigint | undefined;
  fees?: Fees | undefined;
  nonce?: number | undefined;
  /** Extra call data for a native transfer. */
  data?: Hex | undefined;
};

export type SendDraft = {
  network: Network;
  from: Address;
  recipient: Address;
  asset: Asset;
  /** Base units; ignored when `max` is set. */
  amount: bigint;
  /** Send the whole native balance, leaving exactly the fee. */
  max: boolean;
  preset: FeePreset;
  advanced?: AdvancedOverrides;
};

/** A send ready for review: the exact call, gas, fees, costs and the balances it was checked against. */
export type PreparedSend = {
  draft: SendDraft;
  amount: bigint;
  call: CallRequest;
  gasLimit: bigint;
  gasEstimate: bigint;
  fees: Fees;
  market: FeeMarket;
  cost: { expected: bigint; max: bigint };
  nativeBalance: bigint;
  tokenBalance: bigint | undefined;
  blockGasLimit: bigint;
  /** The account's next confirmed nonce (for checking an advanced nonce). */
  confirmedNonce: number;
  nonce: number | undefined;
};

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/**
 * Works out everything a send needs before review, reading the chain in as few requests as
 * possible: fee market, block gas limit, balances and nonce together, then the gas estimate.
 * "Max" sends the native balance minus exactly gas × max fee, paid in full (tip = max fee), so
 * nothing is left behind.
 *
 * Errors: INPUT_AMOUNT (zero, above balance, balance below the fee), INPUT_GAS_LIMIT, RevertedError
 * (the estimate found a revert: its reason), ChainError.
 */
export async function prepareSend(draft: SendDraft): Promise<PreparedSend> {
  const client = chainClient(draft.network);
  const { asset, from, recipient } = draft;
  const symbol = draft.network.nativeCurrency.symbol;
  let market: FeeMarket;
  let block: Awaited<ReturnType<typeof getBlock>>;
  let nativeBalance: bigint;
  let tokenBalance: bigint | undefined;
  let confirmedNonce: number;
  let recipientCode: Hex | undefined;
  try {
    [market, block, nativeBalance, tokenBalance, confirmedNonce, recipientCode] = await Promise.all([
      readFeeMarket(client),
      getBlock(client, { blockTag: 'latest' }),
      getBalance(client, { address: from }),
      asset.kind === 'token'
        ? readContract(client, { address: asset.address, abi: erc20Abi, functionName: 'balanceOf', args: [from] })
        : Promise.resolve(undefined),
      getTransactionCount(client, { address: from, blockTag: 'latest' }),
      getCode(client, { address: recipient }),
    ]);
  } catch (error) {
    throw toChainError(error);
  }

  if (!draft.max && draft.amount === 0n && asset.kind === 'token') {
    throw new InputError('INPUT_AMOUNT', 'Enter an amount above zero.');
  }
  if (asset.kind === 'token' && tokenBalance !== undefined && draft.amount > tokenBalance) {
    throw new InputError('INPUT_AMOUNT', `The amount is more than this account's ${asset.symbol} balance.`);
  }

  const baseFees = draft.advanced?.fees ?? presetFees(market, draft.preset);
  const fees = draft.max && asset.kind === 'native' ? exactFees(baseFees) : baseFees;
  const probeAmount = draft.max ? 1n : draft.amount;
  const call: CallRequest = {
    ...transferCall({ from, to: recipient, asset, amount: probeAmount }),
    ...(asset.kind === 'native' && draft.advanced?.data ? { data: draft.advanced.data } : {}),
  };

  // A plain transfer to an account without code costs exactly 21,000 gas: no estimate needed
  // (and an exact limit is what lets "Max" leave nothing behind).
  const plainTransfer = call.data === '0x' && (!recipientCode || recipientCode === '0x');
  let gasEstimate = 21_000n;
  if (!plainTransfer) {
    try {
      gasEstimate = await estimateGas(client, {
        account: from,
        to: call.to,
        value: call.value,
        data: call.data === '0x' ? undefined : call.data,
      });
    } catch (error) {
      throw toChainError(error);
    }
  }
  const gasLimit =
    draft.advanced?.gasLimit ??
    (call.data === '0x' ? gasEstimate : ceilDiv(gasEstimate * CONTRACT_GAS_MARGIN[0], CONTRACT_GAS_MARGIN[1]));
  const maxFee = gasLimit * maxGasPrice(fees);

  let amount = draft.amount;
  if (draft.max && asset.kind === 'native') {
    amount = nativeBalance - maxFee;
    if (amount <= 0n) throw new InputError('INPUT_AMOUNT', `The ${symbol} balance does not cover the network fee.`);
    call.value = amount;
  } else if (draft.max && asset.kind === 'token') {
    amount = tokenBalance ?? 0n;
    Object.assign(call, transferCall({ from, to: recipient, asset, amount }));
  }
  const nativeNeeded = (asset.kind === 'native' ? amount : 0n) + maxFee;
  if (nativeNeeded > nativeBalance) {
    throw new InputError(
      'INPUT_AMOUNT',
      asset.kind === 'native'
        ? `Not enough ${symbol}: the amount plus the maximum network fee is more than the balance.`
        : `Not enough ${symbol} for the network fee.`,
    );
  }
  if (block.gasLimit && gasLimit > block.gasLimit) {
    throw new InputError('INPUT_GAS_LIMIT', 'The gas limit is above the block gas limit.');
  }
  const baseFee = market.kind === 'eip1559' ? market.baseFee : 0n;
  return {
    draft,
    amount,
    call,
    gasLimit,
    gasEstimate,
    fees,
    market,
    cost: costRange(fees, gasLimit, gasEstimate, baseFee),
    nativeBalance,
    tokenBalance,
    blockGasLimit: block.gasLimit,
    confirmedNonce,
    nonce: draft.advanced?.nonce,
  };
}
