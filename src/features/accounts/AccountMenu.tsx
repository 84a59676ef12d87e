import { Link } from 'react-router';
import { Fiat } from '@/components/Amount';
import { CopyButton } from '@/components/CopyButton';
import { Dropdown, DropdownChoice, DropdownChoices } from '@/components/Dropdown';
import { Identicon } from '@/components/Identicon';
import { PublicKeyBadge } from '@/components/PublicKeyBadge';
import { T } from '@/components/T';
import { Truncated } from '@/components/Truncated';
import { useT } from '@/lib/i18n';
import { shortAddress } from '@/lib/i18n/format';
import { usePortfolio } from '@/lib/portfolio/usePortfolio';
import { accountAt, useSelectedAccount, useVault, useVaultSession } from '@/lib/vault/vault';
import { accountLabel } from './accountLabel';
import styles from './accounts.module.css';

/**
 * The header's account chip (identicon, name, short address, value on this network) and its
 * menu: switch account (with each one's value), copy the address, manage, add a wallet, lock.
 */
export function AccountMenu({ managePath, addPath }: { managePath: string; addPath: string }) {
  const t = useT('accounts');
  const session = useVaultSession();
  const accounts = useVault((s) => s.accounts);
  const selected = useSelectedAccount();
  const { view } = usePortfolio({ everyBlock: false });
  const totalOf = (address: string) => accountAt(view?.accounts ?? [], address)?.total;
  const visible = accounts.filter((a) => !a.hidden || a.id === selected?.id);
  if (!selected) return null;
  return (
    <Dropdown
      align="end"
      className={styles.chip}
      face={
        <>
          <span className="visually-hidden">{t('accounts:menu.chipPrefix')} </span>
          <Identicon address={selected.address} />
          <span className={styles.chipText}>
            <Truncated text={selected.name} className={styles.chipName} />{' '}
            <bdi className={styles.chipDetail} dir="ltr" translate="no">
              {shortAddress(selected.address)}
            </bdi>
          </span>{' '}
          <span className={styles.chipTotal}>
            <Fiat value={totalOf(selected.address)} />
          </span>
        </>
      }
    >
      {(close) => (
        <>
          <DropdownChoices heading={t('accounts:menu.heading')}>
            {visible.map((account) => (
              <DropdownChoice
                key={account.id}
                current={account.id === selected.id}
                onChoose={() => {
                  session.selectAccount(account.id);
                  close();
                }}
              >
                <Identicon address={account.address} />
                <span>
                  <T message={accountLabel(account)} />
                </span>{' '}
                <span className={styles.choiceValue}>
                  <Fiat value={totalOf(account.address)} />
                </span>
              </DropdownChoice>
            ))}
          </DropdownChoices>
          <div className={styles.menuActions}>
            {selected.demo && <PublicKeyBadge />}
            <CopyButton value={selected.address} label={t('accounts:menu.copyAddress')} />
            <Link to={managePath} onClick={close}>
              {t('accounts:menu.manage')}
            </Link>
            <Link to={addPath} onClick={close}>
              {t('accounts:menu.addWallet')}
            </Link>
            <button type="button" onClick={() => session.lock('user')}>
              {t('accounts:menu.lock')}
            </button>
          </div>
        </>
      )}
    </Dropdown>
  );
}
