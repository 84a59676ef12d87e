// The node error table against what nodes really say. Each message is quoted from the client's
// source (noted beside it) or was captured from the local Hardhat node (2.29, EDR engine) by
// nodeErrors.integration.test.ts, which provokes the same answers live.
import {
  InsufficientFundsError,
  InvalidInputRpcError,
  LimitExceededRpcError,
  NonceTooLowError,
  RpcRequestError,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { toSafeDetails } from '../errors/base';
import type { ChainErrorCode } from '../errors/chain';
import { isNodeError, NODE_ERRORS, nodeErrorOf } from './nodeErrors';
import { toChainError } from './toChainError';

const GETH_POOL = 'geth core/txpool/errors.go';
const GETH_VALIDATION = 'geth core/txpool/validation.go';
const GETH_CORE = 'geth core/error.go';
const GETH_API = 'geth internal/ethapi/api.go';
const GETH_TYPES = 'geth core/types/transaction.go';
const NETHERMIND_POOL = 'Nethermind TxPool/TxPoolErrorMessages.cs';
const NETHERMIND_TX = 'Nethermind Core/Messages/TxErrorMessages.cs';
const NETHERMIND_OLD = 'Nethermind TxPool/AcceptTxResult.cs (older releases: result name, then message)';
const ERIGON = 'Erigon txnprovider/txpool/txpoolcfg DiscardReason.String()';
const RETH_TX = 'reth rpc-eth-types/src/error/mod.rs RpcInvalidTransactionError';
const RETH_POOL = 'reth rpc-eth-types/src/error/mod.rs RpcPoolError';
const RETH_API = 'reth rpc-eth-types/src/error/mod.rs EthApiError';
const RETH_FILTER = 'reth rpc/src/eth/filter.rs EthFilterError';
const BESU = 'Besu jsonrpc/internal/response/RpcErrorType.java';
const HARDHAT = 'Hardhat 2.29 local node, captured';

/** Real answers for each row: [message, where it comes from]. */
const ANSWERS: Partial<Record<ChainErrorCode, [string, string][]>> = {
  CHAIN_REVERTED: [
    ['execution reverted: test_revert_reason', RETH_TX],
    ['Execution reverted', BESU],
    [
      "VM Exception while processing transaction: reverted with reason string 'Ownable: caller is not the owner'",
      HARDHAT,
    ],
    // A reason that mentions a balance is still a revert, not a balance the node refused.
    ['execution reverted: ERC20: transfer amount exceeds balance', RETH_TX],
  ],
  CHAIN_ALREADY_KNOWN: [
    ['already known', GETH_POOL],
    ['already known', NETHERMIND_POOL],
    ['AlreadyKnown', NETHERMIND_OLD],
    ['already known', ERIGON],
    ['existing txn with same hash', ERIGON],
    ['already known', RETH_POOL],
    ['Known transaction', BESU],
    ['Known transaction: 0xdd4859e956fd0e5571e5660193715ea934677881c94349c184a067f17964257b', HARDHAT],
  ],
  CHAIN_REPLACEMENT_UNDERPRICED: [
    ['replacement transaction underpriced', GETH_POOL],
    ['replacement transaction underpriced', NETHERMIND_POOL],
    ['replacement transaction underpriced', ERIGON],
    ['could not replace existing tx', ERIGON],
    ['replacement transaction underpriced', RETH_POOL],
    ['Replacement transaction underpriced', BESU],
    [
      'Replacement transaction underpriced. A gasPrice/maxFeePerGas of at least 5500000000 is necessary to replace the existing transaction with nonce 0.',
      HARDHAT,
    ],
  ],
  CHAIN_NONCE_TOO_LOW: [
    ['nonce too low: next nonce 5, tx nonce 3', GETH_VALIDATION],
    ['nonce too low', NETHERMIND_POOL],
    ['OldNonce', NETHERMIND_OLD],
    ['nonce too low', ERIGON],
    ['nonce too low: next nonce 5, tx nonce 3', RETH_TX],
    ['Nonce too low', BESU],
    [
      "Nonce too low. Expected nonce to be 1 but got 0. Note that transactions can't be queued when automining.",
      HARDHAT,
    ],
    ['Transaction nonce too low. Expected nonce to be at least 1 but got 0.', HARDHAT],
  ],
  CHAIN_NONCE_TOO_HIGH: [
    ['nonce too high: tx nonce 9, gapped nonce 5', GETH_VALIDATION],
    ['nonce too high', NETHERMIND_POOL],
    ['nonce too far in future', NETHERMIND_POOL],
    ['NonceGap', NETHERMIND_OLD],
    ['nonce too high', RETH_TX],
    ['Nonce too high', BESU],
    ['Transaction nonce is too distant from current sender nonce', BESU],
    [
      "Nonce too high. Expected nonce to be 1 but got 5. Note that transactions can't be queued when automining.",
      HARDHAT,
    ],
  ],
  CHAIN_INSUFFICIENT_FUNDS: [
    [
      'insufficient funds for gas * price + value: balance 0, tx cost 21000000000000, overshot 21000000000000',
      GETH_VALIDATION,
    ],
    ['insufficient funds for transfer', GETH_CORE],
    ['insufficient funds for gas * price + value', NETHERMIND_POOL],
    ['InsufficientFunds, Account balance: 0, cumulative cost: 21000', NETHERMIND_OLD],
    ['insufficient funds', ERIGON],
    ['insufficient funds for gas * price + value: have 0 want 21000', RETH_TX],
    ['Upfront cost exceeds account balance', BESU],
    [
      "Sender doesn't have enough funds to send tx. The max upfront cost is: 105000000000001 and the sender's balance is: 1.",
      HARDHAT,
    ],
  ],
  CHAIN_INTRINSIC_GAS: [
    ['intrinsic gas too low: gas 20000, minimum needed 21000', GETH_VALIDATION],
    ['insufficient gas for floor data gas cost', `${GETH_CORE} (Prague)`],
    ['intrinsic gas too low', NETHERMIND_TX],
    ['gas below floor data cost', NETHERMIND_TX],
    ['IntrinsicGas', ERIGON],
    ['intrinsic gas too low', RETH_TX],
    ['Intrinsic gas exceeds gas limit', BESU],
    ['Transaction requires at least 21000 gas but got 100', HARDHAT],
  ],
  CHAIN_TIP_ABOVE_MAX_FEE: [
    ['max priority fee per gas higher than max fee per gas', GETH_CORE],
    ['InvalidMaxPriorityFeePerGas: Cannot be higher than maxFeePerGas.', NETHERMIND_TX],
    ['max priority fee per gas higher than max fee per gas', RETH_TX],
    ['Max priority fee per gas exceeds max fee per gas', BESU],
    ['maxPriorityFeePerGas (3000000000) is bigger than maxFeePerGas (2000000000)', HARDHAT],
  ],
  CHAIN_FEE_TOO_LOW: [
    ['transaction underpriced', GETH_POOL],
    ['max fee per gas less than block base fee', GETH_CORE],
    ['transaction gas price below minimum: gas tip cap 1, minimum needed 1000000', GETH_VALIDATION],
    ['transaction underpriced', NETHERMIND_POOL],
    ['underpriced', ERIGON],
    ['fee too low', ERIGON],
    ['transaction underpriced', RETH_POOL],
    ['max fee per gas less than block base fee', RETH_TX],
    ['transaction priority fee below minimum required priority fee 100', RETH_TX],
    ['Gas price below configured minimum gas price', BESU],
    ['Gas price below current base fee', BESU],
    ['Transaction maxFeePerGas (1) is too low for the next block, which has a baseFeePerGas of 765701563', HARDHAT],
  ],
  CHAIN_GAS_LIMIT_OR_FEE_CAP: [
    ['exceeds block gas limit', GETH_POOL],
    ['gas limit reached', GETH_CORE],
    ['max fee per gas higher than 2^256-1', GETH_CORE],
    ['transaction gas limit too high', `${GETH_CORE} (Osaka, EIP-7825)`],
    ['tx fee (1.50 ether) exceeds the configured cap (1.00 ether)', GETH_API],
    ['gas limit reached', NETHERMIND_POOL],
    ['gas limit is too high', ERIGON],
    ['exceeds block gas limit', RETH_POOL],
    ['exceeds max transaction gas limit', RETH_POOL],
    ['tx fee (2000000000000000000 wei) exceeds the configured cap (1000000000000000000 wei)', RETH_POOL],
    ['intrinsic gas too high', RETH_TX],
    ['Transaction gas limit exceeds block gas limit', BESU],
    ['Transaction fee cap exceeded', BESU],
    ['Transaction gas limit is 100000000 and exceeds transaction gas cap of 16777216', HARDHAT],
  ],
  CHAIN_TX_CHAIN_ID: [
    ['invalid chain id for signer', GETH_TYPES],
    ['only replay-protected (EIP-155) transactions allowed over RPC', GETH_API],
    ['InvalidTxChainId: Expected 1, got 5.', NETHERMIND_TX],
    ['invalid chain ID', RETH_TX],
    ['Wrong chainId', BESU],
    ['ChainId not supported', BESU],
    ['ChainId is required', BESU],
    ['Trying to send a raw transaction with an invalid chainId. The expected chainId is 31337', HARDHAT],
  ],
  CHAIN_TX_TYPE_UNSUPPORTED: [
    ['transaction type not supported: tx type 3 not supported by this pool', GETH_VALIDATION],
    ['unsupported transaction type', NETHERMIND_POOL],
    ['InvalidTxType: Transaction type in Custom is not supported.', NETHERMIND_TX],
    ['fork supporting this transaction type is not activated yet', ERIGON],
    ['transaction type not supported', RETH_TX],
    ['Invalid transaction type', BESU],
    ['Invalid transaction type 5.', HARDHAT],
  ],
  CHAIN_INVALID_SIGNATURE: [
    ['invalid sender: invalid transaction v, r, s values', GETH_VALIDATION],
    ['failed to recover sender', NETHERMIND_POOL],
    ['InvalidTxSignature: Signature is invalid.', NETHERMIND_TX],
    ['invalid sender', ERIGON],
    ['invalid sender', RETH_POOL],
    ['invalid transaction signature', RETH_API],
    ['Invalid signature', BESU],
  ],
  CHAIN_OVERSIZED_DATA: [
    ['oversized data: transaction size 131200, limit 131072', GETH_VALIDATION],
    ['max initcode size exceeded', GETH_CORE],
    ['transaction too large', NETHERMIND_POOL],
    ['oversized data', ERIGON],
    ['initcode too large', ERIGON],
    ['oversized data: transaction size 200000, limit 131072', RETH_POOL],
    [
      'Trying to send a deployment transaction whose init code length is 50000. The max length allowed by EIP-3860 is 49152.',
      HARDHAT,
    ],
  ],
  CHAIN_RATE_LIMITED: [
    ['daily request count exceeded, request rate limited', 'Infura (-32005)'],
    ['Your app has exceeded its compute units per second capacity.', 'Alchemy (429)'],
    ['Too Many Requests', 'HTTP 429 status text'],
  ],
  CHAIN_LOG_RANGE: [
    ['query exceeds max block range 100000', RETH_FILTER],
    ['query exceeds max results 20000', RETH_FILTER],
    ['Requested range exceeds maximum RPC range limit', BESU],
    ['query returned more than 10000 results', 'Infura'],
    ['Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range', 'Alchemy'],
    ['eth_getLogs is limited to a 10,000 block range', 'hosted RPC'],
    ['exceed maximum block range: 5000', 'hosted RPC'],
    ['Query timeout exceeded. Consider reducing your block range.', 'hosted RPC'],
  ],
  CHAIN_STATE_UNAVAILABLE: [
    ['missing trie node 4f3c0a (path ) state 0x4f3c0a is not available', 'geth trie/errors.go MissingNodeError'],
    ['historical state 0x2b5e… is not available', 'geth core/state (pruned state)'],
    ['distance to target block exceeds maximum proof window', 'reth eth_getProof'],
  ],
  CHAIN_METHOD_UNSUPPORTED: [
    [
      'the method eth_simulateV1 does not exist/is not available',
      'geth rpc/errors.go (execution-apis tests/eth_simulateV1)',
    ],
    ['Method not found', 'JSON-RPC 2.0 specification, -32601'],
    ['Method eth_simulateV1 is not supported', HARDHAT],
    [
      'Hardhat currently only supports the default tracer, so no tracer parameter should be passed. at line 1 column 187',
      HARDHAT,
    ],
  ],
};

/** The answer as viem hands it over from an HTTP node: the node's words two levels down. */
function fromNode(message: string, code = -32000) {
  return new InvalidInputRpcError(
    new RpcRequestError({ body: {}, url: 'http://node.example', error: { code, message } }),
  );
}

/** Refusals that sending the same bytes again can never change: the transaction is unusable or unaffordable. */
const FINAL: Partial<Record<ChainErrorCode, true>> = {
  CHAIN_INSUFFICIENT_FUNDS: true,
  CHAIN_INTRINSIC_GAS: true,
  CHAIN_TIP_ABOVE_MAX_FEE: true,
  CHAIN_GAS_LIMIT_OR_FEE_CAP: true,
  CHAIN_TX_CHAIN_ID: true,
  CHAIN_TX_TYPE_UNSUPPORTED: true,
  CHAIN_INVALID_SIGNATURE: true,
  CHAIN_OVERSIZED_DATA: true,
};

describe('the node error table', () => {
  it('has real answers for every row, one row per code', () => {
    expect(NODE_ERRORS.map((row) => row.code).filter((code) => !ANSWERS[code]?.length)).toEqual([]);
    expect(new Set(NODE_ERRORS.map((row) => row.code)).size).toBe(NODE_ERRORS.length);
  });

  for (const row of NODE_ERRORS) {
    it(`reads ${row.code} in each client's words, however deeply wrapped`, () => {
      for (const [message, source] of ANSWERS[row.code] ?? []) {
        const label = `${message} (${source})`;
        expect(nodeErrorOf(new Error(message))?.code, label).toBe(row.code);
        expect(nodeErrorOf(fromNode(message))?.code, label).toBe(row.code);
        const mapped = toChainError(fromNode(message), 'http://node.example');
        expect(mapped.code, label).toBe(row.code);
        // The node's own words, through the sanitiser that masks anything looking like key material.
        expect(mapped.details, label).toBe(toSafeDetails(message));
        if (row.code !== 'CHAIN_REVERTED') expect(mapped.text, label).toEqual(row.sentence);
      }
    });
  }

  it('says which refusals are final: the transaction itself is unusable or unaffordable', () => {
    for (const row of NODE_ERRORS) expect(row.permanent, row.code).toBe(FINAL[row.code] === true);
  });

  it('knows nothing of answers that are none of its rows', () => {
    for (const message of [
      'invalid argument 0: hex string without 0x prefix',
      'header not found',
      'account limit exceeded: pooled 16 txs',
      'Missing or invalid parameters.',
    ]) {
      expect(nodeErrorOf(new Error(message)), message).toBeUndefined();
    }
  });

  it('reads the answers viem has already turned into its own errors', () => {
    expect(nodeErrorOf(new InsufficientFundsError())?.code).toBe('CHAIN_INSUFFICIENT_FUNDS');
    expect(nodeErrorOf(new NonceTooLowError({ nonce: 3 }))?.code).toBe('CHAIN_NONCE_TOO_LOW');
    const limit = new LimitExceededRpcError(
      new RpcRequestError({ body: {}, url: 'http://node.example', error: { code: -32005, message: 'limit' } }),
    );
    expect(nodeErrorOf(limit)?.code).toBe('CHAIN_RATE_LIMITED');
  });

  it('prefers the words to viem’s class: viem files "already known" under NonceTooLowError', () => {
    const viemMapped = new NonceTooLowError({ cause: new Error('already known') as never });
    expect(nodeErrorOf(viemMapped)?.code).toBe('CHAIN_ALREADY_KNOWN');
  });

  it('answers one question about an error, whatever else it matches', () => {
    // -32005 "limit exceeded" is a range too large when a log read asks; the words come first otherwise.
    expect(isNodeError(Object.assign(new Error('x'), { cause: { code: -32005 } }), 'CHAIN_LOG_RANGE')).toBe(true);
    expect(isNodeError(fromNode('limit', -32005), 'CHAIN_LOG_RANGE')).toBe(true);
    expect(isNodeError(fromNode('nonce too low'), 'CHAIN_LOG_RANGE')).toBe(false);
    expect(isNodeError(new Error('Sender doesn’t have enough funds'), 'CHAIN_INSUFFICIENT_FUNDS')).toBe(true);
    expect(isNodeError(new Error('already known'), 'CHAIN_TIMEOUT')).toBe(false);
  });
});
