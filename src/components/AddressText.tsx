import styles from './AddressText.module.css';

/**
 * An address in full, in groups of four hex digits so it can be read aloud and compared.
 * Screen readers and copy get the plain address. Left to right and isolated, never translated.
 */
export function AddressText({ address }: { address: string }) {
  const hex = address.slice(2);
  const groups = hex.match(/.{1,4}/g) ?? [];
  return (
    <span className={styles.address} title={address} dir="ltr" translate="no">
      <span className="visually-hidden">{address}</span>
      <span aria-hidden="true">
        0x
        {groups.map((group, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions of a fixed-length string
          <span key={i} className={styles.group}>
            {group}
          </span>
        ))}
      </span>
    </span>
  );
}

export { shortAddress } from '@/lib/i18n/format';
