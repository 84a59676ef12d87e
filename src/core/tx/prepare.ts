import { type Address, erc20Abi, type Hex, type SignedAuthorizationList } from 'viem';
import { estimateGas, getBalance, getBlock, getCode, getTransactionCount, readContract } from 'viem/actions';
import { currentAt, type HeadBlock, headBlockOf } from '../chain/chainHead';
import { type ChainClient, chainClient } from '../chain/client';
import { feeFamilyOf } from '../chain/feeFamily';
import {
  costRange,
  exactFees,
  type FeeMarket,
  type FeePreset,
  type Fees,
  maxGasPrice,
  presetFees,
  readFeeMarket,
  sendAllFees,
} from '../chain/fees';
import {
  exactL1DataFee,
  type L1CostForm,
  type L1FeeTx,
  l1CostForm,
  l1FeeMax as l1FeeCap,
  readL1FeeRange,
} from '../chain/l1Fees';
import { chargesL1DataFee, type FeeFamily } from '../chain/networkFacts';
import type { Network } from '../chain/networks';
import { isNodeError } from '../chain/nodeErrors';
import { toChainError } from '../chain/toChainError';
import { InputError } from '../errors/input';
import { msg, untrustedValue } from '../i18n/message';
import { type Asset, type CallRequest, transferCall } from './transfer';

/** Gas headroom over the estimate for anything but a plain 21,000-gas transfer: +20 %. */
const GAS_MARGIN: [bigint, bigint] = [12n, 10n];
/** What a plain value transfer costs on Ethereum and most EVM chains. */
const PLAIN_TRANSFER_GAS = 21_000n;
/** Estimates this close above 21,000 for a plain transfer are a node's search overshoot, not real cost. */
const PLAIN_TRANSFER_SLACK = 1_000n;

export type AdvancedOverrides = {
  gasLimit?: bigint | undefined;
  fees?: Fees | undefined;
  nonce?: number | undefined;
  /** Extra call data for a native transfer. */
  data?: Hex | undefined;
  /** EIP-7702 authorizations the transaction will carry: the estimate runs with them. */
  authorizationList?: SignedAuthorizationList | undefined;
  /**
   * The gas estimate, made elsewhere: the node is not asked for one. A smart account's batch
   * whose upgrade is signed only at Confirm has it from its preview, since the node's estimate
   * would need the signed authorization.
   */
  gasEstimate?: bigint | undefined;
};

/**
 * What to send. `To` admits undefined only where a contract creation can flow (a site's
 * deployment: the network's coin as the asset, the init code in `advanced.data`).
 */
export type SendDraft<To extends Address | undefined = Address> = {
  network: Network;
  from: Address;
  /** Undefined: a contract creation. */
  recipient: To;
  asset: Asset;
  /** Base units; ignored when `max` is set. */
  amount: bigint;
  /** Send the whole native balance, leaving exactly the fee. */
  max: boolean;
  preset: FeePreset;
  advanced?: AdvancedOverrides;
  /**
   * Another transaction pays this call's fee: it goes in a batch (whose one transaction another
   * account may pay for), or it is a Safe's, which its executor pays. The balance must cover what
   * is sent, not the fee, and "Max" sends the whole balance.
   */
  inBatch?: boolean | undefined;
  /** In a batch: what its earlier calls already send of the same asset (the balance must cover both). */
  batchSpent?: bigint | undefined;
  /**
   * `from`'s balances proven apart from the node's claim (contradicted, or moved at its head:
   * provenApart in core/verify/figureChecks.ts), where a check has them: the send takes no more
   * than these, whatever the node says now ("Max" and the balance checks).
   */
  proven?: { native?: bigint | undefined; token?: bigint | undefined } | undefined;
};

/** A send ready for review: the exact call, gas, fees, costs and the balances it was checked against. */
export type PreparedSend<To extends Address | undefined = Address> = {
  draft: SendDraft<To>;
  amount: bigint;
  call: CallRequest<To>;
  gasLimit: bigint;
  gasEstimate: bigint;
  fees: Fees;
  market: FeeMarket;
  /** Network fees, the L1 data fee included where the network charges one. */
  cost: { expected: bigint; max: bigint };
  /**
   * The L1 data fee of OP Stack and Scroll rollups (0 elsewhere), part of `cost`: the oracle's
   * quote for this transaction as it will be signed (its gas, nonce and fees), so it is what the
   * receipt says while the L1 prices the oracle holds do not move. `cost.max` pads it (l1FeeMax).
   */
  l1Fee: bigint;
  /**
   * How the network's L1 cost shows in this fee (see L1CostForm): `inGas` on Arbitrum and ZKsync,
   * whose gas limits include it (the review says so, since they look large).
   */
  l1Cost: L1CostForm;
  nativeBalance: bigint;
  tokenBalance: bigint | undefined;
  /**
   * The latest block it was prepared at (the head it was given, or read), whose gas limit the
   * send's was checked against: the balances and nonce were read at it or later, and `market`
   * at it or later (its own `block` says).
   */
  block: HeadBlock;
  /** The account's next confirmed nonce (for checking an advanced nonce). */
  confirmedNonce: number;
  nonce: number | undefined;
};

/**
 * What the caller read already, so a send is prepared without asking the node for it again: the
 * shared head's latest block (or the read of it under way, awaited beside the other reads), and
 * the fee market, taken only when it was read at that block or later (FeeMarket's `block`).
 */
export type KnownReads = {
  head?: HeadBlock | Promise<HeadBlock | undefined> | undefined;
  market?: FeeMarket | undefined;
  /**
   * Whether the recipient runs code, as the caller read it at the head (a site's window reads
   * the code of every address a request calls first): not read again. A read that failed
   * (rejected, or undefined) is asked of the node here.
   */
  recipientRunsCode?: Promise<boolean | undefined> | undefined;
};

/** Whether `address` runs code: as `known` says, else one eth_getCode (a failed known read is asked again). */
async function runsCode(
  client: ChainClient,
  address: Address,
  known: Promise<boolean | undefined> | undefined,
): Promise<boolean> {
  const given = await known?.catch(() => undefined);
  if (given !== undefined) return given;
  const code = await getCode(client, { address });
  return code !== undefined && code !== '0x';
}

/** A prepared send that may create a contract (a site's deployment): what every review and send takes. */
export type AnyPreparedSend = PreparedSend<Address | undefined>;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** A balance the node gives now, never above the one proven apart from its claim (a lower one moved since). */
const atMost = (read: bigint, proven: bigint | undefined) => (proven !== undefined && proven < read ? proven : read);

/**
 * Works out everything a send needs before review in one batch of reads: fee market, block gas
 * limit, balances, nonce, the gas estimate and (on OP Stack and Scroll rollups) what the L1 data
 * fee can come to (readL1FeeRange). Where that range leaves more than one fee (a transaction above
 * the oracle's minimum size, a token's "Max"), one more read asks the fee of the transaction as it
 * will be signed, its gas, nonce and fees known by then: the review shows that one;
 * for a custom network stored before fee families, its family is read first, once (feeFamilyOf). What the
 * caller already has (`known`: the head, a fee market of that head) is not read again; a market
 * older than the head is. "Max" sends the native balance minus exactly the most the fees can
 * cost, paid in full, so nothing is left behind (on rollups with an L1 fee, that fee's headroom
 * stays).
 *
 * Errors: INPUT_AMOUNT (zero, above balance, balance below the fee), INPUT_GAS_LIMIT, RevertedError
 * (the estimate found a revert: its reason; not raised when the person set the gas limit), ChainError.
 */
export async function prepareSend<To extends Address | undefined = Address>(
  draft: SendDraft<To>,
  known: KnownReads = {},
): Promise<PreparedSend<To>> {
  const client = chainClient(draft.network);
  const { asset, from, recipient, network } = draft;
  /** The network's coin, in sentences (a custom network's symbol is the person's own text). */
  const native = untrustedValue(network.nativeCurrency.symbol, 'symbol');
  const probeAmount = draft.max ? 1n : draft.amount;
  const call = {
    ...firstCall(draft, probeAmount),
    ...(asset.kind === 'native' && draft.advanced?.data ? { data: draft.advanced.data } : {}),
  } as CallRequest<To>;
  const settled = <T>(promise: Promise<T>) =>
    promise.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  let market: FeeMarket;
  let block: HeadBlock;
  let nativeBalance: bigint;
  let tokenBalance: bigint | undefined;
  let confirmedNonce: number;
  let estimate: Awaited<ReturnType<typeof settled<bigint>>>;
  let l1Range: { low: bigint; high: bigint } | undefined;
  let toRunsCode: boolean | undefined;
  let family: FeeFamily;
  try {
    family = await feeFamilyOf(network, client);
    const latest = (head: HeadBlock | undefined) =>
      head ?? getBlock(client, { blockTag: 'latest' }).then((read) => headBlockOf(read));
    [market, block, nativeBalance, tokenBalance, confirmedNonce, estimate, l1Range, toRunsCode] = await Promise.all([
      knownMarket(known, () => readFeeMarket(client, family)),
      known.head instanceof Promise ? known.head.then(latest) : latest(known.head),
      getBalance(client, { address: from }),
      asset.kind === 'token'
        ? readContract(client, { address: asset.address, abi: erc20Abi, functionName: 'balanceOf', args: [from] })
        : Promise.resolve(undefined),
      getTransactionCount(client, { address: from, blockTag: 'latest' }),
      settled(
        draft.advanced?.gasEstimate !== undefined
          ? Promise.resolve(draft.advanced.gasEstimate)
          : estimateGas(client, {
              account: from,
              to: call.to,
              value: call.value,
              data: call.data === '0x' ? undefined : call.data,
              authorizationList: draft.advanced?.authorizationList,
            }),
      ),
      firstL1FeeRange(client, family, draft, call),
      recipient === undefined ? Promise.resolve(undefined) : runsCode(client, recipient, known.recipientRunsCode),
    ]);
  } catch (error) {
    throw toChainError(error);
  }
  nativeBalance = atMost(nativeBalance, draft.proven?.native);
  if (tokenBalance !== undefined) tokenBalance = atMost(tokenBalance, draft.proven?.token);

  if (!draft.max && draft.amount === 0n && asset.kind !== 'native') {
    throw new InputError('INPUT_AMOUNT', msg('core.chain:tx.amount.zero'));
  }
  const batchSpent = draft.batchSpent ?? 0n;
  if (asset.kind === 'token' && tokenBalance !== undefined && draft.amount + batchSpent > tokenBalance) {
    const symbol = untrustedValue(asset.symbol, 'symbol');
    throw new InputError(
      'INPUT_AMOUNT',
      batchSpent > 0n
        ? msg('core.chain:tx.amount.aboveBalanceWithBatch', { symbol })
        : msg('core.chain:tx.amount.aboveTokenBalance', { symbol }),
    );
  }
  if (!estimate.ok) {
    if (asset.kind === 'native' && !draft.max && isNodeError(estimate.error, 'CHAIN_INSUFFICIENT_FUNDS')) {
      throw new InputError('INPUT_AMOUNT', msg('core.chain:tx.amount.aboveBalance', { symbol: native }));
    }
    const error = toChainError(estimate.error);
    // With a gas limit of their own, a person may still send a call that would revert: the
    // review's preview says it would fail and holds Confirm back until they acknowledge it.
    if (!(error.code === 'CHAIN_REVERTED' && draft.advanced?.gasLimit !== undefined)) throw error;
  }
  const gasEstimate = estimate.ok ? estimate.value : (draft.advanced?.gasLimit ?? 0n);

  const fees =
    draft.max && asset.kind === 'native'
      ? draft.advanced?.fees
        ? exactFees(draft.advanced.fees)
        : sendAllFees(market, draft.preset)
      : (draft.advanced?.fees ?? presetFees(market, draft.preset));
  // A plain transfer to an account without code needs exactly 21,000 gas on Ethereum and chains
  // like it (which lets "Max" leave nothing behind; some nodes estimate a little above). A rollup
  // that counts its L1 cost in gas estimates far above: that estimate, and anything else, gets headroom.
  const plainTransfer = call.data === '0x' && !toRunsCode;
  const gasLimit =
    draft.advanced?.gasLimit ??
    (plainTransfer && gasEstimate <= PLAIN_TRANSFER_GAS + PLAIN_TRANSFER_SLACK
      ? PLAIN_TRANSFER_GAS
      : ceilDiv(gasEstimate * GAS_MARGIN[0], GAS_MARGIN[1]));
  // The padded maximum: from the generous quote of the first batch where it was read (a token's
  // "Max" reads none there: its call is known only now).
  let l1FeeMax = l1Range ? l1FeeCap(l1Range.high) : 0n;
  let maxFee = gasLimit * maxGasPrice(fees) + l1FeeMax;

  let amount = draft.amount;
  if (draft.max && asset.kind === 'native') {
    amount = nativeBalance - (draft.inBatch ? 0n : maxFee);
    if (amount <= 0n)
      throw new InputError('INPUT_AMOUNT', msg('core.chain:tx.amount.feeNotCovered', { symbol: native }));
    call.value = amount;
  } else if (draft.max && asset.kind === 'token' && recipient !== undefined) {
    amount = tokenBalance ?? 0n;
    Object.assign(call, transferCall({ from, to: recipient, asset, amount }));
  }
  // The fee of the transaction as it will be signed: known from the first batch when its range
  // allows only one value, else read now that gas, nonce and fees are known.
  let l1Fee = 0n;
  if (chargesL1DataFee(family)) {
    try {
      // The nonce the service signs with unless others are waiting (then a byte may differ).
      const signed: L1FeeTx = {
        chainId: network.chainId,
        to: call.to,
        value: call.value,
        data: call.data,
        nonce: draft.advanced?.nonce ?? confirmedNonce,
        gas: gasLimit,
        fees,
      };
      l1Fee = await exactL1DataFee(client, family, l1Range, signed);
    } catch (error) {
      throw toChainError(error);
    }
    if (!l1Range) {
      l1FeeMax = l1FeeCap(l1Fee);
      maxFee = gasLimit * maxGasPrice(fees) + l1FeeMax;
    }
  }
  const nativeNeeded = (asset.kind === 'native' ? amount + batchSpent : 0n) + (draft.inBatch ? 0n : maxFee);
  if (nativeNeeded > nativeBalance) {
    throw new InputError(
      'INPUT_AMOUNT',
      asset.kind !== 'native'
        ? msg('core.chain:tx.amount.forFee', { symbol: native })
        : batchSpent > 0n
          ? msg('core.chain:tx.amount.aboveBalanceWithBatch', { symbol: native })
          : msg('core.chain:tx.amount.plusFee', { symbol: native }),
    );
  }
  if (block.gasLimit && gasLimit > block.gasLimit) {
    throw new InputError('INPUT_GAS_LIMIT', msg('core.chain:tx.gasLimit.aboveBlock'));
  }
  const baseFee = market.kind === 'eip1559' ? market.baseFee : 0n;
  const gasCost = costRange(fees, gasLimit, gasEstimate < gasLimit ? gasEstimate : gasLimit, baseFee);
  return {
    draft,
    amount,
    call,
    gasLimit,
    gasEstimate,
    fees,
    market,
    cost: { expected: gasCost.expected + l1Fee, max: gasCost.max + l1FeeMax },
    l1Fee,
    l1Cost: l1CostForm(family),
    nativeBalance,
    tokenBalance,
    block,
    confirmedNonce,
    nonce: draft.advanced?.nonce,
  };
}

/**
 * The L1 data fee range read in the first batch (readL1FeeRange), on rollups that charge one: the
 * call as it stands, the fields the person set (gas limit, nonce, fees) as set and the others not
 * known yet, a "Max" send's value too. A token's "Max" reads none here: its call is known only
 * from the balance, and its fee is read once it is (exactL1DataFee).
 */
function firstL1FeeRange(
  client: ChainClient,
  family: FeeFamily,
  draft: SendDraft<Address | undefined>,
  call: CallRequest<Address | undefined>,
): Promise<{ low: bigint; high: bigint } | undefined> {
  if (!chargesL1DataFee(family) || (draft.max && draft.asset.kind !== 'native')) return Promise.resolve(undefined);
  const { advanced } = draft;
  return readL1FeeRange(client, family, {
    chainId: draft.network.chainId,
    to: call.to,
    value: draft.max ? undefined : call.value,
    data: call.data,
    nonce: advanced?.nonce,
    gas: advanced?.gasLimit,
    fees: advanced?.fees && draft.max ? exactFees(advanced.fees) : advanced?.fees,
  });
}

/**
 * The fee market to prepare with: the one known, when it was read at the head or later (decided at
 * once for a head in hand, so the other reads still travel in one batch), else read now.
 */
function knownMarket(known: KnownReads, read: () => Promise<FeeMarket>): Promise<FeeMarket> {
  const { market, head } = known;
  if (!market || head === undefined) return read();
  if (!(head instanceof Promise)) return currentAt(market.block, head.number) ? Promise.resolve(market) : read();
  return head.then((block) => (block !== undefined && currentAt(market.block, block.number) ? market : read()));
}

/**
 * The call a draft makes (before "Max" is worked out): the transfer to its recipient, or for a
 * creation (no recipient; only the network's coin can go with it) the value and no code yet.
 */
function firstCall(draft: SendDraft<Address | undefined>, amount: bigint): CallRequest<Address | undefined> {
  const { from, recipient, asset } = draft;
  if (recipient !== undefined) return transferCall({ from, to: recipient, asset, amount });
  if (asset.kind !== 'native') throw new TypeError('A contract creation carries only the network’s coin.');
  return { to: undefined, value: amount, data: '0x' };
}
