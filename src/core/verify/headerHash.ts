import { type Hex, keccak256, toRlp } from 'viem';

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

/** The forks' added fields, in the order the header lists them, each a quantity or bytes. */
const FORK_FIELDS = [
  ['baseFeePerGas', quantity],
  ['withdrawalsRoot', (v: Hex) => v],
  ['blobGasUsed', quantity],
  ['excessBlobGas', quantity],
  ['parentBeaconBlockRoot', (v: Hex) => v],
  ['requestsHash', (v: Hex) => v],
] as const;

/**
 * The header's hash computed from its fields (keccak of their RLP list). A fork's fields count
 * only in order: a header may carry a later fork's field only with every earlier one.
 */
export function headerHash(header: RpcHeader): Hex {
  const fields: Hex[] = [
    header.parentHash,
    header.sha3Uncles,
    header.miner,
    header.stateRoot,
    header.transactionsRoot,
    header.receiptsRoot,
    header.logsBloom,
    quantity(header.difficulty),
    quantity(header.number),
    quantity(header.gasLimit),
    quantity(header.gasUsed),
    quantity(header.timestamp),
    header.extraData,
    header.mixHash,
    header.nonce,
  ];
  for (const [name, encode] of FORK_FIELDS) {
    const value = header[name];
    if (value === undefined) break;
    fields.push(encode(value));
  }
  return keccak256(toRlp(fields));
}

/** Whether the header's fields hash to the hash it claims. */
export function headerIsWhole(header: RpcHeader): boolean {
  return headerHash(header).toLowerCase() === header.hash.toLowerCase();
}

/** What eth_getBlockByNumber gives beside a header's fields, on the clients Cairn knows. */
const BLOCK_KEYS = new Set([
  'hash',
  'size',
  'totalDifficulty',
  'transactions',
  'uncles',
  'withdrawals',
  'sealFields',
  'author',
]);

/**
 * Whether the block carries keys Cairn neither hashes nor knows as the block's own: a fork's new
 * header field, or a chain's. A header that does not hash and has them may be honest in a form
 * Cairn cannot hash; one that does not hash without them was altered.
 */
export function hasUnknownFields(header: RpcHeader): boolean {
  const hashed = new Set<string>([
    'parentHash',
    'sha3Uncles',
    'miner',
    'stateRoot',
    'transactionsRoot',
    'receiptsRoot',
    'logsBloom',
    'difficulty',
    'number',
    'gasLimit',
    'gasUsed',
    'timestamp',
    'extraData',
    'mixHash',
    'nonce',
    ...FORK_FIELDS.map(([name]) => name),
  ]);
  return Object.keys(header).some((key) => !hashed.has(key) && !BLOCK_KEYS.has(key));
}
