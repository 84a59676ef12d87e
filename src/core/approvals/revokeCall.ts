import { type Address, encodeFunctionData, type Hex, parseAbi, zeroAddress } from 'viem';
import { call } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { type Message, msg } from '../i18n/message';
import type { CurrentApproval } from './currentApprovals';

const revokeAbi = parseAbi([
  'function approve(address spender, uint256 value)',
  'function setApprovalForAll(address operator, bool approved)',
]);
const permit2RevokeAbi = parseAbi([
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
]);

/** The transaction that takes an approval back: its contract and call data, and a note when it is not the usual one. */
export type RevokeCall = { to: Address; data: Hex; note?: Message };

/**
 * The usual call that ends an approval: approve(spender, 0), setApprovalForAll(operator, false),
 * approve(address(0), tokenId), or Permit2's approve(token, spender, 0, 0) (amount 0, in force
 * for this block only). Setting an allowance to 0 is the one change USDT-style tokens always
 * accept, so no step before it is needed.
 */
export function revokeCall(approval: CurrentApproval): RevokeCall {
  const encode = (functionName: 'approve' | 'setApprovalForAll', args: readonly unknown[]) =>
    encodeFunctionData({ abi: revokeAbi, functionName, args } as never) as Hex;
  switch (approval.kind) {
    case 'erc20':
      return { to: approval.token, data: encode('approve', [approval.spender, 0n]) };
    case 'operator':
      return { to: approval.token, data: encode('setApprovalForAll', [approval.operator, false]) };
    case 'erc721':
      return { to: approval.token, data: encode('approve', [zeroAddress, approval.tokenId]) };
    case 'permit2':
      return {
        to: PERMIT2_ADDRESS,
        data: encodeFunctionData({
          abi: permit2RevokeAbi,
          functionName: 'approve',
          args: [approval.token, approval.spender, 0n, 0],
        }),
      };
  }
}

/**
 * revokeCall, tried first on the owner's node: a token that refuses an allowance of 0 (a few do)
 * gets an allowance of 1 base unit instead, which leaves the spender nothing worth taking, with a
 * note saying so. When both are refused the usual call is kept: the review's preview shows why.
 */
export async function revokeCallFor(
  client: ChainClient,
  owner: Address,
  approval: CurrentApproval,
): Promise<RevokeCall> {
  const usual = revokeCall(approval);
  if (approval.kind !== 'erc20') return usual;
  const accepts = (data: Hex) =>
    call(client, { account: owner, to: usual.to, data }).then(
      () => true,
      () => false,
    );
  if (await accepts(usual.data)) return usual;
  const one = encodeFunctionData({ abi: revokeAbi, functionName: 'approve', args: [approval.spender, 1n] });
  if (!(await accepts(one))) return usual;
  return {
    to: usual.to,
    data: one,
    note: msg('core.chain:approvals.revoke.oneUnit'),
  };
}
