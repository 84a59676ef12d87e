// A dApp page's window, small enough to read, for the connector's tests in Node: window.open
// hands out fake popups (or null when pop-ups are blocked), intervals run when the test says,
// messages arrive from whatever source and origin the test names, and the document is a handful
// of elements that record what the connector did to them. MessageChannel is Node's own.

export type Posted = { message: unknown; targetOrigin: string; transfer: unknown[] };

/** The Cairn window the connector opened, as its opener sees it. */
export type FakePopup = { closed: boolean; focused: number; posted: Posted[] };

export type FakeElement = {
  tagName: string;
  children: FakeElement[];
  parent?: FakeElement;
  textContent: string;
  attributes: Record<string, string>;
  style: { cssText: string };
  open?: boolean;
  onclick: (() => void) | null;
  /** The shadow root and the mode it was attached with. */
  shadow?: FakeElement;
  shadowMode?: string;
  setAttribute(name: string, value: string): void;
  appendChild(child: FakeElement): FakeElement;
  append(...children: FakeElement[]): void;
  attachShadow(init: { mode: string }): FakeElement;
  remove(): void;
  focus(): void;
};

export type FetchCall = { url: string; body: { method: string; params: unknown; id: unknown; jsonrpc: unknown } };

export type FakeDappWindowOptions = {
  origin?: string;
  title?: string;
  /** The page's <link rel="icon"> href (absolute, as the property reads), if it has one. */
  icon?: string;
  blockPopups?: boolean;
  /** localStorage that throws on every use, as in a sandboxed frame. */
  storageFails?: boolean;
  /** Answers fetch: a JSON body, or throws (a network failure). */
  fetch?: (call: FetchCall) => unknown;
};

export function fakeDappWindow(options: FakeDappWindowOptions = {}) {
  const events = new EventTarget();
  const popups: FakePopup[] = [];
  const opened: { url: string; name: string; features: string }[] = [];
  const intervals = new Map<number, () => void>();
  const storage = new Map<string, string>();
  const fetches: FetchCall[] = [];
  const document = fakeDocument(options);
  let blockPopups = options.blockPopups ?? false;
  let lastTimer = 0;

  const localStorage = {
    getItem: (key: string) => {
      if (options.storageFails) throw new Error('SecurityError');
      return storage.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (options.storageFails) throw new Error('SecurityError');
      storage.set(key, value);
    },
  };

  const window = {
    location: { origin: options.origin ?? 'https://dapp.example' },
    document,
    localStorage,
    MessageChannel,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    open(url: string, name: string, features: string) {
      opened.push({ url, name, features });
      if (blockPopups) return null;
      const popup: FakePopup & {
        postMessage(message: unknown, targetOrigin: string, transfer?: unknown[]): void;
        focus(): void;
      } = {
        closed: false,
        focused: 0,
        posted: [],
        postMessage(message: unknown, targetOrigin: string, transfer: unknown[] = []) {
          popup.posted.push({ message, targetOrigin, transfer });
        },
        focus() {
          popup.focused++;
        },
      };
      popups.push(popup);
      return popup;
    },
    setInterval(callback: () => void) {
      intervals.set(++lastTimer, callback);
      return lastTimer;
    },
    clearInterval(id: number) {
      intervals.delete(id);
    },
    async fetch(url: string, init: { body: string }) {
      const call: FetchCall = { url, body: JSON.parse(init.body) };
      fetches.push(call);
      const answer = options.fetch ? options.fetch(call) : { jsonrpc: '2.0', id: call.body.id, result: null };
      return { status: 200, json: async () => answer };
    },
  };

  return {
    window,
    document,
    popups,
    opened,
    storage,
    fetches,
    setPopupsBlocked(blocked: boolean) {
      blockPopups = blocked;
    },
    /** Runs every interval once, as if its period had passed. */
    tick() {
      for (const callback of [...intervals.values()]) callback();
    },
    intervalCount: () => intervals.size,
    /** Delivers a window message as the browser would: with the sender's origin and window. */
    deliver(data: unknown, from: { source: unknown; origin: string }) {
      events.dispatchEvent(Object.assign(new Event('message'), { data, ...from }));
    },
  };
}

function fakeDocument(options: FakeDappWindowOptions) {
  const element = (tagName: string): FakeElement => {
    const self: FakeElement = {
      tagName: tagName.toUpperCase(),
      children: [],
      textContent: '',
      attributes: {},
      style: { cssText: '' },
      onclick: null,
      setAttribute(name, value) {
        self.attributes[name] = value;
      },
      appendChild(child) {
        child.parent = self;
        self.children.push(child);
        return child;
      },
      append(...children) {
        for (const child of children) self.appendChild(child);
      },
      attachShadow({ mode }) {
        self.shadowMode = mode;
        self.shadow = element('#shadow-root');
        return self.shadow;
      },
      remove() {
        if (self.parent) self.parent.children = self.parent.children.filter((c) => c !== self);
        self.parent = undefined;
      },
      focus() {
        document.activeElement = self;
      },
    };
    return self;
  };
  const document = {
    title: options.title ?? '  Example dApp  ',
    body: element('body'),
    documentElement: element('html'),
    activeElement: undefined as FakeElement | undefined,
    createElement: element,
    querySelector: (selector: string) =>
      selector === 'link[rel~="icon"]' && options.icon !== undefined ? { href: options.icon } : null,
  };
  return document;
}

/** The fake as the connector's window option takes it. */
export const asWindow = <T>(fake: { window: unknown }): T => fake.window as T;

/** Every element under `root` (its shadow roots included), depth first. */
export function allElements(root: FakeElement): FakeElement[] {
  return [root, ...[...(root.shadow ? [root.shadow] : []), ...root.children].flatMap(allElements)];
}

/**
 * Plays Cairn's dApp window for one handshake: says ready from the popup the connector opened,
 * at the wallet's origin, with the nonce of its fragment, and takes the port it was handed.
 */
export function answerAsCairn(fake: ReturnType<typeof fakeDappWindow>, walletOrigin: string) {
  const popup = fake.popups[fake.popups.length - 1];
  const opened = fake.opened[fake.opened.length - 1];
  if (!popup || !opened) throw new Error('the connector opened no window');
  const nonce = new URLSearchParams(new URL(opened.url).hash.slice(1)).get('nonce');
  fake.deliver({ tag: 'cairn-dapp-v1', type: 'ready', nonce }, { source: popup, origin: walletOrigin });
  const connect = popup.posted[popup.posted.length - 1];
  const port = connect?.transfer[0];
  if (!(port instanceof MessagePort)) throw new Error('the connector handed over no port');
  const received: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  port.onmessage = ({ data }) => {
    const next = waiting.shift();
    if (next) next(data);
    else received.push(data);
  };
  return {
    popup,
    nonce,
    connect,
    port,
    /** The next request the connector sends over the port. */
    nextRequest: (): Promise<{ type: string; id: number; method: string; params?: unknown; chainId?: string }> =>
      new Promise((resolve) => {
        const queued = received.shift();
        if (queued !== undefined) resolve(queued as never);
        else waiting.push(resolve as (message: unknown) => void);
      }),
    send: (message: unknown) => port.postMessage(message),
    close: () => port.close(),
  };
}
