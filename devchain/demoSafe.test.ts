import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoSafeAddress } from './demoSafe.ts';
import { SAFE_SINGLETON_FACTORY, safeAddresses } from './safe.ts';

const userGuide = readFileSync(new URL('../docs/user-guide.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

describe('the seeded Safe', () => {
  it('has one address, from its set-up alone, which the user guide gives', () => {
    expect(demoSafeAddress()).toBe('0xf506975D8cD786627C43D98B47Aa473A648AC205');
    expect(userGuide).toContain(demoSafeAddress());
  });

  it('runs on contracts whose addresses the user guide gives', () => {
    for (const [name, address] of Object.entries({ ...safeAddresses(), factory: SAFE_SINGLETON_FACTORY }))
      expect(userGuide, name).toContain(address);
  });
});
