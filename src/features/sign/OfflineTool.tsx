import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { type Address, isAddressEqual } from 'viem';
import { CopyButton } from '@/components/CopyButton';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { isCairnError } from '@/core/errors/base';
import type { FieldErrors, OfflineTx, OfflineTxType } from '@/core/offline/offlineTx';
import { type SignedOffline, signOffline } from '@/core/offline/signOffline';
import { MAX_UNSIGNED_FILE_CHARS, parseUnsignedFile, serializeUnsignedFile } from '@/core/offline/unsignedFile';
import { buildUnsignedTx, type UnsignedTxDraft } from '@/core/offline/unsignedTx';
import { vaultAccount } from '@/core/signing/vaultAccount';
import { downloadText, readSmallTextFile } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { toDecimalString } from '@/lib/format';
import { useSelectedNetwork } from '@/lib/session';
import { useSelectedAccount, useVaultSession } from '@/lib/vault';
import { QrImageField } from './QrImageField';
import { SaveFileButton } from './SaveFileButton';
import { ScannableText } from './ScannableText';
import { SigningAccountField, useSigningAccounts } from './SigningAccountField';
import styles from './sign.module.css';
import { useFocusOnMount } from './useFocusOnMount';

type Form = Required<UnsignedTxDraft>;

const TYPE_CHOICES: readonly [OfflineTxType, string][] = [
  ['eip1559', 'EIP-1559 (type 2): max fee and priority fee'],
  ['eip2930', 'EIP-2930 (type 1): gas price and access list'],
  ['legacy', 'Legacy (type 0): gas price'],
];

const gweiText = (wei: bigint) => toDecimalString(wei, 9);

/** The form filled from a transaction read from a file: amounts back in the units a person types. */
function formOf(tx: OfflineTx): Form {
  return {
    type: tx.type,
    chainId: String(tx.chainId),
    nonce: String(tx.nonce),
    to: tx.to ?? '',
    value: toDecimalString(tx.value, 18),
    gasLimit: tx.gas.toString(),
    gasPrice: tx.type === 'eip1559' ? '' : gweiText(tx.gasPrice),
    maxFeePerGas: tx.type === 'eip1559' ? gweiText(tx.maxFeePerGas) : '',
    maxPriorityFeePerGas: tx.type === 'eip1559' ? gweiText(tx.maxPriorityFeePerGas) : '',
    data: tx.data === '0x' ? '' : tx.data,
    accessList: tx.type !== 'legacy' && tx.accessList.length > 0 ? JSON.stringify(tx.accessList, null, 2) : '',
  };
}

function fileReadFailure(error: unknown): string {
  if (isCairnError(error) && error.code === 'INPUT_FILE_TOO_LARGE') {
    return 'This file is too large to be an unsigned transaction. Choose the file of unsigned fields Cairn saved.';
  }
  return errorText(error);
}

type Imported = { source: string; from: Address | undefined };
type Saved = { json: string };

/**
 * Builds and signs a transaction with no network at all: every field is typed or imported from
 * a file of unsigned fields, nothing is looked up, nothing is sent. The result is the raw signed
 * transaction, to carry (copy, file or QR code) to any online wallet or node for broadcasting.
 */
export function OfflineTool() {
  const network = useSelectedNetwork();
  const session = useVaultSession();
  const selected = useSelectedAccount();
  const { accounts, preferred } = useSigningAccounts();
  const symbol = network.nativeCurrency.symbol;
  const [accountId, setAccountId] = useState(preferred?.id);
  const [form, setForm] = useState<Form>({
    type: 'eip1559',
    chainId: String(network.chainId),
    nonce: '',
    to: '',
    value: '',
    gasLimit: '',
    gasPrice: '',
    maxFeePerGas: '',
    maxPriorityFeePerGas: '',
    data: '',
    accessList: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [importError, setImportError] = useState<string>();
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string>();
  const [imported, setImported] = useState<Imported>();
  const [saved, setSaved] = useState<Saved>();
  const [signError, setSignError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SignedOffline>();
  const formRef = useRef<HTMLFormElement>(null);
  const account: Account | undefined = accounts.find((a) => a.id === accountId) ?? preferred;

  // After a refused attempt, the focus goes to the first field refused, so a keyboard user lands on it.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const change = (patch: Partial<Form>) => {
    setForm((current) => ({ ...current, ...patch }));
    setResult(undefined);
    setSaved(undefined);
    setSignError(undefined);
  };

  /** Every field checked at once; the errors are shown next to their fields. */
  const build = (): OfflineTx | undefined => {
    const built = buildUnsignedTx(form, symbol);
    if (built.ok) {
      setErrors({});
      return built.tx;
    }
    setErrors(built.errors);
    setAttempt((n) => n + 1);
    return undefined;
  };

  const load = (text: string, source: string, setError: (sentence: string | undefined) => void): boolean => {
    let file: ReturnType<typeof parseUnsignedFile>;
    try {
      file = parseUnsignedFile(text);
    } catch (e) {
      setError(errorText(e));
      return false;
    }
    setError(undefined);
    setForm(formOf(file.tx));
    setErrors({});
    setResult(undefined);
    setSaved(undefined);
    setSignError(undefined);
    const holder = file.from ? accounts.find((a) => isAddressEqual(a.address, file.from as Address)) : undefined;
    if (holder) setAccountId(holder.id);
    setImported({ source, from: file.from });
    return true;
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setImportError(undefined);
    let text: string;
    try {
      text = await readSmallTextFile(file, MAX_UNSIGNED_FILE_CHARS * 2);
    } catch (e) {
      setImportError(fileReadFailure(e));
      return;
    } finally {
      input.value = '';
    }
    load(text, `the file ${file.name}`, setImportError);
  };

  const importPasted = () => {
    if (pasted.trim() === '') {
      setPasteError('Paste the text of a Cairn unsigned-fields file or of its QR code first.');
      return;
    }
    if (load(pasted, 'the pasted text', setPasteError)) setPasted('');
  };

  const save = () => {
    setSignError(undefined);
    const tx = build();
    if (!tx) {
      setSaved(undefined);
      return;
    }
    const from = account?.address ?? selected?.address;
    const json = serializeUnsignedFile(tx, from ? { from } : {});
    downloadText(`cairn-unsigned-tx-chain${tx.chainId}-nonce${tx.nonce}.json`, json);
    setSaved({ json });
  };

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    setSignError(undefined);
    if (!account) return;
    const tx = build();
    if (!tx) return;
    setBusy(true);
    try {
      setResult(
        await signOffline(
          vaultAccount(account.address, () => session.privateKeyFor(account.id)),
          tx,
        ),
      );
    } catch (e) {
      setSignError(`${errorText(e)} Nothing was signed.`);
    } finally {
      setBusy(false);
    }
  };

  const otherChain = /^\d+$/.test(form.chainId.trim()) && form.chainId.trim() !== String(network.chainId);
  const preparedForOther =
    imported?.from !== undefined && (!account || !isAddressEqual(account.address, imported.from))
      ? imported.from
      : undefined;
  const walletHasIt =
    preparedForOther !== undefined && accounts.some((a) => isAddressEqual(a.address, preparedForOther));

  return (
    <form ref={formRef} className={styles.tool} onSubmit={sign} noValidate aria-labelledby="offline-title">
      <h2 id="offline-title">Offline transaction</h2>
      <p className={ui.muted}>
        Build and sign a transaction on this device with no network at all: Cairn contacts no node, looks nothing up and
        sends nothing. Every field is yours to give (take the nonce and fees from an online wallet, or import the
        unsigned fields prepared there). The result is a signed transaction to carry to an online device and broadcast.
      </p>

      <section className={styles.part} aria-labelledby="offline-import-title">
        <h3 id="offline-import-title">Import unsigned fields</h3>
        <Field
          label="Import unsigned fields from a file"
          hint="A JSON file saved with “Save unsigned fields” by Cairn on another device."
          error={importError}
        >
          <input type="file" accept=".json,application/json,text/plain" onChange={importFile} />
        </Field>
        <QrImageField
          label="Or read them from a photo of their QR code"
          hint="A photo or screenshot of the QR code shown by “Save unsigned fields”."
          onText={(text, fileName) => {
            let problem: string | undefined;
            load(text, `the QR code in ${fileName}`, (sentence) => {
              problem = sentence;
            });
            return problem;
          }}
        />
        <Field
          label="Or paste the unsigned fields"
          hint="The text of such a file, or of its QR code read by a scanner."
          error={pasteError}
        >
          <textarea
            rows={3}
            value={pasted}
            spellCheck={false}
            onChange={(e) => {
              setPasted(e.target.value);
              setPasteError(undefined);
            }}
          />
        </Field>
        <div className={ui.actions}>
          <button type="button" className={ui.secondary} onClick={importPasted}>
            Import pasted fields
          </button>
        </div>
        <div role="status">
          {imported && (
            <p>
              Fields imported from {imported.source}. Check each one before signing.
              {imported.from && !preparedForOther && ` Prepared for ${imported.from}, an account of this wallet.`}
            </p>
          )}
        </div>
        {preparedForOther && (
          <p className={ui.noticeWarning}>
            {walletHasIt
              ? `The file was prepared for ${preparedForOther}, but you chose to sign with another account.`
              : `The file was prepared for ${preparedForOther}, which is not an account of this wallet that can sign. Signing with another account makes a different transaction, from that account.`}
          </p>
        )}
      </section>

      <section className={styles.part} aria-labelledby="offline-fields-title">
        <h3 id="offline-fields-title">Transaction</h3>
        <Field label="Transaction type" error={errors.type}>
          <select value={form.type} onChange={(e) => change({ type: e.target.value as OfflineTxType })}>
            {TYPE_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Chain id"
          hint={`The network the transaction is valid on; the selected network, ${network.name}, is ${network.chainId}.`}
          error={errors.chainId}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={form.chainId}
            onChange={(e) => change({ chainId: e.target.value })}
          />
        </Field>
        {otherChain && !errors.chainId && (
          <p className={ui.noticeWarning}>
            Chain id {form.chainId.trim()} is not the selected network ({network.name}, {network.chainId}): the signed
            transaction will be valid only on the network with chain id {form.chainId.trim()}.
          </p>
        )}
        <Field
          label="Nonce"
          hint="The number of transactions the sending account has sent before (0 for a new account)."
          error={errors.nonce}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={form.nonce}
            onChange={(e) => change({ nonce: e.target.value })}
          />
        </Field>
        <Field
          label="Recipient (to)"
          hint="A 0x address. Leave it empty to create a contract whose code is the data."
          error={errors.to}
        >
          <input
            type="text"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            value={form.to}
            onChange={(e) => change({ to: e.target.value })}
          />
        </Field>
        <Field
          label={`Value (${symbol})`}
          hint={`Exactly, in ${symbol}: 0 for a plain contract call.`}
          error={errors.value}
        >
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={form.value}
            onChange={(e) => change({ value: e.target.value })}
          />
        </Field>
        <Field
          label="Gas limit"
          hint="21000 for a plain transfer; more for a contract call or a transfer with data."
          error={errors.gasLimit}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={form.gasLimit}
            onChange={(e) => change({ gasLimit: e.target.value })}
          />
        </Field>
        {form.type === 'eip1559' ? (
          <>
            <Field
              label="Max fee (gwei)"
              hint="The most paid per gas, base fee included. It must be above the base fee when the transaction is sent."
              error={errors.maxFeePerGas}
            >
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={form.maxFeePerGas}
                onChange={(e) => change({ maxFeePerGas: e.target.value })}
              />
            </Field>
            <Field
              label="Priority fee (gwei)"
              hint="The tip per gas to whoever includes the transaction; at most the max fee."
              error={errors.maxPriorityFeePerGas}
            >
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={form.maxPriorityFeePerGas}
                onChange={(e) => change({ maxPriorityFeePerGas: e.target.value })}
              />
            </Field>
          </>
        ) : (
          <Field label="Gas price (gwei)" hint="The price paid per gas." error={errors.gasPrice}>
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={form.gasPrice}
              onChange={(e) => change({ gasPrice: e.target.value })}
            />
          </Field>
        )}
        <Field
          label="Data (hex)"
          hint="Optional: call data for a contract, or the code of a contract to create."
          error={errors.data}
        >
          <textarea
            rows={2}
            value={form.data}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(e) => change({ data: e.target.value })}
          />
        </Field>
        <details
          className={styles.advanced}
          open={form.accessList.trim() !== '' || errors.accessList !== undefined || undefined}
        >
          <summary>Advanced: access list</summary>
          <Field
            label="Access list (JSON)"
            hint='Optional, not for legacy transactions: [{"address": "0x…", "storageKeys": ["0x…"]}].'
            error={errors.accessList}
          >
            <textarea
              rows={4}
              value={form.accessList}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(e) => change({ accessList: e.target.value })}
            />
          </Field>
        </details>
      </section>

      <section className={styles.part} aria-labelledby="offline-sign-title">
        <h3 id="offline-sign-title">Sign</h3>
        {account ? (
          <SigningAccountField
            accounts={accounts}
            value={account.id}
            onChange={(id) => {
              setAccountId(id);
              setResult(undefined);
              setSaved(undefined);
              setSignError(undefined);
            }}
          />
        ) : (
          <p className={ui.noticeWarning}>
            This wallet has no account that can sign (watch-only accounts cannot). You can still save the unsigned
            fields and sign them where the key is.
          </p>
        )}
        <div className={ui.actions}>
          {account && (
            <button type="submit" disabled={busy}>
              {busy ? 'Signing…' : 'Sign offline'}
            </button>
          )}
          <button type="button" className={ui.secondary} onClick={save}>
            Save unsigned fields
          </button>
        </div>
        {signError && (
          <p role="alert" className={ui.noticeDanger}>
            {signError}
          </p>
        )}
      </section>

      {saved && <SavedFields saved={saved} />}
      {result && <SignedOutput result={result} />}
    </form>
  );
}

/** The unsigned fields as a file, as text and as a QR code, for the device that holds the key. */
function SavedFields({ saved }: { saved: Saved }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={ui.card} aria-labelledby="unsigned-fields-title">
      <h3 id="unsigned-fields-title" ref={heading} tabIndex={-1}>
        Unsigned fields
      </h3>
      <p>
        Saved as a file; nothing is signed yet. Carry these fields to the device that holds the key (as the file, as
        text or with the QR code) and import them there.
      </p>
      <output aria-label="Unsigned fields (JSON)" className={styles.code}>
        {saved.json}
      </output>
      <div className={ui.actions}>
        <CopyButton value={saved.json} label="Copy unsigned fields" />
      </div>
      <ScannableText value={saved.json} label="QR code of the unsigned fields" what="unsigned fields" />
    </section>
  );
}

/** The signed transaction: raw hex, hash, sender, as text, QR code and file. Nothing is sent. */
function SignedOutput({ result }: { result: SignedOffline }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className={ui.card} aria-labelledby="signed-tx-title">
      <h3 id="signed-tx-title" ref={heading} tabIndex={-1}>
        Signed transaction
      </h3>
      <p>
        Signed offline; nothing was sent. Broadcast it from any online device: Cairn’s Broadcast tool, another wallet or
        a node.
      </p>
      <dl className={styles.fields}>
        <dt>Sender</dt>
        <dd className={styles.code}>{result.from}</dd>
        <dt>Transaction hash</dt>
        <dd className={styles.code}>{result.hash}</dd>
        <dt>Size</dt>
        <dd>{((result.raw.length - 2) / 2).toLocaleString('en-US')} bytes</dd>
      </dl>
      <output aria-label="Signed transaction (raw hex)" className={styles.code}>
        {result.raw}
      </output>
      <div className={ui.actions}>
        <CopyButton value={result.raw} label="Copy signed transaction" />
        <SaveFileButton
          fileName={`cairn-signed-tx-${result.hash.slice(2, 10)}.txt`}
          text={result.raw}
          type="text/plain"
          label="Download signed transaction"
        />
      </div>
      <ScannableText value={result.raw} label="QR code of the signed transaction" what="signed transaction" />
    </section>
  );
}
