import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ABILITIES_MS, type NodeAbilities } from '@/core/simulation/probe';
import { keepAbilities, readKeptAbilities } from './keptAbilities';

const abilities: NodeAbilities = { strategy: 'structLogs', blockOverrides: { call: false, trace: false } };

afterEach(() => localStorage.clear());

describe('what each node offers a preview, kept for every window', () => {
  it('is read back by another window, until it is forgotten or too old', () => {
    keepAbilities('1|http://node', abilities, 0);
    expect(readKeptAbilities('1|http://node', 10)).toEqual(abilities);
    expect(readKeptAbilities('1|http://other', 10)).toBeUndefined();
    expect(readKeptAbilities('1|http://node', KEEP_ABILITIES_MS)).toBeUndefined();
    keepAbilities('1|http://node', undefined, 10);
    expect(readKeptAbilities('1|http://node', 10)).toBeUndefined();
  });

  it('keeps no node URL (a provider’s API key may be in one)', () => {
    keepAbilities('1|https://mainnet.example/v3/secret-key', abilities, 0);
    expect(localStorage.getItem('cairn.previewNodes')).not.toContain('secret-key');
    expect(localStorage.getItem('cairn.previewNodes')).not.toContain('example');
    expect(readKeptAbilities('1|https://mainnet.example/v3/secret-key', 10)).toEqual(abilities);
  });

  it('drops the entries of other nodes once too old, and survives what it cannot read', () => {
    keepAbilities('1|http://old', abilities, 0);
    keepAbilities('1|http://new', abilities, KEEP_ABILITIES_MS);
    const stored = localStorage.getItem('cairn.previewNodes') ?? '{}';
    expect(Object.keys(JSON.parse(stored))).toHaveLength(1);
    expect(readKeptAbilities('1|http://new', KEEP_ABILITIES_MS)).toEqual(abilities);
    localStorage.setItem('cairn.previewNodes', '{not json');
    expect(readKeptAbilities('1|http://new')).toBeUndefined();
    keepAbilities('1|http://new', abilities);
    expect(readKeptAbilities('1|http://new')).toEqual(abilities);
  });
});
