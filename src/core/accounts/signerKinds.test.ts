import { describe, expect, it } from 'vitest';
import type { AccountSource } from './account';
import { holdsVaultKey, isDeviceSource } from './account';
import { canSign, signerProfile } from './signerKinds';

const sources: AccountSource[] = [
  { kind: 'hd', secretId: 's', template: "m/44'/60'/0'/0/{i}", index: 0, path: "m/44'/60'/0'/0/0" },
  { kind: 'key', secretId: 's' },
  { kind: 'qrDevice', deviceName: 'Keystone', masterFingerprint: 1, path: "m/44'/60'/0'/0/0" },
  { kind: 'ledger', path: "m/44'/60'/0'/0/0" },
  { kind: 'external', walletName: 'MetaMask', rdns: 'io.metamask' },
  { kind: 'watch' },
];
const account = (source: AccountSource) => ({
  id: 'a',
  name: 'A',
  address: '0x0000000000000000000000000000000000000001' as const,
  source,
  hidden: false,
  demo: false,
  createdAt: 0,
});

describe('the signer contract of each kind of account', () => {
  it('says who holds a key, which kinds ask a device, and why a kind cannot sign', () => {
    for (const source of sources) {
      const profile = signerProfile(source);
      expect(profile.whyNot === undefined).toBe(profile.canSign);
    }
    expect(sources.filter((source) => holdsVaultKey(account(source))).map((s) => s.kind)).toEqual(['hd', 'key']);
    expect(sources.filter(isDeviceSource).map((s) => s.kind)).toEqual(['qrDevice', 'ledger', 'external']);
    expect(sources.filter((source) => !canSign(account(source))).map((s) => s.kind)).toEqual(['watch']);
    // Only a browser wallet sends itself (and so chooses the nonce): the others can do all Cairn does.
    expect(sources.filter((source) => signerProfile(source).sendsItself).map((s) => s.kind)).toEqual(['external']);
  });
});
