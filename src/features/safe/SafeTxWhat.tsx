import { type Address, decodeFunctionData, type Hex } from 'viem';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { DecodedCallText } from '@/components/DecodedCallText';
import { T } from '@/components/T';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { decodeCall } from '@/core/contracts/decode/calls';
import { codeValue, type Message } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import { isSafeContract } from '@/core/safe/knownCode';
import { multiSendCalls } from '@/core/safe/multiSend';
import type { SafeState } from '@/core/safe/readSafe';
import { multiSendAbi, safeSettingsAbi } from '@/core/safe/safeAbi';
import type { SafeTx } from '@/core/safe/safeTx';
import type { CallRequest } from '@/core/tx/transfer';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useSession } from '@/lib/stores/session';
import styles from './safe.module.css';

const NO_ABIS: SavedAbi[] = [];

/** What a Safe transaction's delegatecall is: a MultiSendCallOnly batch, a SignMessageLib message, or other code. */
function delegated(state: SafeState, tx: SafeTx): { batch: CallRequest[] | Message | string } | 'message' | 'other' {
  const version = state.known?.version;
  if (version && isSafeContract(version, 'SignMessageLib', tx.to)) return 'message';
  if (!version || !isSafeContract(version, 'MultiSendCallOnly', tx.to)) return 'other';
  try {
    const { args } = decodeFunctionData({ abi: multiSendAbi, data: tx.data });
    return { batch: multiSendCalls(args[0]) };
  } catch (error) {
    return { batch: errorMessage(error) };
  }
}

/**
 * What a Safe transaction does, read from its own bytes: a call (recipient, value, the call decoded
 * by Cairn's decoder), each call of a MultiSendCallOnly batch, a message signed as the Safe through
 * SignMessageLib, or, for any other delegatecall, the danger of it.
 */
export function SafeTxWhat({
  network,
  state,
  tx,
  message,
}: {
  network: Network;
  state: SafeState;
  tx: SafeTx;
  /** A message signed as the Safe, as it was reviewed when proposed here (an import carries only its hash). */
  message?: string | undefined;
}) {
  const t = useT('safe');
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_ABIS);
  if (tx.operation === 0) return <CallFacts network={network} call={tx} saved={saved} safe={state.address} />;
  const kind = delegated(state, tx);
  if (kind === 'message')
    return (
      <div className={ui.stack}>
        <p className={ui.flush}>{t('safe:what.message')}</p>
        {message !== undefined ? (
          <div className={styles.calls}>
            <UntrustedText text={message} kind="whole" />
          </div>
        ) : (
          <p className={`${ui.noticeWarning} ${ui.flush}`}>{t('safe:what.messageUnknown')}</p>
        )}
        <details>
          <summary>{t('safe:what.messageData')}</summary>
          <CodeText className={ui.muted}>{tx.data}</CodeText>
        </details>
      </div>
    );
  if (kind === 'other')
    return (
      <p className={`${ui.noticeDanger} ${ui.flush}`}>
        <T id="safe:what.delegatecall" values={{ to: codeValue(tx.to) }} />
      </p>
    );
  if (!Array.isArray(kind.batch))
    return (
      <p className={`${ui.noticeDanger} ${ui.flush}`}>
        <T id="safe:what.batchUnreadable" values={{ problem: kind.batch }} />
      </p>
    );
  const calls = kind.batch;
  return (
    <div className={ui.stack}>
      <p className={ui.flush}>{t('safe:what.batch', { count: calls.length })}</p>
      <ol className={styles.calls}>
        {calls.map((call, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the calls of one batch, in their fixed order
          <li key={i}>
            <CallFacts network={network} call={call} saved={saved} safe={state.address} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * One call: its recipient in full, its value, and its data decoded where Cairn can (else as
 * bytes). A call to the Safe itself changes the Safe (owners, threshold, modules, guard, fallback
 * handler): decoded as such, and said as a danger.
 */
function CallFacts({
  network,
  call,
  saved,
  safe,
}: {
  network: Network;
  call: { to: Address; value: bigint; data: Hex };
  saved: readonly SavedAbi[];
  safe: Address;
}) {
  const t = useT('safe');
  const native = network.nativeCurrency;
  const toSafe = sameAddress(call.to, safe);
  const abis = toSafe ? [{ address: safe, abi: safeSettingsAbi }, ...saved] : saved;
  const decoded = decodeCall(call.data, call.to, abis);
  return (
    <>
      {toSafe && <p className={`${ui.noticeDanger} ${ui.flush}`}>{t('safe:what.changesSafe')}</p>}
      <dl className={ui.facts}>
        <dt>{t('safe:what.to')}</dt>
        <dd>
          <AddressText address={call.to} />
        </dd>
        <dt>{t('safe:what.value')}</dt>
        <dd>
          <Amount value={call.value} decimals={native.decimals} symbol={native.symbol} />
        </dd>
        {decoded && (
          <>
            <dt>{t('safe:what.call')}</dt>
            <dd>
              <DecodedCallText call={decoded} />
            </dd>
          </>
        )}
        {call.data !== '0x' && (
          <>
            <dt>{t('safe:what.data')}</dt>
            <dd>
              <CodeText className={ui.muted}>{call.data}</CodeText>
            </dd>
          </>
        )}
      </dl>
    </>
  );
}
