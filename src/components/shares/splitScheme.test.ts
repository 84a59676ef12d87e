import { describe, expect, it } from 'vitest';
import { defaultDraft, resizeGroup, resizeGroups, schemeProblem, thresholdChoices, toRequest } from './splitScheme';

describe('the split form’s scheme', () => {
  it('starts at any 2 of 3, one group', () => {
    expect(toRequest(defaultDraft())).toEqual({
      groupThreshold: 1,
      groups: [{ threshold: 2, guardians: ['', '', ''] }],
    });
    expect(schemeProblem(defaultDraft(), 'phrase')).toBeUndefined();
  });

  it('keeps names and a reachable threshold when a group grows or shrinks', () => {
    const named = { threshold: 3, names: ['Ana', 'Ben', 'Chloé', 'Dev'] };
    expect(resizeGroup(named, 2)).toEqual({ threshold: 2, names: ['Ana', 'Ben'] });
    expect(resizeGroup(named, 5)).toEqual({ threshold: 3, names: ['Ana', 'Ben', 'Chloé', 'Dev', ''] });
    expect(resizeGroup(named, 1)).toEqual({ threshold: 1, names: ['Ana'] });
    expect(thresholdChoices(1)).toEqual([1]);
    expect(thresholdChoices(4)).toEqual([2, 3, 4]);
  });

  it('refuses a scheme where one share alone restores the phrase', () => {
    const twoGroups = resizeGroups(defaultDraft(), 2);
    expect(twoGroups.groups[1]).toEqual({ threshold: 1, names: [''] });
    expect(schemeProblem(twoGroups, 'wallet')).toEqual({
      id: 'shares:scheme.oneShareRestores',
      values: { restores: 'wallet' },
    });
    expect(schemeProblem({ ...twoGroups, groupThreshold: 2 }, 'phrase')).toBeUndefined();
  });

  it('trims the names it sends', () => {
    const draft = { groupThreshold: 1, groups: [{ threshold: 2, names: [' Ana ', 'Ben'] }] };
    expect(toRequest(draft).groups[0]?.guardians).toEqual(['Ana', 'Ben']);
  });
});
