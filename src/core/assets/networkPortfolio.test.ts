import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChainError, WrongChainError } from '../errors/chain';
import { msg } from '../i18n/message';
import { type HeadInput, type NetworkReadInputs, networkReadState, type ReadFigures } from './networkPortfolio';

const figures = (block: bigint): ReadFigures => ({ blockNumber: block, timestamp: Number(block) * 12 });
const unreachable = new ChainError('CHAIN_UNREACHABLE', msg('core.chain:networkRead.unreachable'));
const rateLimited = new ChainError('CHAIN_RATE_LIMITED', msg('core.chain:networkRead.rateLimited'));
/** A 429 wrapped by whoever caught it: found along the causes. */
const wrapped429 = new Error('read failed', { cause: rateLimited });

const inputs = (over: Partial<NetworkReadInputs<ReadFigures>> = {}): NetworkReadInputs<ReadFigures> => ({
  online: true,
  head: { state: 'ok' },
  read: { data: undefined, wanted: true },
  ...over,
});

describe('networkReadState', () => {
  it('is fresh with the read’s own figures, its block and time', () => {
    const data = figures(10n);
    expect(networkReadState(inputs({ read: { data, wanted: true } }))).toEqual({
      shown: data,
      status: { state: 'fresh', block: 10n, at: 120 },
    });
  });

  it('is loading with nothing to show and nothing in the way', () => {
    expect(networkReadState(inputs()).status).toEqual({ state: 'loading' });
    expect(networkReadState(inputs({ head: { state: 'pending' } })).status).toEqual({ state: 'loading' });
    // Nothing to read (no account): never a failure.
    expect(networkReadState(inputs({ online: false, read: { data: undefined, wanted: false } })).status).toEqual({
      state: 'loading',
    });
  });

  it('shows the figures kept from an earlier visit, marked, until the first read', () => {
    const kept = figures(5n);
    expect(networkReadState(inputs({ kept }))).toEqual({
      shown: kept,
      status: { state: 'stale', block: 5n, at: 60, because: 'kept' },
    });
  });

  it('prefers this window’s last read through the node to the kept figures', () => {
    const lastRead = figures(8n);
    const state = networkReadState(inputs({ lastRead, kept: figures(5n) }));
    expect(state).toEqual({ shown: lastRead, status: { state: 'stale', block: 8n, at: 96, because: 'reading' } });
  });

  it('marks figures stale for each thing in the way, by precedence', () => {
    const lastRead = figures(8n);
    const because = (over: Partial<NetworkReadInputs<ReadFigures>>) => {
      const status = networkReadState(inputs({ lastRead, ...over })).status;
      return status.state === 'stale' ? status.because : status.state;
    };
    const wrongChain: HeadInput = { state: 'wrongChain', chainId: 5, expectedChainId: 10 };
    expect(because({ online: false, head: wrongChain })).toBe('offline');
    expect(because({ head: wrongChain, read: { data: undefined, error: unreachable, wanted: true } })).toBe(
      'wrongChain',
    );
    expect(because({ head: { state: 'failed', error: unreachable } })).toBe('node');
    expect(because({ head: { state: 'failed', error: wrapped429 } })).toBe('rateLimited');
    expect(because({ read: { data: undefined, error: rateLimited, wanted: true } })).toBe('rateLimited');
    // A node that cannot be reached is the node's fault, also when the read found it (a network
    // followed in the background asks its head only now and then).
    expect(because({ read: { data: undefined, error: unreachable, wanted: true } })).toBe('node');
    expect(because({ read: { data: undefined, error: new Error('x'), wanted: true } })).toBe('read');
    // A background read that found the node on another chain, in the same request as its figures.
    const otherChain = new WrongChainError({ expectedChainId: 901, actualChainId: 1 });
    expect(because({ read: { data: undefined, error: otherChain, wanted: true } })).toBe('wrongChain');
    const failed = networkReadState(inputs({ read: { data: undefined, error: otherChain, wanted: true } })).status;
    expect(failed).toMatchObject({
      state: 'failed',
      reason: {
        id: 'core.chain:networkRead.wrongChain',
        values: { answered: { text: '1' }, expected: { text: '901' } },
      },
    });
    // The read's own figures, with the node down since: stale too.
    const data = figures(9n);
    expect(because({ read: { data, wanted: true }, head: { state: 'failed', error: unreachable } })).toBe('node');
  });

  it('fails with words when nothing can be shown: the error’s own, or Cairn’s', () => {
    const reason = (over: Partial<NetworkReadInputs<ReadFigures>>) => {
      const status = networkReadState(inputs(over)).status;
      return status.state === 'failed' ? status.reason : status;
    };
    expect(reason({ online: false })).toEqual({ id: 'core.chain:networkRead.offline' });
    expect(reason({ head: { state: 'wrongChain', chainId: 5, expectedChainId: 10 } })).toEqual({
      id: 'core.chain:networkRead.wrongChain',
      values: { answered: { kind: 'code', text: '5' }, expected: { kind: 'code', text: '10' } },
    });
    expect(reason({ head: { state: 'failed', error: wrapped429 } })).toEqual({
      id: 'core.chain:networkRead.rateLimited',
    });
    expect(reason({ head: { state: 'failed', error: unreachable } })).toBe(unreachable.text);
    expect(reason({ head: { state: 'failed', error: new Error('boom') } })).toEqual({
      id: 'core.chain:networkRead.unreachable',
    });
    expect(reason({ read: { data: undefined, error: new Error('boom'), wanted: true } })).toEqual({
      id: 'core.chain:networkRead.readFailed',
    });
  });

  // Today's rule in usePortfolio, written out: what the status must still express.
  function today(i: NetworkReadInputs<ReadFigures>) {
    const shown = i.read.data ?? i.lastRead ?? i.kept;
    const nodeDown = !i.online || i.head.state === 'failed' || i.head.state === 'wrongChain';
    const isError = i.read.error !== undefined;
    const stale = shown !== undefined && (isError || nodeDown || shown !== i.read.data);
    const staleBecause = !i.online ? 'offline' : nodeDown ? 'node' : isError ? 'read' : 'reading';
    return { shown, stale, staleBecause };
  }
  /** A status's reason in today's words: another chain and a refused head are the node; a kept figure is being read. */
  function inTodaysWords(i: NetworkReadInputs<ReadFigures>, because: string) {
    if (because === 'wrongChain') return 'node';
    if (because === 'rateLimited') return i.head.state === 'failed' ? 'node' : 'read';
    if (because === 'kept') return 'reading';
    // Today said "read" for a read that could not reach the node while the head stood.
    if (because === 'node' && i.head.state !== 'failed') return 'read';
    if (because === 'wrongChain' && i.head.state !== 'wrongChain') return 'read';
    return because;
  }

  it('expresses today’s staleness rule for any inputs', () => {
    const maybeFigures = fc.option(
      fc.bigInt({ min: 0n, max: 100n }).map((b) => figures(b)),
      { nil: undefined },
    );
    const error = fc.constantFrom<unknown>(undefined, unreachable, rateLimited, wrapped429, new Error('x'));
    const head = fc.oneof(
      fc.constant<HeadInput>({ state: 'pending' }),
      fc.constant<HeadInput>({ state: 'ok' }),
      fc.constant<HeadInput>({ state: 'wrongChain', chainId: 1, expectedChainId: 2 }),
      fc.constantFrom(unreachable, rateLimited, new Error('x')).map((e): HeadInput => ({ state: 'failed', error: e })),
    );
    fc.assert(
      fc.property(
        fc.boolean(),
        head,
        maybeFigures,
        error,
        maybeFigures,
        maybeFigures,
        (online, h, data, e, lastRead, kept) => {
          const i = inputs({ online, head: h, read: { data, error: e, wanted: true }, lastRead, kept });
          const { shown, status } = networkReadState(i);
          const expected = today(i);
          expect(shown).toBe(expected.shown);
          expect(status.state === 'stale').toBe(expected.stale);
          if (status.state === 'stale') expect(inTodaysWords(i, status.because)).toBe(expected.staleBecause);
          if (shown === undefined) expect(['loading', 'failed']).toContain(status.state);
          else expect(status).toMatchObject({ block: shown.blockNumber, at: shown.timestamp });
        },
      ),
    );
  });
});
