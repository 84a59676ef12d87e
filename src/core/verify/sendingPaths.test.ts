// Every path that signs or broadcasts a transaction, and how the one gate (sendingGate.ts) holds
// it. The test reads the shipped code (src/, without tests and test helpers) for each call that
// signs a transaction or an account's EIP-7702 authorization, or sends one, and fails on one this
// list does not know: a new path to the signer must go through TransactionService.submit or
// broadcastToNetwork (which ask the gate), or say here why it is not held. Each path a person takes names the file that shows the hold
// before Confirm. heldSending.test.ts shows that the two choke points stop at the gate.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The calls that reach a signer or a node with a transaction, by name. */
const CALLS = {
  /** A key signs a transaction (a viem account, the vault's or a device's). */
  signTransaction: /\.signTransaction\(/,
  /** A transaction handed to the vault or a device to sign, or to a browser wallet to send. */
  transactionRequest: /\{ kind: 'transaction', transaction/,
  /** A browser wallet signs and sends. */
  walletSend: /\.wallet\.send\(/,
  sendWithWallet: /(?<!function )\bsendWithWallet\(/,
  /** Signed bytes to a node. */
  sendRawTransaction: /sendRawTransaction/,
  broadcastRaw: /(?<!function )\bbroadcastRaw\(/,
  broadcastToNetwork: /(?<!function )\bbroadcastToNetwork\(/,
  /** The transaction service: sign, store, send. */
  submit: /\.submit\(/,
  replace: /\.replace\(network,/,
  fillGap: /\.fillGap\(/,
  /** A stored record's bytes sent again. */
  rebroadcast: /\.broadcast\(network/,
  /** core/tx/preparedCalls.ts's and smartBatch.ts's ways to submit. */
  sendPreparedCall: /(?<!function )\bsendPreparedCall\(/,
  sendSmart: /(?<!function )\bsendSmart\(/,
  confirmUpgrade: /(?<!function )\bconfirmUpgrade\(/,
  confirmBatch: /(?<!function )\bconfirmBatch\(/,
  signOffline: /(?<!function )\bsignOffline\(/,
  /** An account's EIP-7702 authorization: the code it names runs the account's coin. */
  signAuthorization: /\.signAuthorization\(/,
  /** core/smartAccount/atomicSend.ts's ways to sign an upgrade's or a batch's authorization. */
  signUpgrade: /(?<!function )\bsignUpgrade\(/,
  signPlannedBatch: /(?<!function )\bsignPlannedBatch\(/,
  /** core/smartAccount/passkey/passkeyAccountSend.ts's ways to submit. */
  sendPasskeyUpgrade: /(?<!function )\bsendPasskeyUpgrade\(/,
  sendPasskeyBatch: /(?<!function )\bsendPasskeyBatch\(/,
  /** lib/send/sendByPasskey.ts: a passkey's signature, then sendPasskeyBatch. */
  sendByPasskey: /(?<!function )\bsendByPasskey\(/,
  /** core/smartAccount/passkey/passkeyPlacement.ts: the passkey contracts placed on a network. */
  sendPasskeyPlacement: /(?<!function )\bsendPasskeyPlacement\(/,
  /** Planned and signed at once, with no gate: for tests and the bench, never shipped code. */
  signedAtOnce: /(?<!function )\b(upgradeTransaction|selfPaidBatch|sponsoredBatch)\(/,
} as const;

type Call = keyof typeof CALLS;

type Path = {
  /** The file (under src/) and the calls it makes. */
  file: string;
  calls: readonly Call[];
  /** What it is, and how the gate holds it (or why it is not held). */
  is: string;
  /** Where a person sees the hold before Confirm: files that show VerificationHold or read useSendingHeld. */
  hold?: readonly string[];
};

const PATHS: readonly Path[] = [
  // The choke points.
  {
    file: 'core/tx/transactionService.ts',
    calls: ['signTransaction', 'walletSend', 'submit'],
    is: 'submit: the gate first, then sign or hand to the wallet (speed-up, cancel and fillGap submit too)',
  },
  {
    file: 'core/tx/transactionService.ts',
    calls: ['broadcastRaw', 'rebroadcast'],
    is: 'not held: tracking re-sends bytes signed, and confirmed, before the alarm',
  },
  {
    file: 'core/tx/broadcastRaw.ts',
    calls: ['sendRawTransaction', 'broadcastRaw'],
    is: 'broadcastToNetwork asks the gate before broadcastRaw; broadcastRaw alone is tracking’s',
  },
  // What only the choke points reach.
  { file: 'core/signing/signerAccount.ts', calls: ['transactionRequest'], is: 'the account’s signTransaction itself' },
  {
    file: 'lib/vault/deviceSignatures.ts',
    calls: ['transactionRequest'],
    is: 'a browser wallet’s send, asked only by account.wallet.send in submit',
  },
  {
    file: 'features/deviceSigning/ExternalWalletDialog.tsx',
    calls: ['sendWithWallet'],
    is: 'the browser wallet’s dialog, opened only by account.wallet.send in submit',
  },
  {
    file: 'core/tx/preparedCalls.ts',
    calls: ['submit'],
    is: 'sendPreparedCall: submit',
  },
  {
    file: 'core/smartAccount/smartSend.ts',
    calls: ['submit', 'sendSmart', 'signUpgrade'],
    is: 'sendSmart, confirmUpgrade: submit (refuseWhileHeld before signUpgrade)',
  },
  {
    file: 'core/smartAccount/smartBatch.ts',
    calls: ['sendSmart', 'signPlannedBatch'],
    is: 'confirmBatch, a confirmed batch: submit (refuseWhileHeld before signPlannedBatch)',
  },
  {
    file: 'core/smartAccount/atomicSend.ts',
    calls: ['signAuthorization', 'signUpgrade', 'signPlannedBatch'],
    is: 'the account’s authorization, signed only by signUpgrade and signPlannedBatch (each asked after refuseWhileHeld), and a throwaway stand-in’s for estimates',
  },
  {
    file: 'core/smartAccount/support.ts',
    calls: ['signAuthorization'],
    is: 'not held: a throwaway key’s authorization, to learn whether the chain runs EIP-7702',
  },
  {
    file: 'core/smartAccount/passkey/passkeyAccountSend.ts',
    calls: ['submit', 'sendSmart'],
    is: 'sendPasskeyUpgrade: sendSmart; sendPasskeyBatch: submit (refuseWhileHeld before the node is asked)',
  },
  {
    file: 'core/smartAccount/passkey/passkeyAccountSend.ts',
    calls: ['signAuthorization'],
    is: 'not held: a throwaway key’s authorization, to learn whether the node applies EIP-7702 (the fresh key’s is signPasskeyUpgrade’s, sent only by sendPasskeyUpgrade)',
  },
  {
    file: 'core/smartAccount/passkey/passkeyPlacement.ts',
    calls: ['sendPreparedCall'],
    is: 'sendPasskeyPlacement: sendPreparedCall, each placement (refuseWhileHeld before the node is asked)',
  },
  // What a person does.
  {
    file: 'features/send/review/ReviewPanel.tsx',
    calls: ['submit'],
    is: 'Send, and Swap (whose review is Send’s)',
    hold: ['features/send/SendScreen.tsx', 'features/swap/SwapScreen.tsx'],
  },
  {
    file: 'features/send/review/BatchReviewPanel.tsx',
    calls: ['confirmBatch'],
    is: 'Send’s batch',
    hold: ['features/send/SendScreen.tsx'],
  },
  {
    file: 'features/send/TxStatusCard.tsx',
    calls: ['replace'],
    is: 'speed-up and cancel',
    hold: ['features/send/SendScreen.tsx', 'features/send/TxStatusCard.tsx'],
  },
  {
    file: 'features/send/TxStatusCard.tsx',
    calls: ['rebroadcast'],
    is: 'not held: “Send again” re-sends bytes signed, and confirmed, before the alarm',
  },
  {
    file: 'features/send/AccountTransactions.tsx',
    calls: ['fillGap'],
    is: 'filling a nonce gap',
    hold: ['features/send/SendScreen.tsx', 'features/send/AccountTransactions.tsx'],
  },
  {
    file: 'features/dapp/TransactionApproval.tsx',
    calls: ['sendPreparedCall'],
    is: 'a site’s eth_sendTransaction',
    hold: ['features/dapp/ApprovalQueue.tsx'],
  },
  {
    file: 'features/dapp/CallsApproval.tsx',
    calls: ['sendPreparedCall'],
    is: 'a site’s wallet_sendCalls, one by one',
    hold: ['features/dapp/ApprovalQueue.tsx'],
  },
  {
    file: 'features/dapp/AtomicCallsApproval.tsx',
    calls: ['confirmBatch'],
    is: 'a site’s wallet_sendCalls, atomic',
    hold: ['features/dapp/ApprovalQueue.tsx'],
  },
  {
    file: 'features/approvals/RevokeReview.tsx',
    calls: ['sendPreparedCall'],
    is: 'Revoke',
    hold: ['features/approvals/RevokeReview.tsx'],
  },
  {
    file: 'features/smartAccount/useUpgradeFlow.ts',
    calls: ['confirmUpgrade'],
    is: 'the smart-account upgrade and undo',
    hold: ['features/smartAccount/SmartAccountBody.tsx'],
  },
  {
    file: 'features/safe/useSafeSend.ts',
    calls: ['sendPreparedCall'],
    is: 'a Safe’s confirmation on-chain and its execution',
    hold: ['features/safe/ApprovePanel.tsx', 'features/safe/ExecutePanel.tsx'],
  },
  {
    file: 'features/onboarding/CreatePasskeyAccountFlow.tsx',
    calls: ['sendPasskeyUpgrade'],
    is: 'a passkey account’s upgrade, paid by another account',
    hold: ['features/onboarding/CreatePasskeyAccountFlow.tsx'],
  },
  {
    file: 'features/onboarding/PlacePasskeyContracts.tsx',
    calls: ['sendPasskeyPlacement'],
    is: 'the passkey contracts placed through the deterministic deployer, paid by one of the person’s accounts',
    hold: ['features/onboarding/PlacePasskeyContracts.tsx'],
  },
  {
    file: 'lib/send/sendByPasskey.ts',
    calls: ['sendPasskeyBatch'],
    is: 'sendByPasskey: the passkey signs, then sendPasskeyBatch (submit)',
  },
  {
    file: 'features/send/review/PasskeyReview.tsx',
    calls: ['sendByPasskey'],
    is: 'Send from a passkey account',
    hold: ['features/send/SendScreen.tsx'],
  },
  {
    file: 'features/receive/AddAccountPasskeyForm.tsx',
    calls: ['sendByPasskey'],
    is: 'a passkey account’s second passkey',
    hold: ['features/receive/AddAccountPasskeyForm.tsx'],
  },
  {
    file: 'features/sign/BroadcastTool.tsx',
    calls: ['broadcastToNetwork'],
    is: 'the offline broadcast',
    hold: ['features/sign/BroadcastTool.tsx'],
  },
  {
    file: 'core/offline/signOffline.ts',
    calls: ['signTransaction'],
    is: 'not held: offline signing asks no node, and its bytes reach a chain only by a broadcast',
  },
  {
    file: 'features/sign/OfflineTool.tsx',
    calls: ['signOffline'],
    is: 'not held: offline signing (signOffline)',
  },
];

const SRC = join(import.meta.dirname, '..', '..');

/** The shipped code: src/ without tests, test helpers and type declarations. */
function shippedFiles(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : shippedFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

const read = (file: string) => readFileSync(join(SRC, file), 'utf8');

describe('every path to the signer passes the one gate', () => {
  it('knows every call in the shipped code that signs or broadcasts a transaction', () => {
    const found: string[] = [];
    for (const path of shippedFiles()) {
      const text = readFileSync(path, 'utf8');
      for (const [call, pattern] of Object.entries(CALLS))
        if (pattern.test(text)) found.push(`${relative(SRC, path).split('\\').join('/')}: ${call}`);
    }
    const listed = new Set(PATHS.flatMap((p) => p.calls.map((call) => `${p.file}: ${call}`)));
    // A call not listed is a path to the signer nobody checked against the gate: route it through
    // TransactionService.submit or broadcastToNetwork and list it above, with where its hold shows.
    expect(found.filter((f) => !listed.has(f))).toEqual([]);
    expect(found.length).toBeGreaterThan(10);
  });

  it('asks the gate first at both choke points', () => {
    const service = read('core/tx/transactionService.ts');
    const submit = service.slice(service.indexOf('async submit('));
    expect(submit.indexOf('this.gate(network)')).toBeGreaterThan(0);
    expect(submit.indexOf('this.gate(network)')).toBeLessThan(submit.search(/\.wallet\.send\(|\.signTransaction\(/));
    const broadcast = read('core/tx/broadcastRaw.ts');
    const toNetwork = broadcast.slice(broadcast.indexOf('function broadcastToNetwork('));
    expect(toNetwork.indexOf('sendingGate(network)')).toBeGreaterThan(0);
    expect(toNetwork.indexOf('sendingGate(network)')).toBeLessThan(toNetwork.indexOf('broadcastRaw('));
  });

  it('asks the gate before an account signs its authorization', () => {
    const signing = [
      { file: 'core/smartAccount/smartSend.ts', from: 'function confirmUpgrade(', signs: 'signUpgrade(' },
      { file: 'core/smartAccount/smartBatch.ts', from: 'function confirmBatch(', signs: 'signPlannedBatch(' },
    ];
    for (const { file, from, signs } of signing) {
      const body = read(file).slice(read(file).indexOf(from));
      expect(body.indexOf('refuseWhileHeld(network)'), file).toBeGreaterThan(0);
      expect(body.indexOf('refuseWhileHeld(network)'), file).toBeLessThan(body.indexOf(signs));
    }
  });

  it('shows the hold before Confirm on every path a person takes', () => {
    const holds = PATHS.flatMap((p) => p.hold ?? []);
    const without = holds.filter((file) => !/\bVerificationHold\b|\buseSendingHeld\(/.test(read(file)));
    expect(without).toEqual([]);
  });
});
