import type { AccessList, Address, Hex } from 'viem';
import type { Message } from '../i18n/message';
import type { Authorization } from './setCode';

export type RawTxType = 'legacy' | 'eip2930' | 'eip1559' | 'eip7702';

/** A signed transaction pasted from anywhere, every field decoded, its sender recovered. */
export type DecodedTx = {
  /** The transaction bytes as lowercase hex, exactly what is broadcast. */
  raw: Hex;
  /** keccak256 of `raw`: the hash the network will know it by. */
  hash: Hex;
  type: RawTxType;
  /** undefined only for a legacy transaction signed without EIP-155 (valid on every chain). */
  chainId: bigint | undefined;
  nonce: bigint;
  /** null creates a contract. */
  to: Address | null;
  value: bigint;
  gas: bigint;
  /** legacy and eip2930 */
  gasPrice: bigint | undefined;
  /** eip1559 and eip7702 */
  maxFeePerGas: bigint | undefined;
  maxPriorityFeePerGas: bigint | undefined;
  data: Hex;
  /** undefined for legacy */
  accessList: AccessList | undefined;
  /** eip7702 only */
  authorizationList: Authorization[] | undefined;
  /** legacy only: 27/28, or chain id × 2 + 35/36 */
  v: bigint | undefined;
  yParity: 0 | 1;
  r: Hex;
  s: Hex;
  /** The hash that was signed. */
  signingHash: Hex;
  /** The recovered sender. */
  from: Address;
  /** The gas used before any code runs (Shanghai rules). */
  intrinsicGas: bigint;
  /** Reasons every node will refuse this transaction although it decodes (gas below intrinsic…). */
  problems: Message[];
  /** Things to know before sending (set-code transaction, Prague data floor). */
  warnings: Message[];
};
