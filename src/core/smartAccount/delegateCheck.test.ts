import { zeroAddress } from 'viem';
import { describe, it } from 'vitest';
import { expectRefusal } from '@/testing/expectRefusal';
import { checkAuthorizationTarget, checkOtherDelegateTarget } from './delegateCheck';
import { DELEGATION_CONTRACTS } from './delegates';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';

describe('the delegates Cairn signs an authorization for', () => {
  it('takes its own delegate and the zero address, and another contract only through the advanced choice', () => {
    checkAuthorizationTarget(DELEGATION_CONTRACTS.delegator, { otherAllowed: false });
    checkAuthorizationTarget(zeroAddress, { otherAllowed: false });
    checkAuthorizationTarget(OTHER, { otherAllowed: true });
    expectRefusal(
      () => checkAuthorizationTarget(OTHER, { otherAllowed: false }),
      'SMART_DELEGATE_NOT_ALLOWED',
      /only to MetaMask’s delegate/,
    );
  });

  it('refuses as another delegate the zero address, the account itself and the framework’s other contracts', () => {
    checkOtherDelegateTarget(ACCOUNT, OTHER);
    expectRefusal(() => checkOtherDelegateTarget(ACCOUNT, zeroAddress), 'SMART_DELEGATE_NOT_ALLOWED', /use Undo/);
    expectRefusal(
      () => checkOtherDelegateTarget(ACCOUNT, ACCOUNT),
      'SMART_DELEGATE_NOT_ALLOWED',
      /this account itself/,
    );
    for (const contract of [DELEGATION_CONTRACTS.delegationManager, DELEGATION_CONTRACTS.timestampEnforcer])
      expectRefusal(
        () => checkOtherDelegateTarget(ACCOUNT, contract),
        'SMART_DELEGATE_NOT_ALLOWED',
        /framework’s own contracts/,
      );
  });
});
