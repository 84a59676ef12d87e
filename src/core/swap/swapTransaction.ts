// The one transaction a swap is: UniversalRouter's execute with the steps for the chosen route.
// ETH in is sent with the call (wrapped by the router for v3, settled as ETH in v4); a token in is
// pulled through Permit2, with the person's permit for exactly the amount as the first step when
// they signed one; ETH out from v3 is unwrapped by the router and sent on.
import type { Address, Hex } from 'viem';
import { sameAddress } from '../keys/sameAddress';
import { NATIVE } from './pools';
import { v3RoutePath } from './quoteCalls';
import type { SwapQuote } from './routeChoice';
import {
  executeCalldata,
  MSG_SENDER,
  type PermitSingle,
  permit2Permit,
  ROUTER_ITSELF,
  type RouterStep,
  unwrapWeth,
  v3SwapExactIn,
  v4SwapExactInSingle,
  wrapEth,
} from './routerCommands';
import { zeroForOne } from './routes';

export type SignedPermit = { permit: PermitSingle; signature: Hex };

export type SwapTransaction = { to: Address; value: bigint; data: Hex };

export function swapTransaction(args: {
  router: Address;
  quote: SwapQuote;
  /** NATIVE for the coin. */
  tokenIn: Address;
  tokenOut: Address;
  amountOutMin: bigint;
  /** Unix seconds after which the router refuses the swap. */
  deadline: bigint;
  permit?: SignedPermit;
}): SwapTransaction {
  const { quote, amountOutMin } = args;
  const { amountIn } = quote;
  const coinIn = sameAddress(args.tokenIn, NATIVE);
  const coinOut = sameAddress(args.tokenOut, NATIVE);
  const steps: RouterStep[] = [];
  if (args.permit && !coinIn) steps.push(permit2Permit(args.permit.permit, args.permit.signature));
  if (quote.route.protocol === 'v4') {
    const [hop] = quote.route.hops;
    steps.push(v4SwapExactInSingle({ pool: hop.key, zeroForOne: zeroForOne(hop), amountIn, amountOutMin }));
  } else {
    if (coinIn) steps.push(wrapEth(ROUTER_ITSELF, amountIn));
    steps.push(
      v3SwapExactIn({
        recipient: coinOut ? ROUTER_ITSELF : MSG_SENDER,
        amountIn,
        amountOutMin,
        path: v3RoutePath(quote.route),
        payerIsUser: !coinIn,
      }),
    );
    if (coinOut) steps.push(unwrapWeth(MSG_SENDER, amountOutMin));
  }
  return { to: args.router, value: coinIn ? amountIn : 0n, data: executeCalldata(steps, args.deadline) };
}
