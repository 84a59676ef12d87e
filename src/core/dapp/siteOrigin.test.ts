import { describe, expect, it } from 'vitest';
import { originParts } from './siteOrigin';

describe('originParts', () => {
  it('shows a Cyrillic host made of Latin look-alikes large in ASCII, its letters kept for the warning', () => {
    const parts = originParts('https://xn--80ak6aa92e.com');
    expect(parts.shownHost).toBe('xn--80ak6aa92e.com');
    expect(parts.unicodeHost).toBe('аррӏе.com');
    expect(parts.spoofRisk).toBe('latinLookalike');
  });

  it('shows a host that mixes Latin and Cyrillic large in ASCII', () => {
    const parts = originParts(`https://${new URL('https://pаypal.com').hostname}`);
    expect(parts.shownHost).toMatch(/^xn--/);
    expect(parts.spoofRisk).toBe('mixedScripts');
  });

  it('shows a sound international host in its own letters', () => {
    const parts = originParts('https://xn--mnchen-3ya.de');
    expect(parts.shownHost).toBe('münchen.de');
    expect(parts.unicodeHost).toBe('münchen.de');
    expect(parts.spoofRisk).toBeUndefined();
  });

  it('shows an ASCII host as it is, plain http and an odd port called out', () => {
    const parts = originParts('http://example.com:8080');
    expect(parts).toMatchObject({ shownHost: 'example.com', unicodeHost: undefined, spoofRisk: undefined });
    expect(parts).toMatchObject({ insecure: true, port: '8080' });
  });
});
