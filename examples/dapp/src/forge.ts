// What the test pages (hostile.html, frame.html) do to a Cairn window they should not be able to
// talk to: post forged `ready` and `connect` messages to it, addressed to the wallet's origin as
// the real connector does, each `connect` handing over a port with a request already on it; and
// report everything that comes back, on the window or on a port. Cairn must send nothing back.
import { MESSAGE_TAG } from '../../../src/core/dapp/protocol.ts';
import { toJson } from './format.ts';
import { output } from './ui.ts';

export type Forger = {
  rows: HTMLElement[];
  /** Starts posting to `target` every 250 ms for 15 s (or until it closes). */
  start(target: () => Window | null, walletOrigin: string, nonce: string): void;
};

export function forger(receivedName: string, say: (text: string) => void): Forger {
  const sent = output('Forged messages sent', 'Sent');
  const received = output(receivedName, 'Received');
  const overPorts = output('Port messages received', 'Over ports');
  sent.output.value = '0';
  received.output.value = 'none';
  overPorts.output.value = 'none';
  const fromWindow: unknown[] = [];
  const fromPorts: unknown[] = [];

  window.addEventListener('message', (event) => {
    fromWindow.push({ origin: event.origin, data: event.data });
    received.output.value = toJson(fromWindow);
    say(`received from ${event.origin}: ${toJson(event.data)}`);
  });

  let count = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    rows: [sent.row, received.row, overPorts.row],
    start(target, walletOrigin, nonce) {
      clearInterval(timer);
      const post = () => {
        const win = target();
        if (!win || win.closed) {
          clearInterval(timer);
          say('The Cairn window is closed: stopped.');
          return;
        }
        win.postMessage({ tag: MESSAGE_TAG, type: 'ready', nonce }, walletOrigin);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => {
          fromPorts.push(event.data);
          overPorts.output.value = toJson(fromPorts);
          say(`received on a port: ${toJson(event.data)}`);
        };
        win.postMessage({ tag: MESSAGE_TAG, type: 'connect', nonce, dapp: { name: 'Hostile page' } }, walletOrigin, [
          channel.port2,
        ]);
        channel.port1.postMessage({ type: 'request', id: count, method: 'eth_requestAccounts', params: [] });
        count += 2;
        sent.output.value = String(count);
      };
      post();
      timer = setInterval(post, 250);
      setTimeout(() => {
        clearInterval(timer);
        say(`Stopped after ${count} forged messages.`);
      }, 15_000);
    },
  };
}
