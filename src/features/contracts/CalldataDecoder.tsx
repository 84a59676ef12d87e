import { type FormEvent, useState } from 'react';
import type { Abi } from 'viem';
import { useStore } from 'zustand';
import { Field } from '@/components/Field';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type DecodedCalldata, decodeCalldata } from '@/core/contracts/calldata';
import type { AbiSource } from '@/core/contracts/decode/abiIndex';
import { STANDARD_NAMES } from '@/core/contracts/decode/standardAbis';
import { codeValue, type Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import styles from './contracts.module.css';
import { contractsStore, updateContracts } from './contractsStore';
import { ValueList } from './ValueList';

const DECODED_WITH = {
  contract: 'contracts:calldata.withLoadedAbi',
  standard: 'contracts:calldata.withStandardAbi',
} as const satisfies Record<AbiSource, string>;

/**
 * Paste calldata, see the function and each argument exactly: decoded with the loaded contract's
 * ABI when there is one, else with the standard ABIs Cairn knows.
 */
export function CalldataDecoder({ abi }: { abi: Abi | undefined }) {
  const t = useT('contracts');
  const text = useStore(contractsStore, (s) => s.calldata);
  const [error, setError] = useState<Message | string>();
  const [decoded, setDecoded] = useState<DecodedCalldata>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      setDecoded(decodeCalldata(text, abi));
      setError(undefined);
    } catch (e) {
      setDecoded(undefined);
      setError(errorMessage(e));
    }
  };

  return (
    <section className={ui.section} aria-labelledby="calldata-title">
      <h2 id="calldata-title">{t('contracts:calldata.title')}</h2>
      <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby="calldata-title">
        <Field
          label={t('contracts:calldata.label')}
          hint={t(abi ? 'contracts:calldata.hintWithAbi' : 'contracts:calldata.hint', { standards: STANDARD_NAMES })}
          error={error}
        >
          <textarea
            rows={4}
            value={text}
            spellCheck={false}
            autoCapitalize="off"
            onChange={(e) => updateContracts({ calldata: e.target.value })}
          />
        </Field>
        <div className={ui.actions}>
          <button type="submit">{t('contracts:calldata.decode')}</button>
        </div>
      </form>
      <div role="status" aria-label={t('contracts:calldata.result')} className={styles.result}>
        {decoded?.status === 'unknown' && (
          <p>
            <T message={decoded.message} />
          </p>
        )}
        {decoded?.status === 'decoded' && (
          <>
            <p>
              <code className={styles.signature} dir="ltr" translate="no">
                {decoded.signature.replace(/^function /, '')}
              </code>{' '}
              <span className={ui.muted}>
                <T id={DECODED_WITH[decoded.source]} values={{ selector: codeValue(decoded.selector) }} />
              </span>
            </p>
            {decoded.irregular && (
              <p className={ui.noticeWarning}>
                <T message={decoded.irregular} />
              </p>
            )}
            {decoded.args.length === 0 ? <p>{t('contracts:noArguments')}</p> : <ValueList values={decoded.args} />}
          </>
        )}
      </div>
    </section>
  );
}
