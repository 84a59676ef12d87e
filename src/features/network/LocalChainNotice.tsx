import { useId, useState } from 'react';
import { DisclosureButton } from '@/components/DisclosureButton';
import { T } from '@/components/T';
import { DEMO_MNEMONIC } from '@/core/chain/localChain';
import { codeValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork } from '@/lib/stores/session';
import styles from './network.module.css';

/** This window remembers a collapsed bar until it closes (nothing in it is secret). */
const COLLAPSED_KEY = 'cairn.localChainBar.collapsed';

function rememberedCollapsed(): boolean {
  try {
    return sessionStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * A slim bar on every screen while the local chain is selected: its demo keys are public. The
 * details (the phrase itself) open on demand, and the bar can be collapsed to one short line. It
 * is mounted once for the window (not per screen), so a screen reader meets it once, not at every
 * unlock or screen change.
 */
export function LocalChainNotice() {
  const t = useT('network');
  const network = useSelectedNetwork();
  const [open, setOpen] = useState(false);
  const [collapsed, setCollapsedState] = useState(rememberedCollapsed);
  const detailsId = useId();
  if (network.kind !== 'local') return null;
  const setCollapsed = (value: boolean) => {
    setCollapsedState(value);
    try {
      sessionStorage.setItem(COLLAPSED_KEY, String(value));
    } catch {
      // Without session storage the choice lasts until the page reloads.
    }
  };
  return (
    <aside
      className={styles.chainBar}
      aria-label={t('network:localChain.label')}
      data-collapsed={collapsed || undefined}
    >
      <p className={styles.chainBarLine}>
        {collapsed ? (
          <T id="network:localChain.short" tags={{ 0: <strong /> }} />
        ) : (
          <T id="network:localChain.warning" tags={{ 0: <strong /> }} />
        )}
      </p>
      <span className={styles.chainBarActions}>
        {!collapsed && (
          <DisclosureButton open={open} onToggle={setOpen} controls={detailsId} className={styles.chainBarToggle}>
            {open ? t('network:localChain.hideDetails') : t('network:localChain.details')}
          </DisclosureButton>
        )}
        <DisclosureButton
          open={!collapsed}
          onToggle={(expanded) => {
            setCollapsed(!expanded);
            setOpen(false);
          }}
          className={styles.chainBarToggle}
        >
          {collapsed ? t('network:localChain.expand') : t('network:localChain.collapse')}
        </DisclosureButton>
      </span>
      <p id={detailsId} className={styles.chainBarDetails} hidden={!open || collapsed}>
        <T
          id="network:localChain.phrase"
          values={{ phrase: codeValue(DEMO_MNEMONIC) }}
          tags={{ 0: <code className={styles.phrase} /> }}
        />
      </p>
    </aside>
  );
}
