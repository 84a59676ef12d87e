import { type FormEvent, useState } from 'react';
import type { Abi } from 'viem';
import { useStore } from 'zustand';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import { type DecodedCalldata, decodeCalldata } from '@/core/contracts/calldata';
import type { AbiSource } from '@/core/contracts/decode/abiIndex';
import { STANDARD_NAMES } from '@/core/contracts/decode/standardAbis';
import { errorText } from '@/lib/errorMessages';
import styles from './contracts.module.css';
import { contractsStore, updateContracts } from './contractsStore';
import { ValueList } from './ValueList';

const DECODED_WITH: Record<AbiSource, string> = { contract: 'the loaded ABI', standard: 'a standard ABI' };

/**
 * Paste calldata, see the function and each argument exactly: decoded with the loaded contract's
 * ABI when there is one, else with the standard ABIs Cairn knows.
 */
export function CalldataDecoder({ abi }: { abi: Abi | undefined }) {
  const text = useStore(contractsStore, (s) => s.calldata);
  const [error, setError] = useState<string>();
  const [decoded, setDecoded] = useState<DecodedCalldata>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      setDecoded(decodeCalldata(text, abi));
      setError(undefined);
    } catch (e) {
      setDecoded(undefined);
      setError(errorText(e));
    }
  };

  return (
    <section className={ui.section} aria-labelledby="calldata-title">
      <h2 id="calldata-title">Decode calldata</h2>
      <form className={ui.stack} onSubmit={submit} noValidate aria-labelledby="calldata-title">
        <Field
          label="Calldata"
          hint={`0x, a 4-byte function selector, then the arguments. Read with ${abi ? 'the loaded contract’s ABI, then ' : ''}the standard ABIs (${STANDARD_NAMES}).`}
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
          <button type="submit">Decode</button>
        </div>
      </form>
      <div role="status" aria-label="Decoded calldata" className={styles.result}>
        {decoded?.status === 'unknown' && <p>{decoded.message}</p>}
        {decoded?.status === 'decoded' && (
          <>
            <p>
              <code className={styles.signature}>{decoded.signature.replace(/^function /, '')}</code>{' '}
              <span className={ui.muted}>
                (selector {decoded.selector}, from {DECODED_WITH[decoded.source]})
              </span>
            </p>
            {decoded.irregular && <p className={ui.noticeWarning}>{decoded.irregular}</p>}
            {decoded.args.length === 0 ? <p>No arguments.</p> : <ValueList values={decoded.args} />}
          </>
        )}
      </div>
    </section>
  );
}
