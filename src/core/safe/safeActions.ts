import { type Address, encodeFunctionData, type Hex, zeroAddress } from 'viem';
import { chainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import { RevertedError } from '../errors/chain';
import { SafeError } from '../errors/safe';
import { codeValue, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import type { SigningAccount } from '../signing/signerAccount';
import type { AnyPreparedSend } from '../tx/prepare';
import { prepareCall } from '../tx/preparedCalls';
import type { CallRequest } from '../tx/transfer';
import { confirmations } from './confirmations';
import { genuineSafeContractOn, isGenuineSafeContractAt, isSafeContract } from './knownCode';
import { multiSendData } from './multiSend';
import { keptSignature, type PendingSafeTx } from './pendingSafeTx';
import type { SafeState } from './readSafe';
import { signMessageLibAbi } from './safeAbi';
import { safeRevertSentence } from './safeRevert';
import { callSafeTx, execTransactionCall, type SafeTx, safeTxHash, safeTxTypedData } from './safeTx';
import { recoverSafeSignature, type SafeSignature } from './signatures';

/** The nonce a new Safe transaction takes: the Safe's own, past every one Cairn keeps waiting for it. */
export function nextSafeNonce(state: SafeState, kept: readonly PendingSafeTx[]): bigint {
  const waiting = kept.filter(
    (p) => p.status === 'pending' && p.chainId === state.chainId && sameAddress(p.safe, state.address),
  );
  return waiting.reduce((next, p) => (p.tx.nonce >= next ? p.tx.nonce + 1n : next), state.nonce);
}

/**
 * Of the MultiSendCallOnly deployments Safe published for the Safe's version, the one whose code is
 * on this chain as published. Throws SAFE_UNKNOWN_CODE when none is, and a ChainError.
 */
export async function multiSendCallOnlyOn(network: Network, state: SafeState): Promise<Address> {
  const version = state.known?.version ?? '1.4.1';
  const found = await genuineSafeContractOn(chainClient(network), version, 'MultiSendCallOnly');
  if (!found)
    throw new SafeError('SAFE_UNKNOWN_CODE', msg('core.chain:safe.noMultiSend', { version: codeValue(version) }));
  return found;
}

/**
 * A new Safe transaction of `calls` from the Safe: one call as it is, several as one batch through
 * MultiSendCallOnly (a delegatecall, the only one Cairn proposes), at the next free nonce. Nothing
 * is signed. Throws multiSendCallOnlyOn's errors.
 */
export async function proposeSafeTx(args: {
  network: Network;
  state: SafeState;
  calls: readonly CallRequest[];
  kept: readonly PendingSafeTx[];
  site?: string | undefined;
  now: number;
  /** The head now, from which its outcome is looked for later. */
  head: bigint | undefined;
}): Promise<PendingSafeTx> {
  const { network, state, calls } = args;
  const nonce = nextSafeNonce(state, args.kept);
  const [only] = calls;
  const tx: SafeTx =
    calls.length === 1 && only
      ? callSafeTx(only, nonce)
      : callSafeTx({ to: await multiSendCallOnlyOn(network, state), value: 0n, data: multiSendData(calls) }, nonce, 1);
  return proposed(network, state, tx, args);
}

/** A Safe transaction just proposed, with no signature yet, kept with the owners it was proposed to. */
function proposed(
  network: Network,
  state: SafeState,
  tx: SafeTx,
  args: { now: number; site?: string | undefined; head: bigint | undefined },
): PendingSafeTx {
  return {
    chainId: network.chainId,
    safe: state.address,
    safeTxHash: safeTxHash({ chainId: network.chainId, address: state.address }, tx),
    tx,
    signatures: [],
    status: 'pending',
    createdAt: args.now,
    site: args.site,
    proposedWith: { owners: state.owners, threshold: state.threshold },
    keptAtBlock: args.head,
  };
}

/** How far past the Safe's nonce a kept transaction may be: further is a mistake, or a trap. */
const MAX_NONCE_AHEAD = 100n;

/**
 * Refuses a Safe transaction Cairn will not sign, keep or execute:
 * - a refund to the executor (gasPrice, baseGas, gasToken, refundReceiver: Cairn's own have none;
 *   a refund can pay a stranger from the Safe's balance in any token, and is not shown);
 * - a nonce far past the Safe's (it would hold back every later proposal);
 * - a delegatecall to anything but Safe's MultiSendCallOnly or SignMessageLib whose code is on this
 *   chain as Safe published it (a delegatecall runs other code as the Safe: it could take everything).
 * Throws SAFE_REFUND_REFUSED, SAFE_NONCE_FAR, SAFE_DELEGATECALL_REFUSED, a ChainError.
 */
export async function checkSafeTx(network: Network, state: SafeState, tx: SafeTx): Promise<void> {
  if (tx.gasPrice !== 0n || tx.baseGas !== 0n || tx.gasToken !== zeroAddress || tx.refundReceiver !== zeroAddress)
    throw new SafeError('SAFE_REFUND_REFUSED', msg('core.chain:safe.refund', { to: codeValue(tx.refundReceiver) }));
  if (tx.nonce > state.nonce + MAX_NONCE_AHEAD)
    throw new SafeError(
      'SAFE_NONCE_FAR',
      msg('core.chain:safe.nonceFar', { nonce: tx.nonce.toString(), next: state.nonce.toString() }),
    );
  if (tx.operation === 0) return;
  const version = state.known?.version;
  const name =
    version && (['MultiSendCallOnly', 'SignMessageLib'] as const).find((n) => isSafeContract(version, n, tx.to));
  const genuine = version && name ? await genuineSafeContractOn(chainClient(network), version, name) : undefined;
  if (!genuine || !sameAddress(genuine, tx.to))
    throw new SafeError('SAFE_DELEGATECALL_REFUSED', msg('core.chain:safe.delegatecall', { to: codeValue(tx.to) }));
}

/**
 * A message signed as the Safe (EIP-1271): a Safe transaction that delegatecalls Safe's
 * SignMessageLib (its code checked on the chain) with the message's hash, which the Safe's
 * fallback handler then answers for; so that handler must be Safe's CompatibilityFallbackHandler,
 * as published. `message`: the words the person reviewed, kept to show with it. Throws
 * SAFE_UNKNOWN_CODE (no such contract as published, or another fallback handler), a ChainError.
 */
export async function proposeSafeMessage(args: {
  network: Network;
  state: SafeState;
  hash: Hex;
  message: string;
  kept: readonly PendingSafeTx[];
  site?: string | undefined;
  now: number;
  head: bigint | undefined;
}): Promise<PendingSafeTx> {
  const { network, state } = args;
  const client = chainClient(network);
  const version = state.known?.version;
  const handler = state.fallbackHandler;
  const handled =
    version !== undefined &&
    handler !== undefined &&
    (await isGenuineSafeContractAt(client, version, 'CompatibilityFallbackHandler', handler));
  const lib = handled && version ? await genuineSafeContractOn(client, version, 'SignMessageLib') : undefined;
  if (!lib) throw new SafeError('SAFE_UNKNOWN_CODE', msg('core.chain:safe.noMessageSigning'));
  const data = encodeFunctionData({ abi: signMessageLibAbi, functionName: 'signMessage', args: [args.hash] });
  const tx = callSafeTx({ to: lib, value: 0n, data }, nextSafeNonce(state, args.kept), 1);
  return { ...proposed(network, state, tx, args), message: args.message };
}

/**
 * An owner's offline confirmation: `owner` signs the SafeTx typed data (its vault key, Ledger or QR
 * device), checked to recover to it. Throws SAFE_NOT_OWNER for an account that is not an owner now,
 * and what the signer throws.
 */
export async function signAsOwner(
  network: Network,
  owner: SigningAccount,
  state: SafeState,
  pending: PendingSafeTx,
): Promise<SafeSignature> {
  if (!state.owners.some((o) => sameAddress(o, owner.address)))
    throw new SafeError('SAFE_NOT_OWNER', msg('core.chain:safe.notOwner', { account: codeValue(owner.address) }));
  await checkSafeTx(network, state, pending.tx);
  const data = await owner.signTypedData(
    safeTxTypedData({ chainId: pending.chainId, address: pending.safe }, pending.tx),
  );
  const signature = await recoverSafeSignature(pending.safeTxHash, data);
  if (!sameAddress(signature.signer, owner.address))
    throw new SafeError(
      'SAFE_SIGNATURE_NOT_OWNER',
      msg('core.chain:safe.import.otherSigner', { signer: codeValue(owner.address) }),
    );
  return signature;
}

/**
 * The execution of a Safe transaction from `executor` (any of the person's accounts), prepared as
 * Send prepares a call: the confirmations counted now (current owners and threshold, on-chain
 * approvals, the executor itself when an owner), then execTransaction estimated, which runs it.
 * Throws SAFE_NOT_CONFIRMED (too few), SAFE_EXECUTION_REVERTS (it would fail, with Safe's reason
 * in words), and what preparing throws.
 */
export async function prepareExecution(args: {
  network: Network;
  executor: Address;
  state: SafeState;
  pending: PendingSafeTx;
  approvedOnChain: readonly Address[];
}): Promise<{ prepared: AnyPreparedSend; confirmed: Address[] }> {
  const { network, state, pending } = args;
  await checkSafeTx(network, state, pending.tx);
  const counted = confirmations({
    owners: state.owners,
    threshold: state.threshold,
    signatures: pending.signatures.map(keptSignature),
    approvedOnChain: args.approvedOnChain,
    executor: args.executor,
  });
  if (!counted.signatures)
    throw new SafeError(
      'SAFE_NOT_CONFIRMED',
      msg('core.chain:safe.notConfirmed', { confirmed: counted.confirmed.length, threshold: state.threshold }),
    );
  try {
    const call = execTransactionCall(state.address, pending.tx, counted.signatures);
    return { prepared: await prepareCall(network, args.executor, call), confirmed: counted.confirmed };
  } catch (error) {
    if (error instanceof RevertedError) {
      const said = typeof error.reason === 'string' ? error.reason : undefined;
      const reason = safeRevertSentence(said) ?? error.text;
      throw new SafeError('SAFE_EXECUTION_REVERTS', reason, { cause: error });
    }
    throw error;
  }
}
