import { describe, expect, it } from 'vitest';
import { compareVersions, isOlderVersion } from './releaseOrder';

describe('which build is the older', () => {
  it('orders versions as semantic versioning does', () => {
    const ordered = [
      '0.1.0',
      '0.9.0',
      '0.10.0',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0',
    ];
    for (let i = 1; i < ordered.length; i++) {
      expect(compareVersions(ordered[i - 1] ?? '', ordered[i] ?? '')).toBeLessThan(0);
      expect(compareVersions(ordered[i] ?? '', ordered[i - 1] ?? '')).toBeGreaterThan(0);
    }
    expect(compareVersions('1.2.3+abc', '1.2.3')).toBe(0);
  });

  it('says an offer goes back only when both versions can be compared', () => {
    expect(isOlderVersion('0.1.0', '0.2.0')).toBe(true);
    expect(isOlderVersion('0.2.0', '0.1.0')).toBe(false);
    expect(isOlderVersion('0.2.0', '0.2.0')).toBe(false);
    expect(isOlderVersion('unknown', '0.2.0')).toBe(false);
    expect(isOlderVersion('0.1.0', 'hostile')).toBe(false);
  });
});
