// Accounts whose keys are held outside Cairn, for tests that render a window over a test wallet
// (testWallet.tsx): a Ledger's account, whose device answers at once with its own key unless told
// it is busy or to wait for the person; and a browser wallet's account, whose wallet is a software
// wallet (softwareWallet.ts) that a test can make refuse or answer unclearly. Both are added to
// the wallet's vault; the window's device signer and wallet sender (in Cairn, the device signing
// dialog's) answer for them with no dialog, through Cairn's own code for browser wallets.
import { type Hex, hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { cannotAuthorize } from '../core/accounts/signerKinds';
import { LOCAL_CHAIN_ID } from '../core/chain/localChain';
import { DeviceError } from '../core/errors/device';
import { sendWithWallet, signWithWallet } from '../core/externalWallet/walletSigner';
import { msg } from '../core/i18n/message';
import { type SignRequest, signWithKey } from '../core/signing/keySigner';
import { createSoftwareWallet } from './softwareWallet';
import type { TestWallet } from './testWallet';
import { named } from './vaultFixtures';

const LEDGER_KEY: Hex = `0x${'1d'.repeat(32)}`;
const BROWSER_WALLET_KEY: Hex = `0x${'2e'.repeat(32)}`;
export const BROWSER_WALLET_NAME = 'Test Wallet';

/** Adds a Ledger's account and a browser wallet's account to `wallet`'s vault, and answers for them. */
export async function addKeysOutsideCairn(wallet: TestWallet) {
  const ledgerAddress = privateKeyToAccount(LEDGER_KEY).address;
  const browser = createSoftwareWallet({ privateKey: BROWSER_WALLET_KEY, chainId: LOCAL_CHAIN_ID });
  const external = { name: BROWSER_WALLET_NAME, provider: browser.provider };
  await wallet.vault.add(
    undefined,
    named(
      { address: ledgerAddress, source: { kind: 'ledger', path: "m/44'/60'/0'/0/0" } },
      { address: browser.address, source: { kind: 'external', walletName: BROWSER_WALLET_NAME, rdns: 'test.wallet' } },
    ),
  );
  let busyFor = 0;
  /** While the person has not yet approved on the Ledger: its answer waits for this. */
  let held: Promise<void> | undefined;
  /** What the Ledger was asked to sign, busy or not, and how many signatures it gave. */
  const asked: SignRequest[] = [];
  let signed = 0;
  wallet.vault.setDeviceSigner(
    async (account, request) => {
      if (account.source.kind === 'external') {
        if (request.kind === 'authorization') throw cannotAuthorize(account.source);
        return signWithWallet(external, account.address, request);
      }
      asked.push(request);
      if (busyFor > 0) {
        busyFor -= 1;
        throw new DeviceError('DEVICE_BUSY', msg('core.devices:ledger.busy'));
      }
      await held;
      const signature = await signWithKey(async () => hexToBytes(LEDGER_KEY), request);
      signed += 1;
      return signature;
    },
    (account, transaction) => sendWithWallet(external, account.address, transaction),
  );
  return {
    ledger: {
      address: ledgerAddress,
      asked,
      get signed() {
        return signed;
      },
      /** The Ledger answers the next `times` requests busy (status 0x6901), as one still on another screen. */
      busy(times = 1) {
        busyFor = times;
      },
      /** The Ledger shows what it is asked and waits for the person: it answers once `approve()` is called. */
      hold(): { approve(): void } {
        let approve!: () => void;
        held = new Promise<void>((resolve) => {
          approve = () => {
            held = undefined;
            resolve();
          };
        });
        return { approve };
      },
    },
    browserWallet: browser,
  };
}
