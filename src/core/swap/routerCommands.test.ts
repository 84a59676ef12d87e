// The router calls decoded back with their own ABI: command bytes in order, each input's fields.
import {
  concatHex,
  decodeAbiParameters,
  decodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  numberToHex,
  pad,
  size,
  slice,
} from 'viem';
import { describe, expect, it } from 'vitest';
import {
  executeCalldata,
  MSG_SENDER,
  permit2Permit,
  ROUTER_ITSELF,
  sweep,
  universalRouterAbi,
  unwrapWeth,
  v3SwapExactIn,
  v4PoolId,
  v4SwapExactInSingle,
  wrapEth,
} from './routerCommands';
import { encodeV3Path } from './v3Path';

const WETH = getAddress('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2');
const USDC = getAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');
const ETH = getAddress('0x0000000000000000000000000000000000000000');
const ROUTER = getAddress('0x66a9893cc07d91d95644aedd05d03f95e1dba8af');

const decoded = (data: Hex) => decodeFunctionData({ abi: universalRouterAbi, data }).args;

describe('UniversalRouter steps', () => {
  it('ETH → USDC: wrap, then a v3 swap paid from the router, in one execute with the deadline', () => {
    const path = encodeV3Path([WETH, USDC], [500]);
    const data = executeCalldata(
      [
        wrapEth(ROUTER_ITSELF, 10n ** 18n),
        v3SwapExactIn({ recipient: MSG_SENDER, amountIn: 10n ** 18n, amountOutMin: 3_000n, path, payerIsUser: false }),
      ],
      1_700_000_000n,
    );
    const [commands, inputs, deadline] = decoded(data);
    expect(commands).toBe('0x0b00');
    expect(deadline).toBe(1_700_000_000n);
    expect(decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], inputs[0] ?? '0x')).toEqual([
      ROUTER_ITSELF,
      10n ** 18n,
    ]);
    expect(
      decodeAbiParameters(
        [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes' }, { type: 'bool' }],
        inputs[1] ?? '0x',
      ),
    ).toEqual([MSG_SENDER, 10n ** 18n, 3_000n, path, false]);
  });

  it('a permit, then a swap paid by the person, then what is left swept back', () => {
    const permit = {
      details: { token: USDC, amount: 5_000_000n, expiration: 1_700_000_600, nonce: 3 },
      spender: ROUTER,
      sigDeadline: 1_700_000_600n,
    };
    const signature = `0x${'ab'.repeat(65)}` as Hex;
    const data = executeCalldata(
      [permit2Permit(permit, signature), unwrapWeth(MSG_SENDER, 7n), sweep(USDC, MSG_SENDER, 0n)],
      1n,
    );
    const [commands, inputs] = decoded(data);
    expect(commands).toBe('0x0a0c04');
    const [decodedPermit, decodedSignature] = decodeAbiParameters(
      [
        {
          type: 'tuple',
          components: [
            {
              name: 'details',
              type: 'tuple',
              components: [
                { name: 'token', type: 'address' },
                { name: 'amount', type: 'uint160' },
                { name: 'expiration', type: 'uint48' },
                { name: 'nonce', type: 'uint48' },
              ],
            },
            { name: 'spender', type: 'address' },
            { name: 'sigDeadline', type: 'uint256' },
          ],
        },
        { type: 'bytes' },
      ],
      inputs[0] ?? '0x',
    );
    expect(decodedPermit).toEqual(permit);
    expect(decodedSignature).toBe(signature);
    expect(decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], inputs[1] ?? '0x')).toEqual([
      MSG_SENDER,
      7n,
    ]);
    expect(
      decodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint256' }], inputs[2] ?? '0x'),
    ).toEqual([USDC, MSG_SENDER, 0n]);
  });

  it('a v4 single-pool swap: swap, settle all in, take all out, each with its currency', () => {
    const pool = { currency0: ETH, currency1: USDC, fee: 3_000, tickSpacing: 60, hooks: ETH };
    const step = v4SwapExactInSingle({ pool, zeroForOne: false, amountIn: 2_000n, amountOutMin: 1n });
    expect(step.command).toBe(0x10);
    const [actions, params] = decodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], step.input);
    expect(actions).toBe('0x060c0f');
    expect(params).toHaveLength(3);
    const [swap] = decodeAbiParameters(
      [
        {
          type: 'tuple',
          components: [
            {
              name: 'poolKey',
              type: 'tuple',
              components: [
                { name: 'currency0', type: 'address' },
                { name: 'currency1', type: 'address' },
                { name: 'fee', type: 'uint24' },
                { name: 'tickSpacing', type: 'int24' },
                { name: 'hooks', type: 'address' },
              ],
            },
            { name: 'zeroForOne', type: 'bool' },
            { name: 'amountIn', type: 'uint128' },
            { name: 'amountOutMinimum', type: 'uint128' },
            { name: 'hookData', type: 'bytes' },
          ],
        },
      ],
      params[0] ?? '0x',
    );
    expect(swap).toEqual({ poolKey: pool, zeroForOne: false, amountIn: 2_000n, amountOutMinimum: 1n, hookData: '0x' });
    // One for zero: USDC goes in (settled), ETH comes out (taken).
    expect(decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], params[1] ?? '0x')).toEqual([USDC, 2_000n]);
    expect(decodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], params[2] ?? '0x')).toEqual([ETH, 1n]);
  });

  it('names a v4 pool as PoolManager does: keccak256 of the key’s five words', () => {
    // Mainnet's ETH/USDC 0.05 % pool, whose id Uniswap's interface, subgraph and explorers show.
    const pool = { currency0: ETH, currency1: USDC, fee: 500, tickSpacing: 10, hooks: ETH };
    expect(v4PoolId(pool)).toBe('0x21c67e77068de97969ba93d4aab21826d33ca12bb9f565d8496e8fda8a82ca27');
    // abi.encode(PoolKey) word by word; a negative spacing is sign-extended, as int24 is.
    const other = { currency0: ETH, currency1: USDC, fee: 3_000, tickSpacing: -60, hooks: ROUTER };
    const words = concatHex([
      pad(ETH),
      pad(USDC),
      numberToHex(3_000, { size: 32 }),
      numberToHex(-60, { size: 32, signed: true }),
      pad(ROUTER),
    ]);
    expect(v4PoolId(other)).toBe(keccak256(words));
  });

  it('refuses a call with no step', () => {
    expect(() => executeCalldata([], 1n)).toThrow(RangeError);
  });

  it('starts with execute(bytes,bytes[],uint256)', () => {
    expect(slice(executeCalldata([sweep(USDC, MSG_SENDER, 0n)], 1n), 0, 4)).toBe('0x3593564c');
    expect(size(executeCalldata([sweep(USDC, MSG_SENDER, 0n)], 1n))).toBeGreaterThan(4);
  });
});
