import { type AccessList, type Hex, hexToBytes } from 'viem';

/** Gas constants from the yellow paper and EIPs 2028, 2930, 3860, 7623 and 7702. */
const TX_BASE = 21_000n;
const CREATE = 32_000n;
const INITCODE_WORD = 2n;
const ZERO_BYTE = 4n;
const NONZERO_BYTE = 16n;
const ACCESS_ADDRESS = 2_400n;
const ACCESS_STORAGE_KEY = 1_900n;
const AUTHORIZATION = 25_000n;
const FLOOR_PER_TOKEN = 10n;

/** The largest contract code a creating transaction may carry (EIP-3860). */
export const MAX_INITCODE_BYTES = 49_152;

export type GasInput = {
  to: string | null;
  data: Hex | Uint8Array;
  accessList?: AccessList | undefined;
  authorizations?: number | undefined;
};

/** The parts of the intrinsic gas, so a sentence can say where the gas goes. */
export type IntrinsicGas = {
  base: bigint;
  data: bigint;
  create: bigint;
  accessList: bigint;
  authorizations: bigint;
  total: bigint;
};

function dataBytes(data: Hex | Uint8Array): Uint8Array {
  return typeof data === 'string' ? hexToBytes(data) : data;
}

function zeroCount(bytes: Uint8Array): bigint {
  let zeros = 0;
  for (const byte of bytes) if (byte === 0) zeros++;
  return BigInt(zeros);
}

/**
 * The gas a transaction uses before any code runs (Shanghai rules and later): a node refuses a
 * transaction whose gas limit is below it.
 */
export function intrinsicGas(tx: GasInput): IntrinsicGas {
  const bytes = dataBytes(tx.data);
  const zeros = zeroCount(bytes);
  const data = zeros * ZERO_BYTE + (BigInt(bytes.length) - zeros) * NONZERO_BYTE;
  const create = tx.to === null ? CREATE + INITCODE_WORD * BigInt(Math.ceil(bytes.length / 32)) : 0n;
  let accessList = 0n;
  for (const entry of tx.accessList ?? []) {
    accessList += ACCESS_ADDRESS + ACCESS_STORAGE_KEY * BigInt(entry.storageKeys.length);
  }
  const authorizations = AUTHORIZATION * BigInt(tx.authorizations ?? 0);
  return {
    base: TX_BASE,
    data,
    create,
    accessList,
    authorizations,
    total: TX_BASE + data + create + accessList + authorizations,
  };
}

/** The least gas a transaction with this data may have on networks with Prague (EIP-7623). */
export function floorDataGas(data: Hex | Uint8Array): bigint {
  const bytes = dataBytes(data);
  const zeros = zeroCount(bytes);
  const tokens = zeros + (BigInt(bytes.length) - zeros) * 4n;
  return TX_BASE + FLOOR_PER_TOKEN * tokens;
}
