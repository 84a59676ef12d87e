import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import type { SmartAccountState } from '../smartAccount/accountState';
import { type CallingRequest, calledAddresses, ownCallError, ownCallRefusal } from './ownAccountCalls';

const ME: Address = '0x1000000000000000000000000000000000000001';
const OTHER: Address = '0x2000000000000000000000000000000000000002';
const STRANGER: Address = '0x3000000000000000000000000000000000000003';
const DELEGATE: Address = '0x4000000000000000000000000000000000000004';

const batch = (...to: Address[]): Extract<CallingRequest, { method: 'wallet_sendCalls' }> => ({
  method: 'wallet_sendCalls',
  account: ME,
  chainId: 1,
  calls: to.map((address) => ({ to: address, value: 0n, data: '0x' })),
  batchId: undefined,
  atomicRequired: true,
});
const states = (other: SmartAccountState | undefined) => (address: Address) =>
  address === OTHER ? other : { kind: 'plain' as const };

describe('a site’s call to one of the person’s accounts', () => {
  it('refuses a call to the sending account, whatever its data, and tells the site why (-32602)', () => {
    const request: CallingRequest = {
      ...batch(STRANGER),
      calls: [{ to: ME.toUpperCase() as Address, value: 1n, data: '0x' }],
    };
    const refusal = ownCallRefusal(request, { senderIsSafe: false, own: [ME], stateOf: states(undefined) });
    expect(refusal).toEqual({ kind: 'self', index: 0 });
    expect(ownCallError(refusal as never, request)).toMatchObject({ code: -32602 });
  });

  it('leaves a Safe’s own transaction to itself to the Safe’s review', () => {
    expect(ownCallRefusal(batch(ME), { senderIsSafe: true, own: [ME], stateOf: states(undefined) })).toBeUndefined();
  });

  it('refuses a call to another delegated account of the person’s as a plain decline (4001), naming nothing', () => {
    const request = batch(STRANGER, OTHER);
    const upgraded = { kind: 'upgraded' as const, delegate: DELEGATE };
    const refusal = ownCallRefusal(request, { senderIsSafe: false, own: [ME, OTHER], stateOf: states(upgraded) });
    expect(refusal).toEqual({ kind: 'delegated', index: 1, account: OTHER });
    expect(ownCallError(refusal as never, request)).toEqual({ code: 4001, message: expect.any(String) });
    expect(JSON.stringify(ownCallError(refusal as never, request))).not.toContain(OTHER.slice(2));
  });

  it('holds a call to another account of the person’s until its code is read, and lets one without a delegate through', () => {
    const request = batch(OTHER);
    const input = { senderIsSafe: false, own: [ME, OTHER] };
    expect(ownCallRefusal(request, { ...input, stateOf: states(undefined) })).toBe('unread');
    expect(ownCallRefusal(request, { ...input, stateOf: states({ kind: 'plain' }) })).toBeUndefined();
    expect(ownCallRefusal(request, { ...input, stateOf: states({ kind: 'contract' }) })).toBeUndefined();
    // A delegated address that is not the person's is any contract to call.
    const foreign = { kind: 'foreign' as const, delegate: DELEGATE };
    expect(ownCallRefusal(batch(OTHER), { senderIsSafe: false, own: [ME], stateOf: states(foreign) })).toBeUndefined();
  });

  it('names every called address once, to read all their code alike', () => {
    expect(calledAddresses(batch(OTHER, STRANGER, OTHER))).toEqual([OTHER, STRANGER]);
  });
});
