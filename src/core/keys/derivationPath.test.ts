import { describe, expect, it } from 'vitest';
import { KeyError } from '../errors/keys';
import { PATH_PRESETS, parsePathTemplate, pathForIndex, presetOf } from './derivationPath';

function reason(text: string): string {
  try {
    parsePathTemplate(text);
  } catch (error) {
    expect(error).toBeInstanceOf(KeyError);
    expect((error as KeyError).code).toBe('KEYS_PATH_INVALID');
    return (error as KeyError).shortMessage;
  }
  throw new Error(`accepted ${text}`);
}

describe('derivation paths', () => {
  it('has the three presets with their paths for index 3', () => {
    expect(PATH_PRESETS.map((p) => pathForIndex(p.template, 3))).toEqual([
      "m/44'/60'/0'/0/3",
      "m/44'/60'/3'/0/0",
      "m/44'/60'/0'/3",
    ]);
  });

  it('parses custom templates, with or without an index marker', () => {
    expect(parsePathTemplate("m/44'/60'/0'/0")).toBe("m/44'/60'/0'/0/{i}");
    expect(parsePathTemplate("m/44'/60'/i'/0/0")).toBe("m/44'/60'/{i}'/0/0");
    expect(parsePathTemplate('m/44h/60H/0h/x')).toBe("m/44'/60'/0'/{i}");
    expect(parsePathTemplate(" m/44'/60'/0'/0/{i} ")).toBe("m/44'/60'/0'/0/{i}");
    expect(presetOf(parsePathTemplate("m/44'/60'/0'/0"))?.id).toBe('bip44');
  });

  it('refuses malformed paths with the reason', () => {
    expect(reason('')).toContain('enter a path');
    expect(reason("44'/60'")).toContain('must start with m/');
    expect(reason("m/44'/6o'/0'")).toContain("level 2 (“6o'”) is not a number");
    expect(reason("m/44'//0'")).toContain('level 2 is empty');
    expect(reason('m/2147483648')).toContain('too large');
    expect(reason('m/i/i')).toContain('only one level');
    expect(reason('m/01')).toContain('leading zero');
    expect(reason(`m/${Array(11).fill('0').join('/')}`)).toContain('at most 10');
  });

  it('refuses an out-of-range index', () => {
    expect(() => pathForIndex("m/44'/60'/0'/0/{i}", -1)).toThrow(KeyError);
  });
});
