import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { Field } from '@/components/Field';
import { QrImageField } from '@/components/QrImageField';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { WatchOnlyNotice } from '@/components/WatchOnlyNotice';
import type { Account } from '@/core/accounts/account';
import { canSign, signerProfile } from '@/core/accounts/signerKinds';
import { isCairnError } from '@/core/errors/base';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import type { FieldErrors, OfflineTx } from '@/core/offline/offlineTx';
import { type SignedOffline, signOffline } from '@/core/offline/signOffline';
import { MAX_UNSIGNED_FILE_CHARS, parseUnsignedFile, serializeUnsignedFile } from '@/core/offline/unsignedFile';
import { buildUnsignedTx } from '@/core/offline/unsignedTx';
import { downloadText, readSmallTextFile } from '@/lib/browser/download';
import { decimalFormat, useLocale, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useSelectedNetwork } from '@/lib/stores/session';
import { accountAt, useSelectedAccount, useSigningAccounts, useVaultSession } from '@/lib/vault/vault';
import { OfflineFields } from './OfflineFields';
import { SavedFields, SignedOutput } from './OfflineResults';
import { emptyOfflineForm, formOf, type OfflineForm } from './offlineForm';
import { SigningAccountField } from './SigningAccountField';
import styles from './sign.module.css';

type Form = OfflineForm;

function fileReadFailure(error: unknown): Message | string {
  if (isCairnError(error) && error.code === 'INPUT_FILE_TOO_LARGE') {
    return msg('sign:offline.import.fileTooLarge');
  }
  return errorMessage(error);
}

/** Where the imported fields came from, as the sentence saying so. */
type Imported = { source: Message; from: Address | undefined };

/**
 * Builds and signs a transaction with no network at all: every field is typed or imported from
 * a file of unsigned fields, nothing is looked up, nothing is sent. The result is the raw signed
 * transaction, to carry (copy, file or QR code) to any online wallet or node for broadcasting.
 */
export function OfflineTool() {
  const t = useT('sign');
  const network = useSelectedNetwork();
  const session = useVaultSession();
  const selected = useSelectedAccount();
  const { accounts, preferred } = useSigningAccounts();
  const symbol = network.nativeCurrency.symbol;
  // The value and fees are typed in the language's format; the unsigned file holds base units.
  const locale = useLocale();
  const [accountId, setAccountId] = useState(preferred?.id);
  const [form, setForm] = useState<Form>(() => emptyOfflineForm(network.chainId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [importError, setImportError] = useState<Message | string>();
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<Message | string>();
  const [imported, setImported] = useState<Imported>();
  const [saved, setSaved] = useState<{ json: string }>();
  const [signError, setSignError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ signed: SignedOffline; tx: OfflineTx }>();
  // Bumped at each edit: a signature finished after an edit belongs to fields no longer shown.
  const edits = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const account: Account | undefined = accounts.find((a) => a.id === accountId) ?? preferred;
  // The header's account is watch-only: the fields are prepared for it, to be signed where its key is.
  const watched = selected && !canSign(selected) ? selected : undefined;
  /** A browser wallet's account: the wallet only signs what it sends itself. */
  const walletSends = account ? signerProfile(account.source).sendsItself : undefined;

  // After a refused attempt, the focus goes to the first field refused, so a keyboard user lands on it.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const change = (patch: Partial<Form>) => {
    edits.current++;
    setForm((current) => ({ ...current, ...patch }));
    setResult(undefined);
    setSaved(undefined);
    setSignError(undefined);
  };

  /** Every field checked at once; the errors are shown next to their fields. */
  const build = (): OfflineTx | undefined => {
    const built = buildUnsignedTx(form, symbol, decimalFormat(locale));
    if (built.ok) {
      setErrors({});
      return built.tx;
    }
    setErrors(built.errors);
    setAttempt((n) => n + 1);
    return undefined;
  };

  const load = (text: string, source: Message, setError: (sentence: Message | string | undefined) => void): boolean => {
    let file: ReturnType<typeof parseUnsignedFile>;
    try {
      file = parseUnsignedFile(text);
    } catch (e) {
      setError(errorMessage(e));
      return false;
    }
    setError(undefined);
    edits.current++;
    setForm(formOf(file.tx, locale));
    setErrors({});
    setResult(undefined);
    setSaved(undefined);
    setSignError(undefined);
    const holder = accountAt(accounts, file.from);
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
    load(text, msg('sign:offline.import.fromFile', { name: codeValue(file.name) }), setImportError);
  };

  const importPasted = () => {
    if (pasted.trim() === '') {
      setPasteError(msg('sign:offline.import.pasteFirst'));
      return;
    }
    if (load(pasted, msg('sign:offline.import.fromPasted'), setPasteError)) setPasted('');
  };

  const save = () => {
    setSignError(undefined);
    const tx = build();
    if (!tx) {
      setSaved(undefined);
      return;
    }
    const from = (watched ?? account ?? selected)?.address;
    const json = serializeUnsignedFile(tx, from ? { from } : {});
    downloadText(t('sign:offline.unsignedFileName', { chainId: String(tx.chainId), nonce: String(tx.nonce) }), json);
    setSaved({ json });
  };

  const sign = async (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    setSignError(undefined);
    if (!account || watched) return;
    const tx = build();
    if (!tx) return;
    setBusy(true);
    try {
      const at = edits.current;
      const signed = await signOffline(session.signerFor(account), tx);
      if (edits.current === at) setResult({ signed, tx });
    } catch (e) {
      setSignError(msg('sign:nothingSigned', { reason: errorMessage(e) }));
    } finally {
      setBusy(false);
    }
  };

  const preparedForOther =
    imported?.from !== undefined && !sameAddress(account?.address, imported.from) ? imported.from : undefined;
  const walletHasIt = accountAt(accounts, preparedForOther) !== undefined;

  return (
    <form ref={formRef} className={styles.tool} onSubmit={sign} noValidate aria-labelledby="offline-title">
      <h2 id="offline-title">{t('sign:offline.title')}</h2>
      <p className={ui.muted}>{t('sign:offline.intro')}</p>

      <section className={styles.part} aria-labelledby="offline-import-title">
        <h3 id="offline-import-title">{t('sign:offline.import.title')}</h3>
        <Field label={t('sign:offline.import.file')} hint={t('sign:offline.import.fileHint')} error={importError}>
          <input type="file" accept=".json,application/json,text/plain" onChange={importFile} />
        </Field>
        <QrImageField
          label={t('sign:offline.import.qr')}
          hint={t('sign:offline.import.qrHint')}
          onText={(text, fileName) => {
            let problem: Message | string | undefined;
            load(text, msg('sign:offline.import.fromQr', { name: codeValue(fileName) }), (sentence) => {
              problem = sentence;
            });
            return problem;
          }}
        />
        <Field label={t('sign:offline.import.paste')} hint={t('sign:offline.import.pasteHint')} error={pasteError}>
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
            {t('sign:offline.import.pasteSubmit')}
          </button>
        </div>
        <div role="status">
          {imported && (
            <p>
              <T message={imported.source} />
              {imported.from && !preparedForOther && (
                <>
                  {' '}
                  <T id="sign:offline.import.preparedForOwn" values={{ address: codeValue(imported.from) }} />
                </>
              )}
            </p>
          )}
        </div>
        {preparedForOther && (
          <p className={ui.noticeWarning}>
            <T
              id={walletHasIt ? 'sign:offline.import.preparedForOther' : 'sign:offline.import.preparedForStranger'}
              values={{ address: codeValue(preparedForOther) }}
            />
          </p>
        )}
      </section>

      <OfflineFields form={form} errors={errors} change={change} network={network} />

      <section className={styles.part} aria-labelledby="offline-sign-title">
        <h3 id="offline-sign-title">{t('sign:offline.sign.title')}</h3>
        {watched ? (
          <WatchOnlyNotice account={watched} task={msg('sign:offline.sign.task')} level={3}>
            <p>{t('sign:offline.sign.watched')}</p>
          </WatchOnlyNotice>
        ) : account ? (
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
          <p className={ui.noticeWarning}>{t('sign:offline.sign.noAccount')}</p>
        )}
        {walletSends && (
          <p className={ui.noticeWarning}>
            <T message={walletSends} />
          </p>
        )}
        <div className={ui.actions}>
          {account && !watched && !walletSends && (
            <button type="submit" disabled={busy}>
              {busy ? t('sign:signing') : t('sign:offline.sign.submit')}
            </button>
          )}
          <button type="button" className={ui.secondary} onClick={save}>
            {t('sign:offline.sign.save')}
          </button>
        </div>
        {signError && (
          <p role="alert" className={ui.noticeDanger}>
            <T message={signError} />
          </p>
        )}
      </section>

      {saved && <SavedFields saved={saved} />}
      {result && <SignedOutput result={result.signed} tx={result.tx} />}
    </form>
  );
}
