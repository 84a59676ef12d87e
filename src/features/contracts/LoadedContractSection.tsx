import { useQuery } from '@tanstack/react-query';
import { type RefObject, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { AddressText } from '@/components/AddressText';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { type ContractFunction, listFunctions } from '@/core/contracts/functions';
import { useAddressNames } from '@/lib/addressNames';
import { errorText } from '@/lib/errorMessages';
import { codeQuery } from '@/lib/queries/explorerQueries';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { useSelectedAccount } from '@/lib/vault';
import styles from './contracts.module.css';
import { contractsStore, type LoadedContract, setOpen } from './contractsStore';
import { FunctionForm } from './FunctionForm';

const NO_SAVED: SavedAbi[] = [];

/** The contract loaded: where its ABI came from, saving it, and its read and write functions. */
export function LoadedContractSection({
  contract,
  headingRef,
}: {
  contract: LoadedContract;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const network = useSelectedNetwork();
  const account = useSelectedAccount();
  const addressName = useAddressNames(network);
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_SAVED).find(
    (s) => s.address.toLowerCase() === contract.address.toLowerCase(),
  );
  const saveAbi = useSession((s) => s.saveAbi);
  const whenSaved = useSession((s) => s.whenSaved);
  const [status, setStatus] = useState('');
  const functions = useMemo(() => listFunctions(contract.abi), [contract.abi]);
  const isSaved = useMemo(
    () => saved !== undefined && JSON.stringify(saved.abi) === JSON.stringify(contract.abi),
    [saved, contract.abi],
  );
  const code = useQuery(codeQuery(network, contract.address));
  const noCode = code.isSuccess && (code.data === undefined || code.data === '0x');
  const name = addressName(contract.address);

  const save = async () => {
    saveAbi(network.id, { address: contract.address, abi: contract.abi });
    try {
      await whenSaved();
      setStatus(`Saved this contract and its ABI for ${network.name}.`);
    } catch (e) {
      setStatus(errorText(e));
    }
  };

  return (
    <section className={ui.section} aria-labelledby="functions-title">
      <h2 id="functions-title" ref={headingRef} tabIndex={-1}>
        Functions
      </h2>
      <p className={styles.address}>
        {name !== undefined && (
          <strong>
            <UntrustedText text={name} kind="name" />:{' '}
          </strong>
        )}
        <AddressText address={contract.address} /> <span className={ui.muted}>with the {contract.sourceLabel}</span>
      </p>
      {noCode && (
        <p role="alert" className={ui.noticeWarning}>
          There is no contract at this address on {network.name}: reads will return nothing, and a write would only send
          data to a plain address. Check the address and the network.
        </p>
      )}
      <div className={ui.actions}>
        {isSaved ? (
          <span>Saved for {network.name}.</span>
        ) : (
          <button type="button" className={ui.secondary} onClick={save}>
            {saved ? 'Save this contract (replaces the ABI saved for it)' : 'Save this contract'}
          </button>
        )}
        <span role="status" className={ui.muted}>
          {status}
        </span>
      </div>
      <FunctionGroup
        title={`Read (${functions.read.length})`}
        id="read-functions-title"
        empty="This ABI has no read functions."
        functions={functions.read}
        contract={contract}
        account={account}
      />
      <FunctionGroup
        title={`Write (${functions.write.length})`}
        id="write-functions-title"
        empty="This ABI has no write functions."
        functions={functions.write}
        contract={contract}
        account={account}
        note={
          account && account.source.kind === 'watch'
            ? `${account.name} is watch-only: Cairn cannot sign with it, so writes are not offered. Select an account with a key to call these functions.`
            : 'A write is a transaction: “Continue to review” opens Send with the call filled in, which shows the account, the decoded call, the fee and the total before you confirm.'
        }
      />
    </section>
  );
}

function FunctionGroup(props: {
  title: string;
  id: string;
  empty: string;
  functions: readonly ContractFunction[];
  contract: LoadedContract;
  account: Account | undefined;
  note?: string;
}) {
  return (
    <section className={ui.stack} aria-labelledby={props.id}>
      <h3 id={props.id}>{props.title}</h3>
      {props.note && props.functions.length > 0 && <p className={ui.muted}>{props.note}</p>}
      {props.functions.length === 0 ? (
        <p className={ui.muted}>{props.empty}</p>
      ) : (
        <ul className={ui.plainList}>
          {props.functions.map((fn) => (
            <FunctionItem key={fn.id} fn={fn} contract={props.contract} account={props.account} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A function, closed by default; its fields exist in the page only while it is open. */
function FunctionItem({
  fn,
  contract,
  account,
}: {
  fn: ContractFunction;
  contract: LoadedContract;
  account: Account | undefined;
}) {
  const key = `${fn.kind}:${fn.id}`;
  const open = useStore(contractsStore, (s) => s.open.includes(key));
  return (
    <li>
      <details className={styles.function} open={open} onToggle={(e) => setOpen(key, e.currentTarget.open)}>
        <summary>
          <code>{fn.signature.replace(/^function /, '')}</code>
        </summary>
        {open && <FunctionForm fn={fn} contract={contract} account={account} />}
      </details>
    </li>
  );
}
