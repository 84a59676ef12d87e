// A browser wallet as Cairn's signer: messages and typed data are signed by the wallet and checked
// like any signature from outside Cairn; transactions are handed over whole, and the wallet signs,
// chooses the nonce and sends (wallets do not hand back signed bytes).
import {
  type Address,
  bytesToHex,
  getTypesForEIP712Domain,
  type Hash,
  type Hex,
  numberToHex,
  parseSignature,
  serializeTypedData,
} from 'viem';
import { walletSendsItself } from '../accounts/signerKinds';
import { feeFields } from '../chain/fees';
import { checkedSignature } from '../signing/checkedSignature';
import type { DeviceSignRequest } from '../signing/keySigner';
import { messageBytes } from '../signing/message';
import type { WalletTransaction } from '../signing/signerAccount';
import {
  answeredHash,
  askWallet,
  assertShared,
  type ExternalWallet,
  ensureWalletChain,
  garbled,
  walletName,
} from './walletRequests';

/**
 * Signs a message (personal_sign) or typed data (eth_signTypedData_v4, the wallet first brought
 * to the domain's network) with the wallet, and returns the 65-byte signature only once it
 * recovers to `address` for exactly `request`. Throws WALLET_* refusals, WALLET_SENDS_ITSELF for
 * a transaction, INPUT_SIGNATURE for a signature that does not check.
 */
export async function signWithWallet(
  wallet: ExternalWallet,
  address: Address,
  request: DeviceSignRequest,
): Promise<Hex> {
  if (request.kind === 'transaction') throw walletSendsItself();
  await assertShared(wallet, address);
  let answer: unknown;
  if (request.kind === 'message') {
    answer = await askWallet(wallet, 'personal_sign', [bytesToHex(messageBytes(request.message)), address]);
  } else {
    const chainId = request.typedData.domain?.chainId;
    if (chainId !== undefined) await ensureWalletChain(wallet, Number(chainId));
    // The domain's types go along as Cairn hashes them (derived from the domain when not given).
    const { domain, types } = request.typedData;
    const withDomain = { ...request.typedData, types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types } };
    answer = await askWallet(wallet, 'eth_signTypedData_v4', [address, serializeTypedData(withDomain as never)]);
  }
  let signature: ReturnType<typeof parseSignature>;
  try {
    if (typeof answer !== 'string' || answer.length !== 132) throw new Error('not 65 bytes');
    signature = parseSignature(answer as Hex);
  } catch {
    throw garbled(wallet, 'signature');
  }
  const { r, s, yParity } = signature;
  return checkedSignature(request, address, { r, s, yParity: yParity as 0 | 1 }, walletName(wallet));
}

/**
 * Hands `transaction` to the wallet (eth_sendTransaction) once it shares `address` and is on the
 * transaction's network; the wallet signs, chooses the nonce and sends it (through its own node),
 * and the hash it answers is returned. The chain id goes along, so a wallet that moved to another
 * network meanwhile refuses rather than sends there. `handingOver` runs just before the wallet is
 * asked to send (and may still stop it by throwing): from then on, the wallet may send.
 */
export async function sendWithWallet(
  wallet: ExternalWallet,
  address: Address,
  transaction: WalletTransaction,
  handingOver: () => void = () => undefined,
): Promise<Hash> {
  await assertShared(wallet, address);
  await ensureWalletChain(wallet, transaction.chainId);
  const fees = feeFields(transaction.fees);
  const params = {
    from: address,
    to: transaction.to,
    value: numberToHex(transaction.value),
    data: transaction.data,
    gas: numberToHex(transaction.gas),
    chainId: numberToHex(transaction.chainId),
    ...(fees.type === 'legacy'
      ? { gasPrice: numberToHex(fees.gasPrice) }
      : { maxFeePerGas: numberToHex(fees.maxFeePerGas), maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas) }),
  };
  handingOver();
  return answeredHash(wallet, await askWallet(wallet, 'eth_sendTransaction', [params]));
}
