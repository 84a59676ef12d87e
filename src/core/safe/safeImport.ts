import type { Address } from 'viem';
import type { Account } from '../accounts/account';
import type { Network } from '../chain/networks';
import { SafeError } from '../errors/safe';
import { codeValue, type Message, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { checkPastedSignatures, type PastedOutcome, parsePastedSignatures } from './pastedSignatures';
import { keptSignature, type PendingSafeTx, sameSafeTx } from './pendingSafeTx';
import type { SafeState } from './readSafe';
import { checkSafeTx } from './safeActions';
import type { SafeTxFile } from './safeTxFile';
import { checkedSignature, type SafeSignature, signatureRefusal } from './signatures';

/** What an import brings: the transaction to keep, the signatures taken, and a sentence for each refused. */
export type SafeImport = {
  pending: PendingSafeTx;
  accepted: SafeSignature[];
  refused: Message[];
  /** Its nonce is below the Safe's: it can no longer be executed (executed or replaced elsewhere). */
  nonceUsed: boolean;
};

/**
 * Checks a Safe transaction another owner passed on (file, link or QR code) against what the
 * person's node says of the Safe now, before anything is kept: it must be for one of the person's
 * Safe accounts on `network`, run no delegatecall but Safe's own, and each signature must recover
 * to a current owner, for exactly this safeTxHash, once. Signatures that fail are refused one by
 * one, naming why; the others are taken. Throws SAFE_NOT_A_SAFE (not a Safe of the person's, on
 * this network) and SAFE_DELEGATECALL_REFUSED.
 */
export async function checkSafeImport(args: {
  file: SafeTxFile;
  network: Network;
  accounts: readonly Account[];
  state: SafeState;
  kept: readonly PendingSafeTx[];
  now: number;
  /** The head now, from which its outcome is looked for later. */
  head: bigint | undefined;
}): Promise<SafeImport> {
  const { file, network, state } = args;
  const isMine = args.accounts.some(
    (a) => a.source.kind === 'safe' && a.source.chainId === file.chainId && sameAddress(a.address, file.safe),
  );
  if (file.chainId !== network.chainId || !isMine || !sameAddress(state.address, file.safe))
    throw new SafeError(
      'SAFE_NOT_A_SAFE',
      msg('core.chain:safe.import.unknownSafe', { safe: codeValue(file.safe), chainId: String(file.chainId) }),
    );
  await checkSafeTx(network, state, file.tx);
  const already = args.kept.find((p) => sameSafeTx(p, file));
  const collected: SafeSignature[] = (already?.signatures ?? []).map(keptSignature);
  const accepted: SafeSignature[] = [];
  const refused: SafeImport['refused'] = [];
  for (const { signer, data } of file.signatures) {
    try {
      const signature = await checkedSignature({ hash: file.safeTxHash, data, owners: state.owners, collected });
      if (!sameAddress(signature.signer, signer))
        throw new SafeError(
          'SAFE_SIGNATURE_NOT_OWNER',
          msg('core.chain:safe.import.otherSigner', { signer: codeValue(signer) }),
        );
      accepted.push(signature);
      collected.push(signature);
    } catch (error) {
      if (!(error instanceof SafeError)) throw error;
      if (error.code === 'SAFE_SIGNATURE_DUPLICATE' && already?.signatures.some((s) => sameAddress(s.signer, signer)))
        continue;
      refused.push(signatureRefusal(error, { claimed: signer }));
    }
  }
  const pending: PendingSafeTx = already ?? {
    ...file,
    signatures: [],
    status: 'pending',
    createdAt: args.now,
    proposedWith: { owners: state.owners, threshold: state.threshold },
    // A nonce used already: what happened to it came before Cairn knew it, and stays undecided.
    keptAtBlock: file.tx.nonce < state.nonce ? undefined : args.head,
  };
  return { pending, accepted, refused, nonceUsed: file.tx.nonce < state.nonce };
}

/**
 * Checks signatures an owner made outside Cairn and pasted on a kept transaction's card (hex or
 * the Transaction Service's JSON, parsePastedSignatures) against the Safe now: each must recover,
 * over that transaction's safeTxHash, to a current owner not counted yet (`counted`: by signature
 * or on-chain). A signature made for another of the Safe's kept transactions is said so. Throws
 * SAFE_SIGNATURE_MALFORMED (what was pasted does not read) and SAFE_SIGNATURE_OTHER_TX.
 */
export async function checkPastedSignatureText(args: {
  text: string;
  pending: PendingSafeTx;
  state: SafeState;
  counted: readonly Address[];
  kept: readonly PendingSafeTx[];
}): Promise<PastedOutcome> {
  const { pending } = args;
  const others = args.kept
    .filter((p) => p.chainId === pending.chainId && sameAddress(p.safe, pending.safe) && !sameSafeTx(p, pending))
    .map((p) => ({ hash: p.safeTxHash, nonce: p.tx.nonce }));
  return checkPastedSignatures(parsePastedSignatures(args.text), {
    hash: pending.safeTxHash,
    owners: args.state.owners,
    counted: args.counted,
    others,
  });
}
