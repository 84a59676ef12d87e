// A site may not have an account call itself, nor call another of the person's accounts that is
// delegated (EIP-7702): either call runs code at one of the person's accounts, and a smart
// account's `execute` spends whatever the call tells it to (the account's own call passes its
// check), which a review of the site's calls cannot be trusted to show. Cairn refuses the request
// and signs nothing.
//
// Privacy: the site knows the sending account, so a call to it is refused with -32602 and says
// why. Which other addresses are the person's it must not learn: a call to another of their
// accounts is refused as the person's own decline (4001), once they close the refusal, the same
// answer a plain rejection gives; and the window reads the code of every address the request calls,
// the person's or not, so a node of the site's cannot tell which of them are the person's.

import type { Address } from 'viem';
import { codeValue, type Message, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import type { SmartAccountState } from '../smartAccount/accountState';
import type { DappCall, PersonRequest } from './personParams';
import { type ProviderError, providerError } from './providerErrors';

/** A request that sends calls from one of the person's accounts. */
export type CallingRequest = Extract<PersonRequest, { method: 'eth_sendTransaction' | 'wallet_sendCalls' }>;

/** The calls a request asks to send: eth_sendTransaction's one, wallet_sendCalls' each. */
export function requestCalls(request: CallingRequest): readonly DappCall[] {
  return request.method === 'eth_sendTransaction' ? [request.call] : request.calls;
}

/** Every address the request's calls go to, once each, in order (creations have none). */
export function calledAddresses(request: CallingRequest): Address[] {
  const called: Address[] = [];
  for (const { to } of requestCalls(request)) if (to && !called.some((a) => sameAddress(a, to))) called.push(to);
  return called;
}

/**
 * Why Cairn refuses the request: a call to the sending account itself (`self`), or to another of
 * the person's accounts that runs a delegate's code (`delegated`); `index` is the call's place.
 */
export type OwnCallRefusal = { kind: 'self'; index: number } | { kind: 'delegated'; index: number; account: Address };

/**
 * Whether the request calls one of the person's accounts that runs code Cairn's review cannot
 * answer for: the sending account itself (unless it is a Safe, whose own transactions to itself
 * are how its owners change it, reviewed as a Safe transaction), or another of `own` whose state
 * is delegated (`stateOf`, read from the chain: upgraded to Cairn's delegate or another).
 * `unread`: an address of `own` it calls whose state is not read yet (or could not be): nothing
 * may be approved until it is. Undefined: nothing to refuse.
 */
export function ownCallRefusal(
  request: CallingRequest,
  input: {
    senderIsSafe: boolean;
    own: readonly Address[];
    stateOf(address: Address): SmartAccountState | undefined;
  },
): OwnCallRefusal | 'unread' | undefined {
  const calls = requestCalls(request);
  const self = input.senderIsSafe ? -1 : calls.findIndex((c) => c.to && sameAddress(c.to, request.account));
  if (self >= 0) return { kind: 'self', index: self };
  let unread = false;
  for (const [index, { to }] of calls.entries()) {
    if (!to || sameAddress(to, request.account) || !input.own.some((a) => sameAddress(a, to))) continue;
    const state = input.stateOf(to);
    if (state === undefined) unread = true;
    else if (state.kind === 'upgraded' || state.kind === 'foreign') return { kind: 'delegated', index, account: to };
  }
  return unread ? 'unread' : undefined;
}

/** What the person is told of the refusal, in their words. */
export function ownCallMessage(refusal: OwnCallRefusal, request: CallingRequest): Message {
  const call = request.method === 'wallet_sendCalls' ? refusal.index + 1 : 0;
  return refusal.kind === 'self'
    ? msg('core.contracts:ownCall.self', { call })
    : msg('core.contracts:ownCall.delegated', { call, account: codeValue(refusal.account) });
}

/**
 * What the site is answered: for a call to the sending account, -32602 and why (the site knows
 * that account); for another of the person's accounts, 4001, as a plain decline (the site must
 * not learn the account is the person's).
 */
export function ownCallError(refusal: OwnCallRefusal, request: CallingRequest): ProviderError {
  if (refusal.kind === 'delegated') return providerError('userRejected');
  const which = request.method === 'wallet_sendCalls' ? `calls[${refusal.index}]` : 'The transaction';
  return providerError(
    'invalidParams',
    `${which} is to the sending account itself, which Cairn refuses: a call an account makes to itself can run its own code (an EIP-7702 delegate's execute) beyond what the review shows. Nothing was signed.`,
  );
}
