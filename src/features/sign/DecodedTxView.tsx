import type { ReactNode } from 'react';
import { isAddressEqual } from 'viem';
import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { decodeCall } from '@/core/contracts/decode/calls';
import { decodedLine } from '@/core/contracts/decode/decodedItem';
import type { DecodedTx, RawTxType } from '@/core/offline/decodedTx';
import { formatCount, toDecimalString } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useVault } from '@/lib/vault';
import styles from './sign.module.css';

const NO_SAVED: SavedAbi[] = [];

const TYPES: Record<RawTxType, string> = {
  legacy: 'Legacy (type 0)',
  eip2930: 'Access list (type 1, EIP-2930)',
  eip1559: 'Dynamic fee (type 2, EIP-1559)',
  eip7702: 'Set code (type 4, EIP-7702)',
};

/** An amount exactly, in the unit people read and in base units beneath. */
function Exact({ value, decimals, unit, base }: { value: bigint; decimals: number; unit: string; base: string }) {
  return (
    <>
      {toDecimalString(value, decimals)} {unit}
      <span className={styles.exact}>
        {value.toString()} {base}
      </span>
    </>
  );
}

const Gwei = ({ value }: { value: bigint }) => <Exact value={value} decimals={9} unit="gwei" base="wei" />;

function bytesOf(hex: string): number {
  return (hex.length - 2) / 2;
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

/** Every field of a decoded signed transaction, with its recovered sender, as a definition list. */
export function DecodedTxView({ decoded, network }: { decoded: DecodedTx; network: Network }) {
  const accounts = useVault((s) => s.accounts);
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_SAVED);
  const call = decodeCall(decoded.data, decoded.to ?? undefined, saved);
  const coin = network.nativeCurrency;
  const nameOf = (address: string) => accounts.find((a) => isAddressEqual(a.address, address as `0x${string}`))?.name;
  const sender = nameOf(decoded.from);
  const recipient = decoded.to ? nameOf(decoded.to) : undefined;
  const price = decoded.maxFeePerGas ?? decoded.gasPrice ?? 0n;
  const maxFee = decoded.gas * price;
  return (
    <dl className={styles.fields} aria-label="Decoded transaction">
      <Row term="Type">{TYPES[decoded.type]}</Row>
      <Row term="Chain id">
        {decoded.chainId === undefined
          ? 'None: signed without replay protection (EIP-155), valid on every network'
          : decoded.chainId.toString()}
      </Row>
      <Row term="Nonce">{decoded.nonce.toString()}</Row>
      <Row term="From (recovered sender)">
        <span className={styles.code}>{decoded.from}</span>
        {sender && <span className={styles.exact}>{sender}, an account of this wallet</span>}
      </Row>
      <Row term="To">
        {decoded.to === null ? (
          'None: this transaction creates a contract, whose code is the data'
        ) : (
          <>
            <span className={styles.code}>{decoded.to}</span>
            {recipient && <span className={styles.exact}>{recipient}, an account of this wallet</span>}
          </>
        )}
      </Row>
      <Row term="Value">
        <Exact value={decoded.value} decimals={coin.decimals} unit={coin.symbol} base="wei" />
      </Row>
      <Row term="Gas limit">
        {formatCount(decoded.gas, 'en-US')}
        <span className={styles.exact}>
          at least {formatCount(decoded.intrinsicGas, 'en-US')} is used before any code runs
        </span>
      </Row>
      {decoded.maxFeePerGas !== undefined ? (
        <>
          <Row term="Max fee per gas">
            <Gwei value={decoded.maxFeePerGas} />
          </Row>
          <Row term="Priority fee per gas">
            <Gwei value={decoded.maxPriorityFeePerGas ?? 0n} />
          </Row>
        </>
      ) : (
        <Row term="Gas price">
          <Gwei value={decoded.gasPrice ?? 0n} />
        </Row>
      )}
      <Row term="Most it can cost in fees">
        <Exact value={maxFee} decimals={coin.decimals} unit={coin.symbol} base="wei (gas limit × fee per gas)" />
      </Row>
      <Row term="Data">
        {bytesOf(decoded.data) === 0 ? (
          'None (0 bytes)'
        ) : (
          <>
            {plural(bytesOf(decoded.data), 'byte')}
            <span className={`${styles.code} ${styles.exact}`}>{decoded.data}</span>
          </>
        )}
      </Row>
      {call && (
        <Row term="Call">
          <span className={styles.code}>
            <UntrustedText text={decodedLine(call)} kind="whole" />
          </span>
          <span className={styles.exact}>
            decoded with {call.source === 'contract' ? 'the ABI you saved for this contract' : 'a standard ABI'}:{' '}
            <span className={styles.code}>{call.id}</span>
          </span>
          {call.irregular && <p className={ui.noticeWarning}>{call.irregular}</p>}
        </Row>
      )}
      <Row term="Access list">
        {decoded.accessList === undefined ? (
          'None (legacy transactions have none)'
        ) : decoded.accessList.length === 0 ? (
          'Empty'
        ) : (
          <ul className={styles.list}>
            {decoded.accessList.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries keep their order and may repeat
              <li key={index}>
                <span className={styles.code}>{entry.address}</span>:{' '}
                {entry.storageKeys.length === 0 ? 'no storage keys' : plural(entry.storageKeys.length, 'storage key')}
                {entry.storageKeys.map((key) => (
                  <span key={key} className={`${styles.code} ${styles.exact}`}>
                    {key}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        )}
      </Row>
      {decoded.authorizationList && (
        <Row term="Authorization list">
          {decoded.authorizationList.length === 0 ? (
            'Empty'
          ) : (
            <ul className={styles.list}>
              {decoded.authorizationList.map((auth, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: authorizations keep their order and may repeat
                <li key={index}>
                  {auth.authority ? (
                    <>
                      Account <span className={styles.code}>{auth.authority}</span> runs the code at{' '}
                    </>
                  ) : (
                    'Invalid signature (nodes skip it), for the code at '
                  )}
                  <span className={styles.code}>{auth.address}</span>
                  <span className={styles.exact}>
                    chain id {auth.chainId === 0n ? '0 (every chain)' : auth.chainId.toString()}, nonce{' '}
                    {auth.nonce.toString()}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Row>
      )}
      <Row term="Signature">
        {decoded.v !== undefined ? `v ${decoded.v}` : `y parity ${decoded.yParity}`}
        <span className={`${styles.code} ${styles.exact}`}>r {decoded.r}</span>
        <span className={`${styles.code} ${styles.exact}`}>s {decoded.s}</span>
      </Row>
      <Row term="Transaction hash">
        <span className={styles.code}>{decoded.hash}</span>
      </Row>
    </dl>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
