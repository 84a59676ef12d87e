// The wallet_sendCalls card (EIP-5792): two transfers in one batch, sent one after another or
// atomically (atomicRequired), and the batch's status as wallet_getCallsStatus gives it.
import type { Address } from 'viem';
import * as actions from './actions.ts';
import { button, card, el, field, output } from './ui.ts';

type Task = (clients: actions.Clients) => Promise<void>;

export function callsCard(page: {
  /** A click handler running `task` on the chosen wallet, its errors shown in the first output (main.ts). */
  act(outputs: HTMLOutputElement[], task: Task): () => void;
  show(target: HTMLOutputElement, text: string): void;
  addressIn(input: HTMLInputElement, what: string): Address;
  /** The page's Account and Recipient fields. */
  account: HTMLInputElement;
  recipient: HTMLInputElement;
}): HTMLElement {
  const { act, show, addressIn } = page;
  const secondCallTo = field('Second call to (optional)', {
    hint: 'Empty: the recipient. A contract that refuses coin makes the second call fail.',
    size: 'wide',
  });
  const callsOut = output('Send calls result', 'Batch id');
  const callsId = field('Calls id', { hint: 'Filled in by Send calls.', size: 'wide' });
  const callsStatusOut = output('Calls status result', 'Status');
  const send = (atomic: boolean) =>
    act([callsOut.output], async (clients) => {
      const second = secondCallTo.input.value.trim() ? addressIn(secondCallTo.input, 'Second call to') : undefined;
      const id = await actions.sendTwoTransfers(
        clients,
        addressIn(page.account, 'Account'),
        addressIn(page.recipient, 'Recipient'),
        second,
        atomic,
      );
      callsId.input.value = id;
      show(callsOut.output, id);
    });
  return card(
    el(
      'p',
      { class: 'hint' },
      'Two transfers to the recipient (0.001 and 0.002 ETH) in one wallet_sendCalls: one after another, or atomically (atomicRequired: both in one transaction, or neither).',
    ),
    secondCallTo.row,
    button('Send calls', send(false)),
    button('Send calls atomically', send(true)),
    callsOut.row,
    callsId.row,
    button(
      'Calls status',
      act([callsStatusOut.output], async (clients) => {
        show(callsStatusOut.output, await actions.callsStatus(clients, callsId.input.value.trim()));
      }),
    ),
    callsStatusOut.row,
  );
}
