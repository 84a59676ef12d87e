import {
  ContractFunctionRevertedError,
  encodeErrorResult,
  HttpRequestError,
  InsufficientFundsError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  NonceTooLowError,
  parseAbi,
  RpcRequestError,
  TimeoutError,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { CairnError } from '../errors/base';
import { ChainError, RevertedError } from '../errors/chain';
import { theirWords } from '../errors/theirWords';
import { toChainError } from './toChainError';

const url = 'http://node.example:8545';

describe('toChainError', () => {
  it('maps transport failures', () => {
    expect(toChainError(new HttpRequestError({ url, details: 'fetch failed' })).code).toBe('CHAIN_UNREACHABLE');
    expect(toChainError(new HttpRequestError({ url, status: 429 })).code).toBe('CHAIN_RATE_LIMITED');
    expect(toChainError(new HttpRequestError({ url, status: 503 })).code).toBe('CHAIN_NODE_ERROR');
    expect(toChainError(new HttpRequestError({ url, status: 404 })).shortMessage).toContain('404');
    expect(toChainError(new TimeoutError({ body: {}, url })).code).toBe('CHAIN_TIMEOUT');
    expect(
      toChainError(new HttpRequestError({ url, cause: new SyntaxError('Unexpected end of JSON input') })).code,
    ).toBe('CHAIN_MALFORMED_RESPONSE');
  });

  it('takes the RPC URL from the transport error when not given', () => {
    expect(toChainError(new HttpRequestError({ url })).rpcUrl).toBe(url);
    expect(toChainError(new HttpRequestError({ url }), 'http://other').rpcUrl).toBe('http://other');
  });

  it('maps JSON-RPC errors', () => {
    const rpc = (code: number, message: string) => new RpcRequestError({ body: {}, url, error: { code, message } });
    expect(toChainError(new LimitExceededRpcError(rpc(-32005, 'limit')))).toMatchObject({ code: 'CHAIN_RATE_LIMITED' });
    expect(toChainError(new MethodNotFoundRpcError(rpc(-32601, 'no such method'))).code).toBe(
      'CHAIN_METHOD_UNSUPPORTED',
    );
    expect(toChainError(rpc(-32000, 'replacement transaction underpriced')).code).toBe('CHAIN_REPLACEMENT_UNDERPRICED');
    expect(toChainError(rpc(-32000, 'something odd')).code).toBe('CHAIN_RPC_ERROR');
  });

  it('maps node errors about the transaction', () => {
    expect(toChainError(new InsufficientFundsError()).code).toBe('CHAIN_INSUFFICIENT_FUNDS');
    expect(toChainError(new NonceTooLowError({ nonce: 3 })).code).toBe('CHAIN_NONCE_TOO_LOW');
  });

  it('decodes a revert reason', () => {
    const abi = parseAbi(['error Error(string)']);
    const data = encodeErrorResult({ abi, errorName: 'Error', args: ['ERC20: transfer amount exceeds balance'] });
    const error = toChainError(new ContractFunctionRevertedError({ abi, data, functionName: 'transfer' }));
    expect(error).toBeInstanceOf(RevertedError);
    expect((error as RevertedError).reason).toBe('ERC20: transfer amount exceeds balance');
    expect(error.shortMessage).toContain('transfer amount exceeds balance');
  });

  it('passes chain errors through and wraps other Cairn errors and unknowns', () => {
    const original = new ChainError('CHAIN_TIMEOUT', theirWords('slow'));
    expect(toChainError(original)).toBe(original);
    expect(toChainError(new CairnError('X', theirWords('x said'))).shortMessage).toBe('x said');
    const unknown = toChainError('weird');
    expect(unknown.code).toBe('CHAIN_RPC_ERROR');
    expect(unknown.shortMessage).toBe('The node request failed.');
  });

  it('never copies key material from a foreign error into its message or details', () => {
    const key = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    const phrase = 'abandon ability able about above absent absorb abstract absurd abuse access accident';
    for (const secret of [key, `0x${key}`, phrase]) {
      const error = toChainError(new Error(`node said: ${secret} is bad`));
      expect(`${error.message} ${error.shortMessage} ${error.details}`).not.toContain(secret.replace(/^0x/, ''));
    }
  });
});
