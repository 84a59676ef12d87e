import type { Address } from 'viem';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import type { SmartAccountState } from '@/core/smartAccount/accountState';
import { DELEGATION_FRAMEWORK_VERSION } from '@/core/smartAccount/delegates';
import { shortAddress } from '@/lib/i18n/format';

/** What an account is, in one sentence: plain, upgraded to Cairn's delegate, delegated elsewhere (a danger), a contract. */
export function stateMessage(state: SmartAccountState): Message {
  switch (state.kind) {
    case 'plain':
      return msg('smartAccount:state.plain');
    case 'upgraded':
      return upgradedMessage(state.delegate);
    case 'foreign':
      return msg('smartAccount:state.foreign', { delegate: codeValue(state.delegate) });
    case 'contract':
      return msg('smartAccount:state.contract');
  }
}

function upgradedMessage(delegate: Address): Message {
  return msg('smartAccount:state.upgraded', {
    version: DELEGATION_FRAMEWORK_VERSION,
    delegate: codeValue(shortAddress(delegate)),
  });
}
