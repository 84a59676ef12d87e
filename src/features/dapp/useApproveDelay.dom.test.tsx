// The approve delay in a document: what restarts it among real DOM changes, and the click it
// swallows after the window regains focus, as ApprovalFrame wires them.
import { act, type ReactNode, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPROVE_DELAY_MS } from './approveDelay';
import { useApproveDelay } from './useApproveDelay';

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

let approved = 0;
let allowsAtClick: boolean[] = [];

function Frame({ children }: { children: ReactNode }) {
  const content = useRef<HTMLDivElement>(null);
  const delay = useApproveDelay('request 1', content);
  const [checked, setChecked] = useState(false);
  const approve = () => {
    allowsAtClick.push(delay.allows());
    if (delay.allows()) approved++;
  };
  return (
    <>
      <div ref={content}>
        {children}
        {/* Rendered anew with the frame, as an acknowledgement is: React sets its attributes again. */}
        <label>
          <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} />I checked it
        </label>
      </div>
      <button type="button" onClick={approve} disabled={!delay.ready}>
        Approve
      </button>
      {delay.swallowed && <p id="swallowed">That click was not taken.</p>}
    </>
  );
}

const shown = (
  <>
    <p id="effects">Sends 1 ETH to 0x7099…79C8</p>
    <section id="panel" aria-busy="false">
      <div data-volatile="">
        <p id="gas">Gas used: 21000</p>
      </div>
      <p id="fiat" data-volatile="">
        $3,000.00
      </p>
    </section>
  </>
);

let root: Root;
const $ = (selector: string) => document.querySelector(selector) as HTMLElement;
const button = () => $('button') as HTMLButtonElement;
/** Lets timers run and the observer's records and React's renders through. */
const pass = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));
const click = () => act(async () => button().click());

beforeEach(async () => {
  vi.useFakeTimers();
  approved = 0;
  allowsAtClick = [];
  root = createRoot(document.body.appendChild(document.createElement('main')));
  await act(async () => root.render(<Frame>{shown}</Frame>));
  await pass(APPROVE_DELAY_MS);
});

afterEach(async () => {
  await act(async () => root.unmount());
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('the approve delay in a document', () => {
  it('goes on while only parts marked data-volatile change: a gas figure, a dollar value, a status coming and going', async () => {
    expect(button().disabled).toBe(false);
    for (let block = 0; block < 5; block++) {
      await act(async () => {
        $('#gas').textContent = `Gas used: ${21000 + block}`;
        ($('#fiat').firstChild as Text).data = `$3,00${block}.00`;
        $('#fiat').setAttribute('aria-busy', String(block % 2 === 0));
        const status = document.createElement('p');
        status.setAttribute('data-volatile', '');
        status.textContent = 'Reading the preview again…';
        $('#panel').append(status);
        if (block > 0) $('#panel [data-volatile]:last-child')?.previousElementSibling?.remove();
      });
      await pass(300);
      expect(button().disabled).toBe(false);
    }
    await click();
    expect(approved).toBe(1);
  });

  it('stays awake though React writes an acknowledgement checkbox’s attributes again at each render', async () => {
    // The checksum warning's checkbox: each render that wakes approve rewrote its type and name,
    // which restarted the delay, which rendered again: approve never woke (issue 32's e2e).
    await act(async () => ($('input[type=checkbox]') as HTMLInputElement).click());
    for (let second = 0; second < 5; second++) {
      await pass(APPROVE_DELAY_MS);
      expect(button().disabled).toBe(false);
    }
  });

  it('starts again on any other change, and a click landing before the render that disables the button does nothing', async () => {
    for (const [i, change] of [
      () => {
        $('#effects').textContent = 'Sends 2 ETH to 0x7099…79C8';
      },
      () => $('#panel').setAttribute('aria-busy', 'true'),
      () => $('#panel').append(document.createElement('p')),
      () => $('#effects').setAttribute('class', 'warning'),
    ].entries()) {
      expect(button().disabled).toBe(false);
      await act(async () => {
        change();
        // The observer's records are read before the next task, before React renders anew: a
        // click landing now, on the button still enabled, is refused.
        await Promise.resolve();
        expect(button().disabled).toBe(false);
        button().click();
      });
      expect(allowsAtClick.at(-1), `change ${i}`).toBe(false);
      expect(button().disabled).toBe(true);
      await pass(APPROVE_DELAY_MS);
    }
    expect(approved).toBe(0);
  });

  it('swallows the first click after the window regains focus, says so, and sleeps again', async () => {
    await act(async () => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    await pass(5 * APPROVE_DELAY_MS);
    expect(button().disabled).toBe(false);
    await click();
    expect(allowsAtClick).toEqual([]);
    expect(approved).toBe(0);
    expect($('#swallowed')?.textContent).toBe('That click was not taken.');
    expect(button().disabled).toBe(true);
    await pass(APPROVE_DELAY_MS);
    await click();
    expect(approved).toBe(1);
  });
});
