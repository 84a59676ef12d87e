// A dApp written for MetaMask (legacy.html): window.ethereum only, buttons enabled only when the
// provider says isMetaMask, and the legacy calls (enable, selectedAddress) such dApps use.
import './styles.css';
import { button, card, el, group, output } from './ui.ts';

type LegacyProvider = {
  isMetaMask?: boolean;
  isCairn?: boolean;
  selectedAddress?: string | null;
  enable(): Promise<string[]>;
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
};

const ethereum = (window as { ethereum?: LegacyProvider }).ethereum;
const found = output('Provider', 'Provider');
found.output.textContent = ethereum?.isMetaMask
  ? `MetaMask compatible${ethereum.isCairn ? ' (Cairn)' : ''}`
  : 'No MetaMask: install MetaMask to use this dApp';

const shown = (name: string) => output(name, name.replace(/ result$/, ''));
const connected = shown('Enable result');
const signed = shown('Sign result');
const show = (into: HTMLOutputElement, work: () => Promise<unknown>) => () => {
  into.textContent = '…';
  work().then(
    (value) => (into.textContent = String(value)),
    (error: { code?: number; message?: string }) => (into.textContent = `Error ${error.code}: ${error.message}`),
  );
};

const enable = button(
  'Enable',
  show(connected.output, async () => (await ethereum?.enable())?.[0]),
);
const sign = button(
  'Personal sign',
  show(signed.output, async () =>
    ethereum?.request({ method: 'personal_sign', params: ['0x48656c6c6f', ethereum.selectedAddress] }),
  ),
);
for (const each of [enable, sign]) each.disabled = !ethereum?.isMetaMask;

document
  .querySelector('main')
  ?.append(
    group('Wallet', card(found.row)),
    group('Actions', card(enable, connected.row), card(sign, signed.row)),
    el('p', {}, 'Buttons stay disabled without a MetaMask-compatible provider.'),
  );
