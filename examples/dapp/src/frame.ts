// frame.html, for the end-to-end tests: puts Cairn's dApp window in an iframe, with a genuine
// fragment (this page's origin, a fresh nonce), and forges the handshake into it (see forge.ts).
// Cairn must refuse to be framed: nothing renders and nothing is answered.
import './styles.css';
import { dappWindowUrl, newNonce } from '../../../src/core/dapp/protocol.ts';
import { forger } from './forge.ts';
import { describeError } from './format.ts';
import { el, group, log, output, walletUrl } from './ui.ts';

const events = log('Frame page log');
const origin = output('This page’s origin', 'This page');
origin.output.value = location.origin;
const forged = forger('Messages received from the frame', events.add);
const main = document.querySelector('main');

try {
  const wallet = walletUrl();
  const nonce = newNonce();
  const frame = el('iframe', {
    src: dappWindowUrl(wallet, { origin: location.origin, nonce }),
    title: 'Cairn’s dApp window in a frame',
  });
  main?.append(group('Cairn in a frame', origin.row, frame, ...forged.rows), group('Log', events.element));
  forged.start(() => frame.contentWindow, new URL(wallet).origin, nonce);
} catch (error) {
  main?.append(el('p', { role: 'alert' }, describeError(error)));
}
