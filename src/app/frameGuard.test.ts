import { describe, expect, it } from 'vitest';
import type { PlainMessageId } from '@/core/i18n/message';
import { t } from '@/lib/i18n';
import { FRAMED_MESSAGE_ID, refuseFraming } from './frameGuard';
import { startWords } from './wordsBeforeStart';

const FRAMED_MESSAGE =
  'Cairn does not run inside another page, so that no site can trick you into clicking in your wallet. Open Cairn in its own browser tab.';

/** The catalog's words, as the page gets them once loaded. */
const words = async (id: PlainMessageId) => t(id);
const loaded = () => new Promise((resolve) => setTimeout(resolve, 0));

type FakeElement = { textContent: string; children: FakeElement[]; replaceChildren(...nodes: FakeElement[]): void };

function element(): FakeElement {
  const node: FakeElement = {
    textContent: '',
    children: [],
    replaceChildren: (...nodes) => {
      node.children = nodes;
    },
  };
  return node;
}

function page(options: { root?: boolean } = {}) {
  const root = element();
  const body = element();
  const doc = {
    getElementById: (id: string) => (id === 'root' && options.root !== false ? root : null),
    createElement: () => element(),
    body,
  } as unknown as Document;
  return { root, body, doc };
}

describe('refuseFraming', () => {
  it('lets a top-level page start and touches nothing', () => {
    const { root, doc } = page();
    const win = { top: undefined as unknown, self: undefined as unknown };
    win.top = win;
    win.self = win;
    expect(refuseFraming(words, win, doc)).toBe(false);
    expect(root.children).toEqual([]);
  });

  it('in a frame, replaces the app with the explanation and tells the caller to stop', async () => {
    const { root, doc } = page();
    const self = {};
    expect(refuseFraming(words, { top: {}, self }, doc)).toBe(true);
    expect(root.children).toHaveLength(1);
    await loaded();
    expect(root.children.map((c) => c.textContent)).toEqual([FRAMED_MESSAGE]);
    expect(t(FRAMED_MESSAGE_ID)).toBe(FRAMED_MESSAGE);
  });

  it('treats a parent that cannot even be compared as a frame', () => {
    const { root, doc } = page();
    const win = {
      self: {},
      get top(): unknown {
        throw new Error('SecurityError');
      },
    };
    expect(refuseFraming(words, win, doc)).toBe(true);
    expect(root.children).toHaveLength(1);
  });

  it('never throws: without #root it writes into the body, and a broken document still refuses', async () => {
    const { body, doc } = page({ root: false });
    expect(refuseFraming(words, { top: {}, self: {} }, doc)).toBe(true);
    await loaded();
    expect(body.children.map((c) => c.textContent)).toEqual([FRAMED_MESSAGE]);
    const broken = {
      getElementById: () => {
        throw new Error('detached');
      },
      createElement: () => {
        throw new Error('detached');
      },
      body: null,
    } as unknown as Document;
    expect(refuseFraming(words, { top: {}, self: {} }, broken)).toBe(true);
  });

  it('explains in English when the catalog could not be loaded, never with the message id', async () => {
    const { root, doc } = page();
    // wordsBeforeStart's words when no catalog loaded: the runtime gives the id back.
    const unloaded = async (id: typeof FRAMED_MESSAGE_ID) => startWords(id, (asked) => asked);
    expect(refuseFraming(unloaded, { top: {}, self: {} }, doc)).toBe(true);
    await loaded();
    expect(root.children.map((c) => c.textContent)).toEqual([FRAMED_MESSAGE]);
  });
});
