// Cairn's service worker (src/serviceWorker) run in Node, below e2e: the worker's global scope, a
// Cache API and Web Locks shared with "pages", and a server, all in memory. Each start imports the
// worker anew (the test passes the import: testing may not import the worker), as a browser starts
// it again after stopping it (its memory gone, its caches kept). For *.mocked.test.ts files: it
// stubs globals and resets modules.
import { vi } from 'vitest';
import type { UpdateNews } from '@/core/build/updateProtocol';

type Stored = { body: ArrayBuffer; status: number; headers: [string, string][] };

class MemoryCache {
  readonly entries = new Map<string, Stored>();
  async match(url: string | Request): Promise<Response | undefined> {
    const stored = this.entries.get(String(typeof url === 'string' ? url : url.url));
    return stored && new Response(stored.body.slice(0), { status: stored.status, headers: stored.headers });
  }
  async put(url: string | Request, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    this.entries.set(String(typeof url === 'string' ? url : url.url), {
      body,
      status: response.status,
      headers: [...response.headers],
    });
  }
  async delete(url: string): Promise<boolean> {
    return this.entries.delete(url);
  }
}

/** The origin's Cache API: the worker's and every page's. */
export class MemoryCaches {
  readonly named = new Map<string, MemoryCache>();
  async open(name: string): Promise<MemoryCache> {
    const cache = this.named.get(name) ?? new MemoryCache();
    this.named.set(name, cache);
    return cache;
  }
  async keys(): Promise<string[]> {
    return [...this.named.keys()];
  }
  async delete(name: string): Promise<boolean> {
    return this.named.delete(name);
  }
  /** What a page's script writes. */
  async plant(cache: string, url: string, body: BodyInit | null): Promise<void> {
    await (await this.open(cache)).put(url, new Response(body));
  }
}

type Holder = { stolen(): void };
type Waiter = { grant(): void; steal: boolean };

/** The origin's Web Locks, as the spec has them for what the worker uses: a queue, `signal` and `steal`. */
export class MemoryLocks {
  private readonly held = new Map<string, Holder>();
  private readonly waiting = new Map<string, Waiter[]>();

  request(name: string, ...args: unknown[]): Promise<unknown> {
    const callback = args.at(-1) as () => Promise<unknown>;
    const options = (args.length > 1 ? args[0] : {}) as { signal?: AbortSignal; steal?: boolean };
    return new Promise((resolve, reject) => {
      let done = false;
      const holder: Holder = {
        stolen: () => {
          done = true;
          reject(new DOMException('stolen', 'AbortError'));
        },
      };
      const release = () => {
        if (this.held.get(name) !== holder) return;
        this.held.delete(name);
        this.waiting.get(name)?.shift()?.grant();
      };
      const waiter: Waiter = {
        steal: options.steal === true,
        grant: () => {
          this.held.set(name, holder);
          Promise.resolve()
            .then(callback)
            .then(
              (value) => {
                release();
                if (!done) resolve(value);
              },
              (error) => {
                release();
                if (!done) reject(error);
              },
            );
        },
      };
      if (options.steal) {
        this.held.get(name)?.stolen();
        this.held.delete(name);
        return waiter.grant();
      }
      if (!this.held.has(name) && !this.waiting.get(name)?.length) return waiter.grant();
      const queue = this.waiting.get(name) ?? [];
      queue.push(waiter);
      this.waiting.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        const at = queue.indexOf(waiter);
        if (at < 0) return;
        queue.splice(at, 1);
        reject(options.signal?.reason);
      });
    });
  }

  /** How many wait for the lock `name`. */
  queued(name: string): number {
    return this.waiting.get(name)?.length ?? 0;
  }

  /** What a page's script can do: hold the lock and never let go. */
  holdForever(name: string): void {
    void this.request(name, () => new Promise(() => undefined)).catch(() => undefined);
  }
}

/** The server at the origin: its files by path, answered with 200, else 404. */
export type Server = Map<string, string>;

export type Answer = Response | 'network';

/** The text of an answer ('network' when the worker left the request alone). */
export const textOf = async (answer: Answer): Promise<string> => (answer === 'network' ? 'network' : answer.text());

/** A window of the origin, as the worker's clients API shows it; it keeps what it was told. */
export type PageWindow = { url: string; type: 'window'; heard: UpdateNews[]; postMessage(news: UpdateNews): void };

type Listener = (event: Record<string, unknown>) => void;

export type WorkerOptions = {
  origin?: string;
  /** The worker's script URL (sw.js in the scope's folder, as Cairn registers it) and scope, as paths. */
  script?: string;
  scope?: string;
  /** The keys its sw.js carries, SubjectPublicKeyInfo in base64 ('' or none: an unsigned build). */
  publisherKey?: string;
  previousKeys?: string[];
};

/** The origin all starts of a test share: its server, caches, locks and windows. */
export function testOrigin(origin = 'https://cairn.test') {
  const server: Server = new Map();
  const caches = new MemoryCaches();
  const locks = new MemoryLocks();
  const windows: PageWindow[] = [];
  const requested: string[] = [];
  const fetch = async (input: string | { url: string }): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.url);
    requested.push(url.pathname);
    const path = url.pathname.slice(1) || 'index.html';
    const body = url.origin === origin ? server.get(path) : undefined;
    return body === undefined ? new Response(null, { status: 404 }) : new Response(body, { status: 200 });
  };
  const openWindow = (path: string): PageWindow => {
    const page: PageWindow = {
      url: new URL(path, origin).href,
      type: 'window',
      heard: [],
      postMessage: (news) => void page.heard.push(news),
    };
    windows.push(page);
    return page;
  };
  return { origin, server, caches, locks, windows, requested, openWindow, fetch };
}
export type TestOrigin = ReturnType<typeof testOrigin>;

/** Starts sw.js at `at` (`load` imports src/serviceWorker/serviceWorker.ts anew: a worker the browser started again). */
export async function startWorker(at: TestOrigin, load: () => Promise<unknown>, options: WorkerOptions = {}) {
  const scope = new URL(options.scope ?? '/', at.origin).href;
  const listeners = new Map<string, Listener>();
  const registration = { scope, installing: null, waiting: null, unregister: vi.fn(async () => true) };
  const self = {
    location: { href: new URL(options.script ?? 'sw.js', scope).href },
    registration,
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: async () => undefined, matchAll: async () => at.windows },
    addEventListener: (type: string, listener: Listener) => void listeners.set(type, listener),
  };
  vi.stubGlobal('self', self);
  vi.stubGlobal('caches', at.caches);
  vi.stubGlobal('fetch', at.fetch);
  vi.stubGlobal('navigator', { locks: at.locks });
  vi.stubGlobal('__CAIRN_PUBLISHER_KEY__', options.publisherKey ?? '');
  vi.stubGlobal('__CAIRN_PREVIOUS_KEYS__', options.previousKeys ?? []);
  vi.resetModules();
  await load();

  /** Dispatches an extendable event and waits for what it extended itself by. */
  async function dispatch(type: string, fields: Record<string, unknown> = {}): Promise<void> {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...fields, waitUntil: (promise: Promise<unknown>) => void pending.push(promise) });
    await Promise.all(pending);
  }

  return {
    self,
    registration,
    install: () => dispatch('install'),
    activate: () => dispatch('activate'),
    /** What the worker answers a request for `path` with: a response, or 'network' when it leaves it to the network. */
    async request(path: string, mode: 'navigate' | 'no-cors' = 'navigate', destination = 'document'): Promise<Answer> {
      let answer: Promise<Response> | undefined;
      const request = { method: 'GET', url: new URL(path, scope).href, mode, destination };
      const respondWith = (response: Promise<Response>) => {
        answer = response;
      };
      listeners.get('fetch')?.({ request, respondWith });
      return answer ? await answer : 'network';
    },
    /** A message from the window `page`. */
    tell: (page: PageWindow, data: unknown) => dispatch('message', { data, source: page }),
  };
}
export type WorkerUnderTest = Awaited<ReturnType<typeof startWorker>>;

/** Puts a build on the server in place of what it held: its files (path → text) and its manifest. */
export function putBuild(server: Server, files: Readonly<Record<string, string>>, manifest: unknown): void {
  server.clear();
  for (const [path, text] of Object.entries(files)) server.set(path, text);
  server.set('build-manifest.json', JSON.stringify(manifest));
}
