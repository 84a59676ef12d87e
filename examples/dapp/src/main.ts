// The sample dApp: finds wallets by EIP-6963, lets the person pick one, and calls it through
// viem as a wagmi-based dApp would. Every result goes into an <output> named after its action
// and into the Results log; every error reads `Error <code>: <message>`.
import './styles.css';
import { type Address, getAddress, isAddress } from 'viem';
import * as actions from './actions.ts';
import { callsCard } from './callsCard.ts';
import { describeAccounts, describeError, parseChainId, toJson } from './format.ts';
import { button, card, el, field, group, log, output, walletUrl } from './ui.ts';
import { walletPicker } from './wallets.ts';

const results = log('Results');
const events = log('Provider events');

/** Shows a result in its output and in the Results log. */
function show(target: HTMLOutputElement, text: string): void {
  target.value = text;
  results.add(`${target.getAttribute('aria-label')}: ${text}`);
}

/** A click handler: clears the action's outputs, runs it on the chosen wallet, shows any error in the first. */
function act(outputs: HTMLOutputElement[], task: (clients: actions.Clients) => Promise<void>): () => void {
  return () => {
    const [first] = outputs;
    if (!first) return;
    for (const target of outputs) target.value = '';
    const chosen = picker.chosen();
    if (!chosen) {
      show(first, 'Error: no wallet chosen: press “Use …” beside a wallet first.');
      return;
    }
    first.value = 'Waiting for the wallet…';
    task(chosen.clients).catch((error: unknown) => show(first, describeError(error)));
  };
}

function addressIn(input: HTMLInputElement, what: string): Address {
  const text = input.value.trim();
  if (!isAddress(text, { strict: false })) throw new Error(`${what} is not an address (0x and 40 hex digits).`);
  return getAddress(text);
}

// — The page and the wallets —

const origin = output('This page’s origin', 'This page');
origin.output.value = location.origin;
const wallet = output('Wallet URL', 'Wallet');
try {
  wallet.output.value = walletUrl();
} catch (error) {
  wallet.output.value = describeError(error);
}

const picker = walletPicker({
  logEvent: events.add,
  showInUse: show,
  onAccount: (first) => {
    account.input.value = first;
  },
});

// — Connection —

const account = field('Account', {
  hint: 'The account requests are made for: filled in by Connect, Accounts and accountsChanged.',
  size: 'wide',
});
const connectOut = output('Connect result', 'Result');
const accountsOut = output('Accounts result', 'Result');
const chainOut = output('Chain id result', 'Result');

function takeAccounts(list: readonly Address[]): void {
  account.input.value = list[0] ?? '';
}

// — Signing —

const message = field('Message', { value: 'Hello from the Cairn sample dApp', size: 'wide' });
const signOut = output('Sign message result', 'Signature');
const signCheck = output('Sign message verification', 'Verified');
const domain = field('Sign-in domain', {
  value: location.host,
  hint: 'This page’s host. Change it to ask for a sign-in for another site.',
});
const siweText = output('Sign in with Ethereum message', 'Message');
const siweOut = output('Sign in with Ethereum result', 'Signature');
const siweCheck = output('Sign in with Ethereum verification', 'Verified');
const typedChain = field('Typed data chain id (optional)', {
  hint: 'Empty: the wallet’s chain. Another id is what a careless or hostile site might ask a wallet to sign.',
  inputMode: 'numeric',
});
const typedOut = output('Sign typed data result', 'Signature');
const typedCheck = output('Sign typed data verification', 'Verified');

const validity = (valid: boolean) => (valid ? 'valid' : 'invalid');

// — Transactions —

const recipient = field('Recipient', {
  value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  hint: 'The default is a public demo account of the local chain.',
  size: 'wide',
});
const sendOut = output('Send transaction result', 'Hash');
const receiptOut = output('Send transaction receipt', 'Receipt');
const deployOut = output('Deploy contract result', 'Hash');
const deployedOut = output('Deployed contract address', 'Contract address');

// — Networks and assets —

const switchTo = field('Chain id to switch to', { value: '31337', inputMode: 'numeric' });
const switchOut = output('Switch chain result', 'Result');
const newChainId = field('New chain id', { inputMode: 'numeric', hint: 'Decimal, or hex with 0x.' });
const newChainName = field('New chain name');
const newChainRpc = field('New chain RPC URL', { size: 'wide' });
const newChainSymbol = field('New chain currency symbol', { value: 'ETH' });
const addOut = output('Add chain result', 'Result');
const tokenAddress = field('Token address', { size: 'wide' });
const tokenSymbol = field('Token symbol (optional)');
const tokenDecimals = field('Token decimals (optional)', { inputMode: 'numeric' });
const watchOut = output('Watch asset result', 'Result');

function chainIdIn(input: HTMLInputElement, what: string): number {
  const id = parseChainId(input.value);
  if (id === undefined) throw new Error(`${what} must be a positive number, decimal or hex with 0x.`);
  return id;
}

// — Permissions and capabilities —

const permissionsOut = output('Get permissions result', 'Result');
const revokeOut = output('Revoke permissions result', 'Result');
const capabilitiesOut = output('Get capabilities result', 'Result');

document.querySelector('main')?.append(
  group('Wallet', origin.row, wallet.row, ...picker.rows),
  group(
    'Connection',
    account.row,
    card(
      button(
        'Connect',
        act([connectOut.output], async (clients) => {
          const list = await actions.connect(clients);
          takeAccounts(list);
          show(connectOut.output, describeAccounts(list));
        }),
      ),
      connectOut.row,
    ),
    card(
      button(
        'Accounts',
        act([accountsOut.output], async (clients) => {
          const list = await actions.accounts(clients);
          takeAccounts(list);
          show(accountsOut.output, describeAccounts(list));
        }),
      ),
      accountsOut.row,
    ),
    card(
      button(
        'Chain id',
        act([chainOut.output], async (clients) => {
          const id = await actions.chainId(clients);
          show(chainOut.output, `${id} (0x${id.toString(16)})`);
        }),
      ),
      chainOut.row,
    ),
  ),
  group(
    'Signing',
    card(
      message.row,
      button(
        'Sign message',
        act([signOut.output, signCheck.output], async (clients) => {
          const signed = await actions.signMessage(clients, addressIn(account.input, 'Account'), message.input.value);
          show(signOut.output, signed.signature);
          show(signCheck.output, validity(signed.valid));
        }),
      ),
      signOut.row,
      signCheck.row,
    ),
    card(
      domain.row,
      button(
        'Sign in with Ethereum',
        act([siweOut.output, siweText.output, siweCheck.output], async (clients) => {
          const from = addressIn(account.input, 'Account');
          const text = await actions.siweMessage(clients, from, domain.input.value.trim());
          siweText.output.value = text;
          const signed = await actions.signMessage(clients, from, text);
          show(siweOut.output, signed.signature);
          show(siweCheck.output, validity(signed.valid));
        }),
      ),
      siweOut.row,
      siweCheck.row,
      siweText.row,
    ),
    card(
      el('p', { class: 'hint' }, 'EIP-712’s Mail example, on the wallet’s current chain unless you name another.'),
      typedChain.row,
      button(
        'Sign typed data v4',
        act([typedOut.output, typedCheck.output], async (clients) => {
          const chain = typedChain.input.value.trim() ? chainIdIn(typedChain.input, 'Typed data chain id') : undefined;
          const signed = await actions.signMail(clients, addressIn(account.input, 'Account'), chain);
          show(typedOut.output, signed.signature);
          show(typedCheck.output, validity(signed.valid));
        }),
      ),
      typedOut.row,
      typedCheck.row,
    ),
  ),
  group(
    'Transactions',
    recipient.row,
    card(
      el('p', { class: 'hint' }, '0.01 ETH to the recipient.'),
      button(
        'Send transaction',
        act([sendOut.output, receiptOut.output], async (clients) => {
          const hash = await actions.sendEth(
            clients,
            addressIn(account.input, 'Account'),
            addressIn(recipient.input, 'Recipient'),
          );
          show(sendOut.output, hash);
          receiptOut.output.value = 'Waiting for the receipt…';
          try {
            show(receiptOut.output, `mined in block ${await actions.minedIn(clients, hash)}`);
          } catch (error) {
            show(receiptOut.output, describeError(error));
          }
        }),
      ),
      sendOut.row,
      receiptOut.row,
    ),
    card(
      el(
        'p',
        { class: 'hint' },
        'Deploys a small contract (SampleDeployable): eth_sendTransaction with its init code and no to.',
      ),
      button(
        'Deploy a contract',
        act([deployOut.output, deployedOut.output], async (clients) => {
          const hash = await actions.deployContract(clients, addressIn(account.input, 'Account'));
          show(deployOut.output, hash);
          deployedOut.output.value = 'Waiting for the receipt…';
          try {
            const created = await actions.createdContract(clients, hash);
            show(deployedOut.output, created ?? 'the receipt names no contract');
          } catch (error) {
            show(deployedOut.output, describeError(error));
          }
        }),
      ),
      deployOut.row,
      deployedOut.row,
    ),
    callsCard({ act, show, addressIn, account: account.input, recipient: recipient.input }),
  ),
  group(
    'Networks and assets',
    card(
      switchTo.row,
      button(
        'Switch chain',
        act([switchOut.output], async (clients) => {
          const id = chainIdIn(switchTo.input, 'Chain id to switch to');
          await actions.switchChain(clients, id);
          show(switchOut.output, `switched to chain ${id}`);
        }),
      ),
      switchOut.row,
    ),
    card(
      newChainId.row,
      newChainName.row,
      newChainRpc.row,
      newChainSymbol.row,
      button(
        'Add chain',
        act([addOut.output], async (clients) => {
          const id = chainIdIn(newChainId.input, 'New chain id');
          await actions.addChain(clients, {
            id,
            name: newChainName.input.value.trim(),
            rpcUrl: newChainRpc.input.value.trim(),
            symbol: newChainSymbol.input.value.trim(),
          });
          show(addOut.output, `added chain ${id}`);
        }),
      ),
      addOut.row,
    ),
    card(
      tokenAddress.row,
      tokenSymbol.row,
      tokenDecimals.row,
      button(
        'Watch asset',
        act([watchOut.output], async (clients) => {
          const symbol = tokenSymbol.input.value.trim();
          const decimals = tokenDecimals.input.value.trim();
          if (decimals !== '' && !/^\d{1,2}$/.test(decimals)) throw new Error('Token decimals must be a whole number.');
          const added = await actions.watchToken(clients, {
            address: addressIn(tokenAddress.input, 'Token address'),
            ...(symbol ? { symbol } : {}),
            ...(decimals ? { decimals: Number(decimals) } : {}),
          });
          show(watchOut.output, added ? 'added' : 'not added');
        }),
      ),
      watchOut.row,
    ),
  ),
  group(
    'Permissions and capabilities',
    card(
      button(
        'Get permissions',
        act([permissionsOut.output], async (clients) => {
          show(permissionsOut.output, toJson(await actions.permissions(clients)));
        }),
      ),
      permissionsOut.row,
    ),
    card(
      button(
        'Revoke permissions',
        act([revokeOut.output], async (clients) => {
          await actions.revokeAccounts(clients);
          account.input.value = '';
          show(revokeOut.output, 'revoked');
        }),
      ),
      revokeOut.row,
    ),
    card(
      button(
        'Get capabilities',
        act([capabilitiesOut.output], async (clients) => {
          show(
            capabilitiesOut.output,
            toJson(await actions.capabilities(clients, addressIn(account.input, 'Account'))),
          );
        }),
      ),
      capabilitiesOut.row,
    ),
  ),
  group('Logs', el('h3', {}, 'Results'), results.element, el('h3', {}, 'Provider events'), events.element),
);
