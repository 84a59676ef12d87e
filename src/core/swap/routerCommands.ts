// Uniswap's UniversalRouter: each step is a command byte and its ABI-encoded input, sent together
// as execute(commands, inputs, deadline). Only the commands a swap from Cairn uses are here; their
// layouts are those of UniversalRouter 2.x (Commands.sol, Dispatcher.sol) and v4-periphery 1.0
// (Actions.sol) for single-pool v4 swaps.
import {
  type Address,
  concatHex,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  keccak256,
  numberToHex,
} from 'viem';

/** Command bytes (a byte with 0x80 set may revert without failing the whole call; none does here). */
export const ROUTER_COMMAND = {
  V3_SWAP_EXACT_IN: 0x00,
  SWEEP: 0x04,
  PERMIT2_PERMIT: 0x0a,
  WRAP_ETH: 0x0b,
  UNWRAP_WETH: 0x0c,
  V4_SWAP: 0x10,
} as const;

/** v4 router actions inside a V4_SWAP. */
export const V4_ACTION = { SWAP_EXACT_IN_SINGLE: 0x06, SETTLE_ALL: 0x0c, TAKE_ALL: 0x0f } as const;

/** Recipients the router reads as "whoever called" and "the router itself". */
export const MSG_SENDER: Address = '0x0000000000000000000000000000000000000001';
export const ROUTER_ITSELF: Address = '0x0000000000000000000000000000000000000002';

export type RouterStep = { command: number; input: Hex };

export const universalRouterAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [
      { name: 'commands', type: 'bytes' },
      { name: 'inputs', type: 'bytes[]' },
      { name: 'deadline', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

/** The router's calldata for `steps`, to run before `deadline` (unix seconds). */
export function executeCalldata(steps: readonly RouterStep[], deadline: bigint): Hex {
  if (steps.length === 0) throw new RangeError('A router call needs at least one step');
  const commands = concatHex(steps.map((step) => numberToHex(step.command, { size: 1 })));
  return encodeFunctionData({
    abi: universalRouterAbi,
    functionName: 'execute',
    args: [commands, steps.map((step) => step.input), deadline],
  });
}

/** Swaps exactly `amountIn` along a v3 path, paid by the caller through Permit2 or by the router's own balance. */
export function v3SwapExactIn(args: {
  recipient: Address;
  amountIn: bigint;
  amountOutMin: bigint;
  path: Hex;
  /** True: pulled from the caller through Permit2. False: from what the router holds (wrapped ETH). */
  payerIsUser: boolean;
}): RouterStep {
  return {
    command: ROUTER_COMMAND.V3_SWAP_EXACT_IN,
    input: encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'bytes' }, { type: 'bool' }],
      [args.recipient, args.amountIn, args.amountOutMin, args.path, args.payerIsUser],
    ),
  };
}

/** Wraps `amount` of the ETH sent with the call into WETH, for `recipient`. */
export function wrapEth(recipient: Address, amount: bigint): RouterStep {
  return {
    command: ROUTER_COMMAND.WRAP_ETH,
    input: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [recipient, amount]),
  };
}

/** Unwraps all the router's WETH (at least `amountMin`) and sends the ETH to `recipient`. */
export function unwrapWeth(recipient: Address, amountMin: bigint): RouterStep {
  return {
    command: ROUTER_COMMAND.UNWRAP_WETH,
    input: encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [recipient, amountMin]),
  };
}

/** Sends all the router holds of `token` (the zero address for ETH), at least `amountMin`, to `recipient`. */
export function sweep(token: Address, recipient: Address, amountMin: bigint): RouterStep {
  return {
    command: ROUTER_COMMAND.SWEEP,
    input: encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
      [token, recipient, amountMin],
    ),
  };
}

/** Permit2's PermitSingle: `spender` may take up to `amount` of `token` until `expiration`. */
export type PermitSingle = {
  details: { token: Address; amount: bigint; expiration: number; nonce: number };
  spender: Address;
  sigDeadline: bigint;
};

const permitSingleParameter = {
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
} as const;

/** Hands Permit2 the person's signed permit, so the swap steps after it may pull the tokens. */
export function permit2Permit(permit: PermitSingle, signature: Hex): RouterStep {
  return {
    command: ROUTER_COMMAND.PERMIT2_PERMIT,
    input: encodeAbiParameters([permitSingleParameter, { type: 'bytes' }], [permit, signature]),
  };
}

/** A v4 pool: its two currencies in address order (ETH is the zero address), fee, spacing, hooks. */
export type V4PoolKey = { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address };

/** PoolKey's ABI shape (v4-core PoolKey.sol): five static words, in this order. */
export const v4PoolKeyParameter = {
  type: 'tuple',
  components: [
    { name: 'currency0', type: 'address' },
    { name: 'currency1', type: 'address' },
    { name: 'fee', type: 'uint24' },
    { name: 'tickSpacing', type: 'int24' },
    { name: 'hooks', type: 'address' },
  ],
} as const;

/** The pool's id, by which PoolManager, StateView and their events name it: keccak256(abi.encode(poolKey)). */
export function v4PoolId(pool: V4PoolKey): Hex {
  return keccak256(encodeAbiParameters([v4PoolKeyParameter], [pool]));
}

/**
 * Swaps exactly `amountIn` through one v4 pool: the swap, then settling what is owed in, then
 * taking all that comes out (at least `amountOutMin`) for the caller.
 */
export function v4SwapExactInSingle(args: {
  pool: V4PoolKey;
  zeroForOne: boolean;
  amountIn: bigint;
  amountOutMin: bigint;
}): RouterStep {
  const { pool, zeroForOne, amountIn, amountOutMin } = args;
  const [currencyIn, currencyOut] = zeroForOne ? [pool.currency0, pool.currency1] : [pool.currency1, pool.currency0];
  const actions = concatHex(
    [V4_ACTION.SWAP_EXACT_IN_SINGLE, V4_ACTION.SETTLE_ALL, V4_ACTION.TAKE_ALL].map((action) =>
      numberToHex(action, { size: 1 }),
    ),
  );
  const params = [
    encodeAbiParameters(
      [
        {
          type: 'tuple',
          components: [
            { name: 'poolKey', ...v4PoolKeyParameter },
            { name: 'zeroForOne', type: 'bool' },
            { name: 'amountIn', type: 'uint128' },
            { name: 'amountOutMinimum', type: 'uint128' },
            { name: 'hookData', type: 'bytes' },
          ],
        },
      ],
      [{ poolKey: pool, zeroForOne, amountIn, amountOutMinimum: amountOutMin, hookData: '0x' }],
    ),
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [currencyIn, amountIn]),
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [currencyOut, amountOutMin]),
  ];
  return {
    command: ROUTER_COMMAND.V4_SWAP,
    input: encodeAbiParameters([{ type: 'bytes' }, { type: 'bytes[]' }], [actions, params]),
  };
}
