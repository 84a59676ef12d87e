import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AbiParameter } from 'viem';
import { useStore } from 'zustand';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import { canSendFrom } from '@/core/accounts/signerKinds';
import { abiTypeShape } from '@/core/contracts/abiTypes';
import { encodeCalldata } from '@/core/contracts/calldata';
import type { DecodedValue } from '@/core/contracts/decode/values';
import type { ContractFunction } from '@/core/contracts/functions';
import { codeValue, type Message, untrustedValue } from '@/core/i18n/message';
import { parseAmount } from '@/core/tx/amount';
import { useDecimalInput, useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useLinks } from '@/lib/links';
import { functionReadQuery } from '@/lib/queries/contractQueries';
import { queueForBatch, requestSend, sendRequestStore } from '@/lib/send/sendRequest';
import { useSelectedNetwork } from '@/lib/stores/session';
import { argumentHint, argumentLabel, checkArguments } from './argumentFields';
import styles from './contracts.module.css';
import { contractsStore, type LoadedContract, setInput, setValue } from './contractsStore';
import { readFailure } from './readFailure';
import { ValueList } from './ValueList';

const NO_TEXTS: string[] = [];

/** Lists, tuples and bytes can be long: they get a text area; everything else one line. */
function multiline(param: AbiParameter): boolean {
  try {
    const kind = abiTypeShape(param).kind;
    return kind === 'array' || kind === 'tuple' || kind === 'bytes';
  } catch {
    return false;
  }
}

/** A function of a loaded contract, and the account that would call it. */
export type FunctionFormProps = {
  fn: ContractFunction;
  contract: LoadedContract;
  account: Account | undefined;
};

/**
 * One function's form: a labelled field per argument, each checked on its own. A read runs
 * eth_call and shows the decoded answer; a write is encoded and handed to Send for the usual
 * review, signing and tracking.
 */
export function FunctionForm({ fn, contract, account }: FunctionFormProps) {
  const t = useT('contracts');
  const network = useSelectedNetwork();
  const links = useLinks();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = `${fn.kind}:${fn.id}`;
  const texts = useStore(contractsStore, (s) => s.inputs[key] ?? NO_TEXTS);
  const valueText = useStore(contractsStore, (s) => s.values[key] ?? '');
  const [errors, setErrors] = useState<(Message | string | undefined)[]>([]);
  const [valueError, setValueError] = useState<Message | string>();
  const [result, setResult] = useState<{ values: DecodedValue[] }>();
  const [failure, setFailure] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [queued, setQueued] = useState(false);
  const queuedCount = useStore(sendRequestStore, (s) => s.queued.length);
  const form = useRef<HTMLFormElement>(null);
  const native = network.nativeCurrency;
  const typing = useDecimalInput();
  // A Safe's write is proposed to its owners, through Send's review (on its own network only).
  const signer = account && canSendFrom(account, network.chainId) ? account : undefined;

  // After a refused submit, take the person to the first field at fault.
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent, toBatch = false) => {
    event.preventDefault();
    setFailure(undefined);
    setQueued(false);
    const check = checkArguments(fn.inputs, texts);
    setErrors(check.errors);
    let problem = !check.ok;
    let value = 0n;
    if (fn.kind === 'write' && fn.payable) {
      try {
        if (valueText.trim() !== '') value = parseAmount(valueText, native.decimals, native.symbol, typing.format);
        setValueError(undefined);
      } catch (error) {
        setValueError(errorMessage(error));
        problem = true;
      }
    }
    if (problem) {
      setResult(undefined);
      setAttempt((n) => n + 1);
      return;
    }
    let data: `0x${string}`;
    try {
      data = encodeCalldata(
        fn.item,
        fn.inputs.map((_, i) => texts[i] ?? ''),
      );
    } catch (error) {
      setFailure(errorMessage(error));
      return;
    }
    if (fn.kind === 'write') {
      if (!signer) return;
      if (toBatch) {
        queueForBatch({
          networkId: network.id,
          fromId: signer.id,
          recipient: contract.address,
          value,
          data,
          callName: fn.id,
        });
        setQueued(true);
        return;
      }
      requestSend({
        networkId: network.id,
        recipient: contract.address,
        value,
        data,
        callAbi: contract.abi,
        fromId: signer.id,
      });
      navigate(links.send);
      return;
    }
    setBusy(true);
    setResult(undefined);
    try {
      const values = await queryClient.fetchQuery(
        functionReadQuery(network, {
          address: contract.address,
          fn: fn.item,
          data,
          from: account?.address,
          abi: contract.abi,
        }),
      );
      setResult({ values });
    } catch (error) {
      setFailure(readFailure(error, fn));
    } finally {
      setBusy(false);
    }
  };

  const fnName = codeValue(fn.name);
  const label = t(fn.kind === 'read' ? 'contracts:function.readLabel' : 'contracts:function.writeLabel', {
    fn: codeValue(fn.id),
  });
  const symbol = untrustedValue(native.symbol, 'symbol');
  return (
    <form ref={form} className={styles.functionForm} onSubmit={submit} noValidate aria-label={label}>
      {fn.inputs.length === 0 && fn.kind === 'read' && <p className={ui.muted}>{t('contracts:noArguments')}</p>}
      {fn.inputs.map((param, i) => (
        <Field
          // biome-ignore lint/suspicious/noArrayIndexKey: arguments keep their ABI order
          key={i}
          label={argumentLabel(param, i)}
          hint={argumentHint(param)}
          error={errors[i]}
        >
          {multiline(param) ? (
            <textarea
              rows={2}
              value={texts[i] ?? ''}
              spellCheck={false}
              autoCapitalize="off"
              onChange={(e) => setInput(key, i, fn.inputs.length, e.target.value)}
            />
          ) : (
            <input
              type="text"
              value={texts[i] ?? ''}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              onChange={(e) => setInput(key, i, fn.inputs.length, e.target.value)}
            />
          )}
        </Field>
      ))}
      {fn.kind === 'write' && fn.payable && (
        <Field
          label={t('contracts:function.value', { symbol })}
          hint={`${t('contracts:function.valueHint', { symbol, example: `0${typing.format.decimal}5` })} ${typing.hint}`}
          error={valueError}
        >
          <input
            type="text"
            inputMode="decimal"
            value={valueText}
            autoComplete="off"
            onChange={(e) => setValue(key, e.target.value)}
          />
        </Field>
      )}
      {fn.kind === 'read' ? (
        <div className={ui.actions}>
          <button type="submit" disabled={busy}>
            {busy ? t('contracts:function.reading') : t('contracts:function.read')}
          </button>
        </div>
      ) : signer ? (
        <div className={ui.actions}>
          <button type="submit">{t('contracts:function.review')}</button>
          <button type="button" onClick={(event) => void submit(event, true)}>
            {t('contracts:function.addToBatch')}
          </button>
          <span className={ui.muted}>{t('contracts:function.reviewNote')}</span>
        </div>
      ) : (
        <p className={ui.noticeWarning}>
          {account ? (
            <T id="contracts:function.watchOnly" values={{ name: untrustedValue(account.name, 'name'), fn: fnName }} />
          ) : (
            t('contracts:function.noAccount')
          )}
        </p>
      )}
      <ErrorAlert message={failure} />
      {queued && (
        <p role="status">
          <T id="contracts:function.queued" values={{ count: queuedCount }} tags={{ 0: <Link to={links.send} /> }} />
        </p>
      )}
      {fn.kind === 'read' && (
        <div role="status" aria-label={t('contracts:function.result', { fn: fnName })} className={styles.result}>
          {result &&
            (result.values.length === 0 ? (
              <p>
                <T id="contracts:function.noValues" values={{ fn: fnName }} />
              </p>
            ) : (
              <>
                <p>
                  <T id="contracts:function.returned" values={{ fn: fnName }} />
                </p>
                <ValueList values={result.values} />
              </>
            ))}
        </div>
      )}
    </form>
  );
}
