import { describe, expect, it } from 'vitest';
import { holding } from './held.ts';
import { runSections, type Section, summary } from './runner.ts';
import { pendingWaits, until, WaitTimeout, within } from './wait.ts';

const never = () => new Promise<never>(() => {});

describe('runSections', () => {
  it('reports a section that throws by name, with its message, and goes on to the next', async () => {
    const ran: string[] = [];
    const printed: string[] = [];
    const figures = (name: string) => async () => {
      ran.push(name);
      return `${name} figures`;
    };
    const sections: Section[] = [
      { name: 'first', limitMs: 1_000, run: figures('first') },
      {
        name: 'session',
        limitMs: 1_000,
        run: async () => {
          ran.push('session');
          throw new Error('the account chip never showed');
        },
      },
      { name: 'last', limitMs: 1_000, run: figures('last') },
    ];
    const outcomes = await runSections(sections, (text) => printed.push(text));
    expect(ran).toEqual(['first', 'session', 'last']);
    expect(outcomes.map((o) => [o.name, o.ok])).toEqual([
      ['first', true],
      ['session', false],
      ['last', true],
    ]);
    expect(printed.join('\n')).toContain('FAILED bench section session: the account chip never showed');
    expect(printed.join('\n')).toContain('last figures');
    const closing = summary(outcomes, 1_234);
    expect(closing).toContain('1 section(s) FAILED: session');
    expect(closing).toContain('3 section(s) in 1.2 s');
  });

  it('reports a section that throws before its first await', async () => {
    const outcomes = await runSections(
      [
        {
          name: 'sync',
          limitMs: 1_000,
          run: () => {
            throw new Error('no build');
          },
        },
      ],
      () => {},
    );
    expect(outcomes[0]).toMatchObject({ name: 'sync', ok: false, failure: expect.stringContaining('no build') });
  });

  it('stops waiting for a section past its limit, names what it waited for, and goes on', async () => {
    const printed: string[] = [];
    const outcomes = await runSections(
      [
        {
          name: 'home',
          limitMs: 50,
          run: () => within('the value chart to be drawn', 1_000, never),
        },
        { name: 'send', limitMs: 1_000, run: async () => 'send figures' },
      ],
      (text) => printed.push(text),
    );
    expect(outcomes.map((o) => o.ok)).toEqual([false, true]);
    expect(outcomes[0]).toMatchObject({
      ok: false,
      failure: 'ran past its limit of 50 ms, waiting for the value chart to be drawn',
    });
    expect(printed.join('\n')).toContain('FAILED bench section home: ran past its limit');
    // A later section's report does not name the abandoned section's waits.
    expect(pendingWaits().filter((w) => w !== 'the value chart to be drawn')).toEqual([]);
  });

  it('aborts a section past its limit and starts the next once it closed what it started', async () => {
    const events: string[] = [];
    const printed: string[] = [];
    const outcomes = await runSections(
      [
        {
          name: 'home',
          limitMs: 50,
          run: (signal) => {
            signal.addEventListener('abort', () => events.push('home aborted'));
            return holding(signal, async (held) => {
              await held.open(Promise.resolve('the browser'), async (browser) => {
                await new Promise((resolve) => setTimeout(resolve, 20));
                events.push(`closed ${browser}`);
              });
              return within('the value chart to be drawn', 1_000, never);
            });
          },
        },
        {
          name: 'send',
          limitMs: 1_000,
          run: async () => {
            events.push('send started');
            return 'send figures';
          },
        },
      ],
      (text) => printed.push(text),
    );
    expect(events).toEqual(['home aborted', 'closed the browser', 'send started']);
    expect(outcomes[0]).toMatchObject({
      name: 'home',
      ok: false,
      failure: 'ran past its limit of 50 ms, waiting for the value chart to be drawn',
    });
    expect(printed.join('\n')).toContain(
      'FAILED bench section home: ran past its limit of 50 ms, waiting for the value chart to be drawn',
    );
  });

  it('starts the next section after the grace when an aborted one does not end', async () => {
    const events: string[] = [];
    const outcomes = await runSections(
      [
        { name: 'stuck', limitMs: 20, run: never },
        {
          name: 'next',
          limitMs: 1_000,
          run: async () => {
            events.push('next started');
            return '';
          },
        },
      ],
      () => {},
      { graceMs: 30 },
    );
    expect(events).toEqual(['next started']);
    expect(outcomes[0]).toMatchObject({
      ok: false,
      failure: expect.stringContaining('after its abort it did not close what it started within 30 ms'),
    });
  });

  it('says when a section overran outside any described wait', async () => {
    const [outcome] = await runSections([{ name: 'quiet', limitMs: 20, run: never }], () => {}, { graceMs: 10 });
    expect(outcome).toMatchObject({ ok: false, failure: expect.stringContaining('in no described wait') });
  });

  it('sums up a run where every section ended', () => {
    const closing = summary([{ name: 'vault', ms: 2_000, ok: true, report: '' }], 2_500);
    expect(closing).toContain('vault 2 s');
    expect(closing).toContain('all 1 section(s) ran to the end');
    expect(closing).not.toContain('FAILED');
  });
});

describe('within and until', () => {
  it('rejects past the limit, saying what it waited for', async () => {
    await expect(within('the accounts to be shown', 10, never)).rejects.toThrow(
      new WaitTimeout('waited 10 ms for the accounts to be shown'),
    );
    expect(pendingWaits()).not.toContain('the accounts to be shown');
  });

  it('gives the answer when it comes in time', async () => {
    await expect(within('a number', 1_000, async () => 7)).resolves.toBe(7);
  });

  it('polls until the check answers true', async () => {
    let calls = 0;
    await until('the third call', 1_000, async () => ++calls === 3, 1);
    expect(calls).toBe(3);
    await expect(until('never', 20, async () => false, 1)).rejects.toThrow('waited 20 ms for never');
  });
});
