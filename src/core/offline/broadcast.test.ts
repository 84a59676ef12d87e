// How broadcastRaw reads the refusals of nodes other than the local one (geth, Nethermind,
// Erigon wording), through a viem client whose transport answers with a given JSON-RPC error.
import { createClient, custom, type Hex, http, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { broadcastRaw } from './broadcast';

const raw: Hex =
  '0x02f86a0180843b9aca00847754d4ac82520894a1007c17461998818cd263bc0d00f57b569edc9e8080c080a06ed97d910022a4';

/** A client whose node answers eth_sendRawTransaction with `message` (or the hash) and knows no transaction. */
function nodeSaying(message: string | undefined) {
  return createClient({
    transport: custom({
      async request({ method }) {
        if (method === 'eth_getTransactionByHash') return null;
        if (message === undefined) return keccak256(raw);
        throw Object.assign(new Error(message), { code: -32000 });
      },
    }),
  });
}

async function refusal(message: string) {
  try {
    await broadcastRaw(nodeSaying(message), raw, 'https://rpc.example');
    return 'sent';
  } catch (error) {
    const { code, shortMessage, details, rpcUrl } = error as Record<string, string>;
    return { code, shortMessage, details, rpcUrl };
  }
}

describe('broadcastRaw', () => {
  it('returns the hash the node gives', async () => {
    expect(await broadcastRaw(nodeSaying(undefined), raw)).toEqual({ hash: keccak256(raw), alreadyKnown: false });
  });

  it('does not follow a node that answers with the hash of another transaction', async () => {
    const lying = createClient({
      transport: custom({
        async request() {
          return keccak256('0x01');
        },
      }),
    });
    await expect(broadcastRaw(lying, raw, 'https://rpc.example')).rejects.toMatchObject({
      code: 'CHAIN_MALFORMED_RESPONSE',
      shortMessage: expect.stringMatching(/hash of another transaction/),
    });
  });

  it('counts "already known" as sent', async () => {
    for (const message of ['already known', 'Known transaction: abc', 'AlreadyKnown', 'transaction already imported']) {
      expect(await broadcastRaw(nodeSaying(message), raw), message).toEqual({
        hash: keccak256(raw),
        alreadyKnown: true,
      });
    }
  });

  it('maps nonce too low (when the node does not have these bytes) and insufficient funds', async () => {
    expect(await refusal('nonce too low: next nonce 5, tx nonce 3')).toEqual({
      code: 'CHAIN_NONCE_TOO_LOW',
      shortMessage:
        'The account has already used this nonce: this transaction, or another with the same nonce, was sent before.',
      details: 'nonce too low: next nonce 5, tx nonce 3',
      rpcUrl: 'https://rpc.example',
    });
    expect(await refusal('insufficient funds for gas * price + value: balance 0, tx cost 21000')).toMatchObject({
      code: 'CHAIN_INSUFFICIENT_FUNDS',
      details: 'insufficient funds for gas * price + value: balance 0, tx cost 21000',
    });
  });

  it('gives a sentence for each other refusal, with the node’s words in the details', async () => {
    const cases: [string, RegExp][] = [
      ['replacement transaction underpriced', /replacement: its fee must be higher/],
      ['max fee per gas less than block base fee: address 0x1, maxFeePerGas: 1, baseFee: 7', /fee is below/],
      ['intrinsic gas too low', /gas limit is too low for it to start/],
      ['invalid chain id for signer', /for its chain id/],
      ['only replay-protected (EIP-155) transactions allowed over RPC', /for its chain id/],
      ['transaction type not supported', /does not accept this type/],
      ['exceeds block gas limit', /gas limit or fee is above what it accepts/],
      ['nonce too high', /nonce is above the account’s next nonce/],
      ['something nobody expected', /^The node refused the request\.$/],
    ];
    for (const [message, sentence] of cases) {
      const result = await refusal(message);
      expect(result, message).toMatchObject({ shortMessage: expect.stringMatching(sentence) });
    }
  });

  it('reports a node that cannot be reached', async () => {
    // Port 9 (discard) is closed on test machines: the connection is refused at once.
    const down = createClient({ transport: http('http://127.0.0.1:9', { retryCount: 0, timeout: 2_000 }) });
    await expect(broadcastRaw(down, raw)).rejects.toMatchObject({ name: 'ChainError', code: 'CHAIN_UNREACHABLE' });
  });
});
