// hostile.html, for the end-to-end tests: opens Cairn's dApp window claiming an origin that is
// not this page's (`?claim=<origin>` or the field), then forges the handshake (see forge.ts).
// The window must answer nothing (its `ready` goes only to the claimed origin) and approve nothing.
import './styles.css';
import { dappWindowUrl, newNonce } from '../../../src/core/dapp/protocol.ts';
import { forger } from './forge.ts';
import { describeError } from './format.ts';
import { button, field, group, log, output, walletUrl } from './ui.ts';

const events = log('Hostile page log');
const origin = output('This page’s origin', 'This page');
origin.output.value = location.origin;
const claim = field('Origin to claim', {
  value: new URLSearchParams(location.search).get('claim') ?? 'https://dapp.example',
  hint: 'Another origin than this page’s: Cairn must not believe it.',
  size: 'wide',
});
const opened = output('Cairn window', 'Window');
opened.output.value = 'not opened';
const forged = forger('Messages received', events.add);

let target: Window | null = null;

function attack(): void {
  try {
    const wallet = walletUrl();
    const nonce = newNonce();
    const url = dappWindowUrl(wallet, { origin: claim.input.value.trim(), nonce });
    target = window.open(url, '_blank', 'popup,width=420,height=680');
    if (!target) {
      opened.output.value = 'blocked';
      events.add('The browser did not open the window.');
      return;
    }
    opened.output.value = `opened ${url}`;
    events.add(`Opened ${url}`);
    forged.start(() => target, new URL(wallet).origin, nonce);
  } catch (error) {
    opened.output.value = describeError(error);
  }
}

document
  .querySelector('main')
  ?.append(
    group(
      'Open Cairn as another site',
      origin.row,
      claim.row,
      button('Open Cairn claiming that origin', attack),
      opened.row,
      ...forged.rows,
    ),
    group('Log', events.element),
  );
