// Chromium's CDP virtual authenticator, as the passkey e2e tests use it: a platform authenticator
// (ctap2.1, internal, resident keys) that verifies the person, with or without the PRF extension,
// and the passkeys it holds, read out (private keys included), put in or taken away.
import type { CDPSession, Page } from 'playwright-core';

/** A passkey as a virtual authenticator holds it (CDP's WebAuthn.Credential): its private key included. */
export type VirtualCredential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

/** Adds one to the page's browser; `verifies(false)` makes it stop verifying the person. */
export async function addVirtualAuthenticator(page: Page, { hasPrf = false }: { hasPrf?: boolean } = {}) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    verifies: (isUserVerified: boolean) => cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }),
    credentials: async (): Promise<VirtualCredential[]> =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    addCredential: (credential: VirtualCredential) =>
      cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
    removeCredential: (credentialId: string) =>
      cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId }),
    remove: () => cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }),
  };
}
