import { describe, expect, it } from 'vitest';
import { msg } from '@/core/i18n/message';
import { inWords } from '@/testing/inWords';
import { oneAccountNoticeId } from './oneAccountNotice';

describe('Home’s notice that it reads one account', () => {
  it('says a network saved before Cairn recorded who chose its RPC is such a one, and how to allow all', () => {
    const said = (rpcFrom: 'site' | 'preset' | 'unrecorded') =>
      inWords(msg(oneAccountNoticeId({ rpcFrom }), { network: 'Mine' }));
    expect(said('unrecorded')).toContain('Mine was saved before Cairn recorded who chose its RPC');
    expect(said('unrecorded')).toContain('If you typed its RPC yourself, allow it in Settings → Networks.');
    expect(said('site')).toContain('Mine’s RPC is not one you chose');
    expect(said('preset')).toBe(said('site'));
  });
});
