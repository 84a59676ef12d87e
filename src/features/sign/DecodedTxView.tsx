import type { ReactNode } from 'react';
import { CodeText } from '@/components/CodeText';
import { DecodedCallText } from '@/components/DecodedCallText';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { decodeCall } from '@/core/contracts/decode/calls';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import type { DecodedTx, RawTxType } from '@/core/offline/decodedTx';
import { intlLocale, useLocale, useT } from '@/lib/i18n';
import { formatCount, toDecimalString } from '@/lib/i18n/format';
import { useSession } from '@/lib/stores/session';
import { useVaultAccount } from '@/lib/vault/vault';
import styles from './sign.module.css';

const NO_SAVED: SavedAbi[] = [];

const TYPES = {
  legacy: 'sign:decoded.type.legacy',
  eip2930: 'sign:decoded.type.eip2930',
  eip1559: 'sign:decoded.type.eip1559',
  eip7702: 'sign:decoded.type.eip7702',
} as const satisfies Record<RawTxType, string>;

/** An amount exactly, in the unit people read and in base units beneath. */
function Exact({ value, decimals, unit, base }: { value: bigint; decimals: number; unit: string; base: ReactNode }) {
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

/** Every field of a decoded signed transaction, with its recovered sender, as a definition list. */
export function DecodedTxView({ decoded, network }: { decoded: DecodedTx; network: Network }) {
  const t = useT('sign');
  const locale = intlLocale(useLocale());
  const saved = useSession((s) => s.savedAbis[network.id] ?? NO_SAVED);
  const call = decodeCall(decoded.data, decoded.to ?? undefined, saved);
  const coin = network.nativeCurrency;
  const sender = useVaultAccount(decoded.from)?.name;
  const recipient = useVaultAccount(decoded.to)?.name;
  const price = decoded.maxFeePerGas ?? decoded.gasPrice ?? 0n;
  const maxFee = decoded.gas * price;
  return (
    <dl className={styles.fields} aria-label={t('sign:decoded.label')}>
      <Row term={t('sign:decoded.type')}>{t(TYPES[decoded.type])}</Row>
      <Row term={t('sign:offline.fields.chainId')}>
        {decoded.chainId === undefined ? t('sign:decoded.noChainId') : decoded.chainId.toString()}
      </Row>
      <Row term={t('sign:offline.fields.nonce')}>{decoded.nonce.toString()}</Row>
      <Row term={t('sign:decoded.from')}>
        <CodeText className={styles.code}>{decoded.from}</CodeText>
        {sender && <OwnAccount name={sender} />}
      </Row>
      <Row term={t('sign:decoded.to')}>
        {decoded.to === null ? (
          t('sign:decoded.creates')
        ) : (
          <>
            <CodeText className={styles.code}>{decoded.to}</CodeText>
            {recipient && <OwnAccount name={recipient} />}
          </>
        )}
      </Row>
      <Row term={t('sign:decoded.value')}>
        <Exact value={decoded.value} decimals={coin.decimals} unit={coin.symbol} base="wei" />
      </Row>
      <Row term={t('sign:offline.fields.gasLimit')}>
        {formatCount(decoded.gas, locale)}
        <span className={styles.exact}>{t('sign:decoded.intrinsicGas', { gas: decoded.intrinsicGas })}</span>
      </Row>
      {decoded.maxFeePerGas !== undefined ? (
        <>
          <Row term={t('sign:decoded.maxFee')}>
            <Gwei value={decoded.maxFeePerGas} />
          </Row>
          <Row term={t('sign:decoded.priorityFee')}>
            <Gwei value={decoded.maxPriorityFeePerGas ?? 0n} />
          </Row>
        </>
      ) : (
        <Row term={t('sign:decoded.gasPrice')}>
          <Gwei value={decoded.gasPrice ?? 0n} />
        </Row>
      )}
      <Row term={t('sign:decoded.maxCost')}>
        <Exact value={maxFee} decimals={coin.decimals} unit={coin.symbol} base={t('sign:decoded.maxCostBase')} />
      </Row>
      <Row term={t('sign:decoded.data')}>
        {bytesOf(decoded.data) === 0 ? (
          t('sign:decoded.noData')
        ) : (
          <>
            {t('sign:decoded.bytes', { count: bytesOf(decoded.data) })}
            <CodeText className={`${styles.code} ${styles.exact}`}>{decoded.data}</CodeText>
          </>
        )}
      </Row>
      {call && (
        <Row term={t('sign:decoded.call')}>
          <DecodedCallText call={call} className={styles.code} />
          <span className={styles.exact}>
            <T
              id={call.source === 'contract' ? 'sign:decoded.withSavedAbi' : 'sign:decoded.withStandardAbi'}
              values={{ id: codeValue(call.id) }}
              tags={{ 0: <span className={styles.code} /> }}
            />
          </span>
          {call.irregular && (
            <p className={ui.noticeWarning}>
              <T message={call.irregular} />
            </p>
          )}
        </Row>
      )}
      <Row term={t('sign:decoded.accessList')}>
        {decoded.accessList === undefined ? (
          t('sign:decoded.noAccessList')
        ) : decoded.accessList.length === 0 ? (
          t('sign:decoded.empty')
        ) : (
          <ul className={styles.list}>
            {decoded.accessList.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries keep their order and may repeat
              <li key={index}>
                <T
                  id="sign:decoded.accessEntry"
                  values={{ address: codeValue(entry.address), count: entry.storageKeys.length }}
                  tags={{ 0: <span className={styles.code} /> }}
                />
                {entry.storageKeys.map((key) => (
                  <CodeText key={key} className={`${styles.code} ${styles.exact}`}>
                    {key}
                  </CodeText>
                ))}
              </li>
            ))}
          </ul>
        )}
      </Row>
      {decoded.authorizationList && (
        <Row term={t('sign:decoded.authorizationList')}>
          {decoded.authorizationList.length === 0 ? (
            t('sign:decoded.empty')
          ) : (
            <ul className={styles.list}>
              {decoded.authorizationList.map((auth, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: authorizations keep their order and may repeat
                <li key={index}>
                  {auth.authority ? (
                    <T
                      id="sign:decoded.authorization"
                      values={{ authority: codeValue(auth.authority), address: codeValue(auth.address) }}
                      tags={{ 0: <span className={styles.code} />, 1: <span className={styles.code} /> }}
                    />
                  ) : (
                    <T
                      id="sign:decoded.invalidAuthorization"
                      values={{ address: codeValue(auth.address) }}
                      tags={{ 0: <span className={styles.code} /> }}
                    />
                  )}
                  <span className={styles.exact}>
                    {auth.chainId === 0n
                      ? t('sign:decoded.anyChain', { nonce: auth.nonce.toString() })
                      : t('sign:decoded.chainAndNonce', {
                          chainId: auth.chainId.toString(),
                          nonce: auth.nonce.toString(),
                        })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Row>
      )}
      <Row term={t('sign:decoded.signature')}>
        {decoded.v !== undefined ? `v ${decoded.v}` : t('sign:decoded.yParity', { value: String(decoded.yParity) })}
        <CodeText className={`${styles.code} ${styles.exact}`}>r {decoded.r}</CodeText>
        <CodeText className={`${styles.code} ${styles.exact}`}>s {decoded.s}</CodeText>
      </Row>
      <Row term={t('sign:offline.signed.hash')}>
        <CodeText className={styles.code}>{decoded.hash}</CodeText>
      </Row>
    </dl>
  );
}

/** Beside an address: the name of the account of this wallet it is. */
function OwnAccount({ name }: { name: string }) {
  return (
    <span className={styles.exact}>
      <T id="sign:decoded.ownAccount" values={{ name: untrustedValue(name, 'name') }} />
    </span>
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
