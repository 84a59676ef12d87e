import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { keptLayoutBook, type LayoutStore } from '../verify/layoutBook';
import { openCairnDatabase } from './database';
import { fromStoredLayout, indexedDbLayoutStore } from './layoutDb';

const TOKEN = '0x6b175474e89094c44da98b954eedeac495271d0f';

describe('balance layouts kept between visits', () => {
  it('reads back what was stored, and drops a damaged entry', () => {
    const stored = { key: `1:${TOKEN}`, code: '0xabc', layout: { kind: 'mapping', slot: '0x2' } };
    expect(fromStoredLayout(JSON.parse(JSON.stringify(stored)))).toEqual([
      `1:${TOKEN}`,
      { key: '0xabc', layout: { kind: 'mapping', slot: '0x2' } },
    ]);
    for (const damaged of [
      null,
      { ...stored, key: 'DAI' },
      { ...stored, layout: { kind: 'mapping', slot: 'two' } },
      { ...stored, layout: { kind: 'vyper', slot: '0x1', masked: true } },
      { ...stored, layout: { kind: 'guess' } },
      { ...stored, code: 7 },
    ])
      expect(fromStoredLayout(damaged), JSON.stringify(damaged)).toBeUndefined();
  });

  it('loads a book from its store, and writes each change through', async () => {
    const saved = new Map<string, unknown>([[`1:${TOKEN}`, { key: '0xabc', layout: { kind: 'solady' } }]]);
    const store: LayoutStore = {
      load: async () => [...saved] as never,
      save: async (token, kept) => {
        saved.set(token, kept);
      },
      remove: async (token) => {
        saved.delete(token);
      },
    };
    const book = keptLayoutBook(store);
    await book.ready;
    expect(book.forToken(1, TOKEN.toUpperCase().replace('0X', '0x'))).toEqual({
      key: '0xabc',
      layout: { kind: 'solady' },
    });
    book.keep(31337, TOKEN, '0xdef', { kind: 'mapping', slot: '0x3' });
    book.forget(1, TOKEN);
    await Promise.resolve();
    expect([...saved.keys()]).toEqual([`31337:${TOKEN}`]);
  });

  it('starts empty when its store cannot be read', async () => {
    const book = keptLayoutBook({
      load: async () => {
        throw new Error('no IndexedDB');
      },
      save: async () => undefined,
      remove: async () => undefined,
    });
    await book.ready;
    expect(book.forToken(1, TOKEN)).toBeUndefined();
  });

  it('keeps them in the wallet’s database, where the next visit finds them', async () => {
    const name = `cairn-layouts-${crypto.randomUUID()}`;
    const first = keptLayoutBook(indexedDbLayoutStore(await openCairnDatabase(name)));
    await first.ready;
    first.keep(1, TOKEN, '0xabc', { kind: 'mapping', slot: '0x2', masked: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = keptLayoutBook(indexedDbLayoutStore(await openCairnDatabase(name)));
    await next.ready;
    expect(next.forToken(1, TOKEN)).toEqual({ key: '0xabc', layout: { kind: 'mapping', slot: '0x2', masked: true } });
  });
});
