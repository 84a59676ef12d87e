import { describe, expect, it } from 'vitest';
import { FRAMED_MESSAGE, refuseFraming } from './frameGuard';

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
    expect(refuseFraming(win, doc)).toBe(false);
    expect(root.children).toEqual([]);
  });

  it('in a frame, replaces the app with the explanation and tells the caller to stop', () => {
    const { root, doc } = page();
    const self = {};
    expect(refuseFraming({ top: {}, self }, doc)).toBe(true);
    expect(root.children.map((c) => c.textContent)).toEqual([FRAMED_MESSAGE]);
  });

  it('treats a parent that cannot even be compared as a frame', () => {
    const { root, doc } = page();
    const win = {
      self: {},
      get top(): unknown {
        throw new Error('SecurityError');
      },
    };
    expect(refuseFraming(win, doc)).toBe(true);
    expect(root.children).toHaveLength(1);
  });

  it('never throws: without #root it writes into the body, and a broken document still refuses', () => {
    const { body, doc } = page({ root: false });
    expect(refuseFraming({ top: {}, self: {} }, doc)).toBe(true);
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
    expect(refuseFraming({ top: {}, self: {} }, broken)).toBe(true);
  });
});
