// Where Send's time goes between Confirm and the broadcast, seen from the page without changing
// Cairn: an init script wraps the browser APIs the send path uses (Web Locks, fetch, IndexedDB,
// the vault worker's port) and notes when each is called and answered.
import { median } from './stats.ts';

/** One note: page time (ms) and what happened. */
export type TraceEvent = [number, string];

/**
 * Installed before Cairn's code runs. A string, so the bundler's helpers never end up in the page.
 * `__sendTraceArm()` starts a trace: notes go to `globalThis.__sendTrace`, and
 * `globalThis.__broadcastAnswered` resolves (page time) when the node answers a broadcast.
 */
export const SEND_TRACE_SCRIPT = `(() => {
  const trace = [];
  let broadcastAnswered = () => {};
  globalThis.__sendTrace = trace;
  globalThis.__sendTraceOn = false;
  // Starts a new trace; __broadcastAnswered resolves with the time the node answered the broadcast.
  globalThis.__sendTraceArm = () => {
    trace.length = 0;
    globalThis.__sendTraceOn = true;
    globalThis.__broadcastAnswered = new Promise((resolve) => { broadcastAnswered = resolve; });
  };
  const note = (what) => { if (globalThis.__sendTraceOn) trace.push([performance.now(), what]); };

  const fetch0 = globalThis.fetch;
  globalThis.fetch = async function (input, init) {
    let methods = '?';
    try {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '');
      methods = (Array.isArray(body) ? body : [body]).map((c) => c.method).join('+');
    } catch {}
    note('fetch> ' + methods);
    try {
      const response = await fetch0.call(this, input, init);
      const text = await response.clone().text();
      note('fetch< ' + methods + (text.includes('"error"') ? ' (error)' : ''));
      return response;
    } finally {
      if (methods.includes('eth_sendRawTransaction')) broadcastAnswered(performance.now());
    }
  };

  if (navigator.locks) {
    const request0 = LockManager.prototype.request;
    LockManager.prototype.request = function (name, ...rest) {
      const task = rest[rest.length - 1];
      note('lock> ' + name);
      rest[rest.length - 1] = async (lock) => {
        note('lock+ ' + name);
        try { return await task(lock); } finally { note('lock- ' + name); }
      };
      return request0.call(this, name, ...rest);
    };
  }

  const transaction0 = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores, mode, ...rest) {
    const tx = transaction0.call(this, stores, mode, ...rest);
    const label = [].concat(stores).join(',') + ' ' + (mode || 'readonly');
    note('idb> ' + label);
    tx.addEventListener('complete', () => note('idb< ' + label));
    return tx;
  };

  const SharedWorker0 = globalThis.SharedWorker;
  if (SharedWorker0) {
    globalThis.SharedWorker = function (...args) {
      const worker = new SharedWorker0(...args);
      const post0 = worker.port.postMessage.bind(worker.port);
      worker.port.postMessage = (message, transfer) => {
        if (message && message.kind === 'call') note('vault> ' + message.method);
        return post0(message, transfer);
      };
      worker.port.addEventListener('message', (event) => {
        if (event.data && event.data.kind === 'result') note('vault< result');
      });
      return worker;
    };
    globalThis.SharedWorker.prototype = SharedWorker0.prototype;
  }
})();`;

/** The steps of one send, in ms from Confirm; undefined where a step was not seen. */
export type SendSteps = {
  /** A swap's eth_call of itself at Confirm (swapFailsNow), answered before the nonce lock; none for a send. */
  recheck: number | undefined;
  lock: number | undefined;
  chainRead: number | undefined;
  signStart: number | undefined;
  signEnd: number | undefined;
  stored: number | undefined;
  broadcastStart: number | undefined;
  broadcastEnd: number | undefined;
};

/** Reads the steps from the notes of one send (times relative to `clickAt`, page time). */
export function sendSteps(events: TraceEvent[], clickAt: number): SendSteps {
  const at = (test: (what: string) => boolean, after = 0) => {
    const found = events.find(([t, what]) => t - clickAt >= after && test(what));
    return found ? found[0] - clickAt : undefined;
  };
  const lock = at((w) => w.startsWith('lock+ '));
  const recheck = at((w) => w.startsWith('fetch< eth_call'));
  const chainRead = at((w) => w.startsWith('fetch< ') && w.includes('eth_chainId'));
  const signStart = at((w) => w === 'vault> sign');
  const signEnd = signStart === undefined ? undefined : at((w) => w === 'vault< result', signStart);
  const stored = signEnd === undefined ? undefined : at((w) => w === 'idb< transactions readwrite', signEnd);
  const broadcastStart = at((w) => w.startsWith('fetch> ') && w.includes('eth_sendRawTransaction'));
  const broadcastEnd = at((w) => w.startsWith('fetch< ') && w.includes('eth_sendRawTransaction'));
  return {
    recheck: recheck !== undefined && lock !== undefined && recheck < lock ? recheck : undefined,
    lock,
    chainRead,
    signStart,
    signEnd,
    stored,
    broadcastStart,
    broadcastEnd,
  };
}

function diff(later: number | undefined, earlier: number | undefined): number | undefined {
  return later === undefined || earlier === undefined ? undefined : later - earlier;
}

type StepRow = [string, (s: SendSteps) => number | undefined];

const AFTER_LOCK: StepRow[] = [
  ['→ chain id + pending nonce answered (1 batch)', (s) => diff(s.chainRead, s.lock)],
  ['→ sign request sent to the vault worker', (s) => diff(s.signStart, s.chainRead)],
  ['vault worker round trip (sign)', (s) => diff(s.signEnd, s.signStart)],
  ['→ signed record stored (IndexedDB)', (s) => diff(s.stored, s.signEnd)],
  ['→ eth_sendRawTransaction sent', (s) => diff(s.broadcastStart, s.stored)],
  ['→ node’s answer: in its mempool', (s) => diff(s.broadcastEnd, s.broadcastStart)],
];

const SEND_ROWS: StepRow[] = [['Confirm → nonce lock held (click, render, Web Lock)', (s) => s.lock], ...AFTER_LOCK];

/** A swap first runs itself once (eth_call) to refuse a price moved beyond the slippage. */
const SWAP_ROWS: StepRow[] = [
  ['Confirm → the swap’s eth_call at Confirm answered', (s) => s.recheck],
  ['→ nonce lock held (render, Web Lock)', (s) => diff(s.lock, s.recheck)],
  ...AFTER_LOCK,
];

const medianOf = (values: (number | undefined)[]) => {
  const seen = values.filter((v): v is number => v !== undefined);
  return seen.length ? median(seen) : undefined;
};

/** Where the time between Confirm and the mempool goes, step by step: the median ms of `steps`. */
export function stepLines(steps: readonly SendSteps[], { swap = false, indent = '      ' } = {}): string[] {
  return (swap ? SWAP_ROWS : SEND_ROWS).map(([label, step]) => {
    const value = medianOf(steps.map(step));
    return `${indent}${label.padEnd(56)}${value === undefined ? '—' : value.toFixed(1)}`;
  });
}
