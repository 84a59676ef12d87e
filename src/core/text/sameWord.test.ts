import { describe, expect, it } from 'vitest';
import { sameWord } from './sameWord';

describe('sameWord', () => {
  it('is the same letters, case aside, and never for a missing word', () => {
    expect(sameWord('apiKey', 'APIKEY')).toBe(true);
    expect(sameWord('Data:', 'data:')).toBe(true);
    expect(sameWord('apikey', 'api_key')).toBe(false);
    expect(sameWord(undefined, 'word')).toBe(false);
    expect(sameWord(undefined, undefined)).toBe(false);
  });
});
