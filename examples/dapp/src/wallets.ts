// The page's Wallet part: every wallet that announced itself (name, icon, "Use <name>"), the one
// in use, and that wallet's provider events in the Provider events log.
import { type Clients, makeClients } from './actions.ts';
import { discoverWallets, type WalletDetail } from './discovery.ts';
import { describeAccounts, describeError, toJson } from './format.ts';
import { button, el, output } from './ui.ts';

export type Chosen = { detail: WalletDetail; clients: Clients };

const EVENTS = ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const;

export type WalletPickerOptions = {
  /** Writes a line in the Provider events log. */
  logEvent(text: string): void;
  /** Shows the wallet now in use (in its output and the Results log). */
  showInUse(target: HTMLOutputElement, text: string): void;
  /** The first account of an accountsChanged event ('' for none). */
  onAccount(account: string): void;
};

export function walletPicker(options: WalletPickerOptions): { rows: HTMLElement[]; chosen(): Chosen | undefined } {
  const status = el('p', { role: 'status', 'aria-label': 'Wallet search' }, 'Looking for wallets…');
  const list = el('ul', { class: 'wallets', 'aria-label': 'Wallets found' });
  const inUse = output('Wallet in use', 'In use');
  inUse.output.value = 'none';
  const found = new Map<string, WalletDetail>();
  let chosen: (Chosen & { detach(): void }) | undefined;

  const onEvent = (name: (typeof EVENTS)[number], data: unknown) => {
    if (name === 'accountsChanged' && Array.isArray(data)) {
      options.onAccount(typeof data[0] === 'string' ? data[0] : '');
      options.logEvent(`accountsChanged: ${describeAccounts(data.map(String))}`);
    } else if (name === 'chainChanged' && typeof data === 'string') {
      options.logEvent(`chainChanged: ${data} (${Number(data)})`);
    } else if (name === 'disconnect') {
      options.logEvent(`disconnect: ${describeError(data)}`);
    } else {
      options.logEvent(`${name}: ${toJson(data)}`);
    }
  };

  const choose = (detail: WalletDetail) => {
    chosen?.detach();
    const { provider } = detail;
    const offs = EVENTS.map((name) => {
      const listener = (data: unknown) => onEvent(name, data);
      provider.on?.(name, listener);
      return () => provider.removeListener?.(name, listener);
    });
    chosen = {
      detail,
      clients: makeClients(provider),
      detach: () => {
        for (const off of offs) off();
      },
    };
    options.showInUse(inUse.output, `${detail.info.name} (${detail.info.rdns})`);
  };

  const render = () => {
    list.replaceChildren(
      ...[...found.values()].map((detail) => {
        const { info } = detail;
        const item = el('li', {});
        // EIP-6963 icons are data URIs; anything else would be a request to a third party. Lazy:
        // a wallet's icon need not hold up the page's load event (with it eager, a wallet that
        // announces itself at document start, as an extension does, made the load 12 % slower).
        if (info.icon.startsWith('data:image/'))
          item.append(
            el('img', { src: info.icon, alt: `${info.name} icon`, width: '32', height: '32', loading: 'lazy' }),
          );
        item.append(
          el('span', { class: 'wallet-name' }, info.name),
          el('span', { class: 'hint' }, info.rdns),
          button(`Use ${info.name}`, () => choose(detail)),
        );
        return item;
      }),
    );
    list.hidden = found.size === 0;
    status.textContent = found.size === 0 ? 'No wallet found' : `${found.size} wallet(s) found`;
  };

  const discovery = discoverWallets((detail) => {
    found.set(detail.info.uuid, detail);
    render();
  });
  render();

  return {
    rows: [status, list, button('Look for wallets again', () => discovery.askAgain()), inUse.row],
    chosen: () => chosen,
  };
}
