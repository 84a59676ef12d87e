import { type Hex, keccak256, toRlp } from 'viem';
import { sameHex } from '../bytes';

/**
 * A block header as a node's eth_getBlockByNumber gives it (hex strings, as on the wire): the
 * fields that make up its hash, and the hash it claims. Fields a fork added are present from that
 * fork on: baseFeePerGas (London), withdrawalsRoot (Shanghai), blobGasUsed, excessBlobGas and
 * parentBeaconBlockRoot (Cancun), requestsHash (Prague).
 */
export type RpcHeader = {
  hash: Hex;
  parentHash: Hex;
  sha3Uncles: Hex;
  miner: Hex;
  stateRoot: Hex;
  transactionsRoot: Hex;
  receiptsRoot: Hex;
  logsBloom: Hex;
  difficulty: Hex;
  number: Hex;
  gasLimit: Hex;
  gasUsed: Hex;
  timestamp: Hex;
  extraData: Hex;
  mixHash: Hex;
  nonce: Hex;
  baseFeePerGas?: Hex;
  withdrawalsRoot?: Hex;
  blobGasUsed?: Hex;
  excessBlobGas?: Hex;
  parentBeaconBlockRoot?: Hex;
  requestsHash?: Hex;
};

/** A quantity as RLP wants it: big-endian without leading zeros, zero as no bytes. */
function quantity(value: Hex): Hex {
  const digits = BigInt(value).toString(16);
  if (digits === '0') return '0x';
  return `0x${digits.length % 2 ? '0' : ''}${digits}`;
}

const asBytes = (value: Hex): Hex => value;

/** The fields every header hashes, in order, before any fork's: each a quantity or bytes. */
const BASE_FIELDS = [
  ['parentHash', asBytes],
  ['sha3Uncles', asBytes],
  ['miner', asBytes],
  ['stateRoot', asBytes],
  ['transactionsRoot', asBytes],
  ['receiptsRoot', asBytes],
  ['logsBloom', asBytes],
  ['difficulty', quantity],
  ['number', quantity],
  ['gasLimit', quantity],
  ['gasUsed', quantity],
  ['timestamp', quantity],
  ['extraData', asBytes],
  ['mixHash', asBytes],
  ['nonce', asBytes],
] as const;

/** The forks' added fields, in the order the header lists them, each a quantity or bytes. */
const FORK_FIELDS = [
  ['baseFeePerGas', quantity],
  ['withdrawalsRoot', asBytes],
  ['blobGasUsed', quantity],
  ['excessBlobGas', quantity],
  ['parentBeaconBlockRoot', asBytes],
  ['requestsHash', asBytes],
] as const;

/**
 * The header's hash computed from its fields (keccak of their RLP list). A fork's fields count
 * only in order: a header may carry a later fork's field only with every earlier one.
 */
export function headerHash(header: RpcHeader): Hex {
  const fields: Hex[] = BASE_FIELDS.map(([name, encode]) => encode(header[name]));
  for (const [name, encode] of FORK_FIELDS) {
    const value = header[name];
    if (value === undefined) break;
    fields.push(encode(value));
  }
  return keccak256(toRlp(fields));
}

/** Whether the header's fields hash to the hash it claims. */
export function headerIsWhole(header: RpcHeader): boolean {
  return sameHex(headerHash(header), header.hash);
}

/** What eth_getBlockByNumber gives beside a header's fields, on the clients Cairn knows. */
const BLOCK_KEYS = ['hash', 'size', 'totalDifficulty', 'transactions', 'uncles', 'withdrawals', 'sealFields', 'author'];

const KNOWN_KEYS = new Set<string>([...[...BASE_FIELDS, ...FORK_FIELDS].map(([name]) => name), ...BLOCK_KEYS]);

/**
 * The keys of the block Cairn neither hashes nor knows as the block's own: a fork's new header
 * field, or a chain's (sorted). A header that does not hash with such keys may be in a form Cairn
 * cannot hash; only a trusted header in the same form can say it is.
 */
export const unknownFields = (header: RpcHeader): string[] =>
  Object.keys(header)
    .filter((key) => !KNOWN_KEYS.has(key))
    .sort();
