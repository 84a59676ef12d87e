import { describe, expect, it } from 'vitest';
import { fakeDappWindow } from '@/testing/fakeDappWindow';
import { CAIRN_NAME, CAIRN_RDNS } from '../core/identity';
import { announceCairnProvider, CAIRN_ICON, type ProviderDetail } from './announce';
import { createCairnProvider } from './index';
import type { ConnectorWindow } from './types';

function announced() {
  const fake = fakeDappWindow();
  const details: ProviderDetail[] = [];
  fake.window.addEventListener('eip6963:announceProvider', (event) => {
    expect(event).toBeInstanceOf(CustomEvent);
    details.push((event as CustomEvent<ProviderDetail>).detail);
  });
  const provider = createCairnProvider({
    walletUrl: 'https://cairn.example/',
    window: fake.window as unknown as ConnectorWindow,
  });
  announceCairnProvider(provider, fake.window);
  return { fake, details, provider };
}

describe('the EIP-6963 announcement', () => {
  it('announces Cairn once at load, with its name, reverse-DNS id, icon and a v4 uuid', () => {
    const { details, provider } = announced();
    expect(details).toHaveLength(1);
    const [detail] = details as [ProviderDetail];
    expect(detail.provider).toBe(provider);
    expect(detail.info).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: CAIRN_NAME,
      icon: CAIRN_ICON,
      rdns: CAIRN_RDNS,
    });
    expect(CAIRN_ICON).toMatch(/^data:image\/svg\+xml,%3Csvg /);
    expect(decodeURIComponent(CAIRN_ICON)).toMatch(/<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg'.*<\/svg>$/);
  });

  it('announces again on every request, with the same frozen detail and uuid', () => {
    const { fake, details } = announced();
    fake.window.dispatchEvent(new Event('eip6963:requestProvider'));
    fake.window.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(details).toHaveLength(3);
    expect(new Set(details).size).toBe(1);
    const [detail] = details as [ProviderDetail];
    expect(Object.isFrozen(detail)).toBe(true);
    expect(() => {
      (detail as { provider: unknown }).provider = {};
    }).toThrow(TypeError);
  });

  it('leaves window.ethereum alone', () => {
    const { fake } = announced();
    expect('ethereum' in fake.window).toBe(false);
    expect('ethereum' in globalThis).toBe(false);
  });

  it('makes a v4 uuid where crypto.randomUUID is missing (pages that are not a secure context)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const { details } = announced();
      expect(details[0]?.info.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
