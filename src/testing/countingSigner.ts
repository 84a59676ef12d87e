// An account that counts the EIP-7702 authorizations it signs, by nonce: for tests that show an
// authorization is signed only at Confirm.
import type { SigningAccount } from '../core/signing/signerAccount';

/** `account`, noting the nonce of every authorization it signs in `signed`. */
export function countingAuthorizations(account: SigningAccount): { wrapped: SigningAccount; signed: number[] } {
  const signed: number[] = [];
  const wrapped: SigningAccount = {
    ...account,
    signAuthorization: async (request) => {
      signed.push(request.nonce);
      return (account.signAuthorization as NonNullable<SigningAccount['signAuthorization']>)(request);
    },
  };
  return { wrapped, signed };
}
