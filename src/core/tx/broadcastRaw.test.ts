// How broadcastRaw reads the answers of nodes other than the local one (geth, Nethermind, Erigon,
// Besu wording), through a viem client whose transport answers with a given JSON-RPC error.
import { createClient, custom, type Hex, http, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { type BroadcastOutcome, broadcastRaw } from './broadcastRaw';

const raw: Hex =
  '0x02f86a0180843b9aca00847754d4ac82520894a1007c17461998818cd263bc0d00f57b569edc9e8080c080a06ed97d910022a4';
const hash = keccak256(raw);

/** A client whose node answers eth_sendRawTransaction with `message` (or the hash), and may hold the transaction. */
function nodeSaying(message: string | undefined, { holds = false } = {}) {
  return createClient({
    transport: custom({
      async request({ method }) {
        if (method === 'eth_getTransactionByHash') return holds ? { hash, nonce: '0x0', value: '0x0' } : null;
        if (message === undefined) return hash;
        throw Object.assign(new Error(message), { code: -32000 });
      },
    }),
  });
}

/** The outcome, with its error reduced to what a person and the record see. */
async function outcome(message: string, options?: { holds?: boolean }) {
  const result: BroadcastOutcome = await broadcastRaw(nodeSaying(message, options), raw, 'https://rpc.example');
  if (result.kind === 'sent' || result.kind === 'already-known') return result;
  const { code, shortMessage, details, rpcUrl } = result.error;
  return { kind: result.kind, code, shortMessage, details, rpcUrl };
}

describe('broadcastRaw', () => {
  it('returns the hash the node gives', async () => {
    expect(await broadcastRaw(nodeSaying(undefined), raw)).toEqual({ kind: 'sent', hash });
  });

  it('does not follow a node that answers with the hash of another transaction', async () => {
    const lying = createClient({
      transport: custom({
        async request() {
          return keccak256('0x01');
        },
      }),
    });
    expect(await broadcastRaw(lying, raw, 'https://rpc.example')).toMatchObject({
      kind: 'failed',
      hash,
      error: { code: 'CHAIN_MALFORMED_RESPONSE', shortMessage: expect.stringMatching(/hash of another transaction/) },
    });
  });

  it('counts "already known" as sent', async () => {
    for (const message of ['already known', 'Known transaction: abc', 'AlreadyKnown', 'transaction already imported']) {
      expect(await outcome(message), message).toEqual({ kind: 'already-known', hash });
    }
  });

  it('counts "nonce too low" as already known when the node holds these very bytes', async () => {
    expect(await outcome('nonce too low: next nonce 5, tx nonce 3', { holds: true })).toEqual({
      kind: 'already-known',
      hash,
    });
  });

  it('maps nonce too low (when the node does not have these bytes) and insufficient funds', async () => {
    expect(await outcome('nonce too low: next nonce 5, tx nonce 3')).toEqual({
      kind: 'failed',
      code: 'CHAIN_NONCE_TOO_LOW',
      shortMessage:
        'The account has already used this nonce: this transaction, or another with the same nonce, was sent before.',
      details: 'nonce too low: next nonce 5, tx nonce 3',
      rpcUrl: 'https://rpc.example',
    });
    expect(await outcome('insufficient funds for gas * price + value: balance 0, tx cost 21000')).toMatchObject({
      kind: 'refused',
      code: 'CHAIN_INSUFFICIENT_FUNDS',
      details: 'insufficient funds for gas * price + value: balance 0, tx cost 21000',
    });
  });

  it('gives a sentence for each other refusal, with the node’s words in the details, and says whether it is final', async () => {
    const cases: [string, RegExp, BroadcastOutcome['kind']][] = [
      ['replacement transaction underpriced', /replacement: its fee must be higher/, 'failed'],
      ['max fee per gas less than block base fee: address 0x1, maxFeePerGas: 1, baseFee: 7', /fee is below/, 'failed'],
      ['intrinsic gas too low', /gas limit is too low for it to start/, 'refused'],
      ['invalid chain id for signer', /for its chain id/, 'refused'],
      ['only replay-protected (EIP-155) transactions allowed over RPC', /for its chain id/, 'refused'],
      ['transaction type not supported', /does not accept this type/, 'refused'],
      ['exceeds block gas limit', /gas limit or fee is above what it accepts/, 'refused'],
      ['nonce too high', /nonce is above the account’s next nonce/, 'failed'],
      ['something nobody expected', /^The node refused the request\.$/, 'failed'],
    ];
    for (const [message, sentence, kind] of cases) {
      expect(await outcome(message), message).toMatchObject({
        kind,
        shortMessage: expect.stringMatching(sentence),
        details: message,
      });
    }
  });

  it('reports a node that cannot be reached as a failure that may pass', async () => {
    // Port 9 (discard) is closed on test machines: the connection is refused at once.
    const down = createClient({ transport: http('http://127.0.0.1:9', { retryCount: 0, timeout: 2_000 }) });
    expect(await broadcastRaw(down, raw)).toMatchObject({
      kind: 'failed',
      error: { name: 'ChainError', code: 'CHAIN_UNREACHABLE' },
    });
  });
});
