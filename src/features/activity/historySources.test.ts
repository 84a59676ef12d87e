import { describe, expect, it } from 'vitest';
import { translate } from '@/lib/i18n';
import { historySources } from './historySources';

describe('what a history is built from', () => {
  it('names the logs and Cairn’s records everywhere, and where native coins come from', () => {
    expect(translate(historySources('scan'))).toBe(
      'the token and NFT transfers your node’s logs record, the local chain’s blocks (for its native coin) and Cairn’s own records of what you send',
    );
    expect(translate(historySources('explorer'))).toContain(', the transactions your explorer lists and ');
    expect(translate(historySources('none'))).toBe(
      'the token and NFT transfers your node’s logs record and Cairn’s own records of what you send',
    );
  });
});
