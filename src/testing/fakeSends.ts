// What a node does for the transactions Cairn prepares and sends, for a fake node
// (fakeSimulationNode's `answer`): it answers what preparing one reads (a gas estimate, the
// target's code, the priority fee), takes signed transactions (eth_sendRawTransaction, answering
// their hash), counts each sender's nonces from them, and mines each at once in the block given:
// its receipt is there to read. A test may make a transaction revert.
import {
  type Address,
  getContractAddress,
  type Hash,
  type Hex,
  keccak256,
  parseGwei,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
  toHex,
} from 'viem';
import type { FakeBlock } from './fakeSimulationNode';

export type SentTransaction = { hash: Hash; from: Address; to: Address | undefined; nonce: number; data: Hex };

/** What fakeSends answers for a method it does not answer (the test's own answer then). */
export const NOT_SENDING = Symbol('not a sending method');

/** Sends mined into `block` (read at each request); `reverts` picks the ones that fail. */
export function fakeSends(block: () => FakeBlock, reverts: (sent: SentTransaction) => boolean = () => false) {
  const sent: SentTransaction[] = [];
  const byHash = (hash: unknown) => sent.find((s) => s.hash === hash);
  async function answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_estimateGas':
        return toHex(60_000n);
      case 'eth_getCode':
        return '0x6000';
      case 'eth_maxPriorityFeePerGas':
        return toHex(parseGwei('1'));
      case 'eth_sendRawTransaction': {
        const raw = params[0] as TransactionSerialized;
        const parsed = parseTransaction(raw);
        const from = await recoverTransactionAddress({ serializedTransaction: raw });
        const hash = keccak256(raw);
        sent.push({ hash, from, to: parsed.to ?? undefined, nonce: parsed.nonce ?? 0, data: parsed.data ?? '0x' });
        return hash;
      }
      case 'eth_getTransactionCount': {
        const address = String(params[0]).toLowerCase();
        return toHex(sent.filter((s) => s.from.toLowerCase() === address).length);
      }
      case 'eth_getTransactionReceipt': {
        const found = byHash(params[0]);
        if (!found) return null;
        const { number, hash } = block();
        return {
          transactionHash: found.hash,
          transactionIndex: '0x0',
          blockHash: hash,
          blockNumber: toHex(number),
          from: found.from,
          to: found.to ?? null,
          status: reverts(found) ? '0x0' : '0x1',
          gasUsed: toHex(50_000n),
          cumulativeGasUsed: toHex(50_000n),
          effectiveGasPrice: toHex(1_000_000_000n),
          // A creation's contract: the sender's at the transaction's nonce.
          contractAddress: found.to ? null : getContractAddress({ from: found.from, nonce: BigInt(found.nonce) }),
          logs: [],
          logsBloom: `0x${'0'.repeat(512)}`,
          type: '0x2',
        };
      }
      default:
        return NOT_SENDING;
    }
  }
  return { sent, answer };
}
