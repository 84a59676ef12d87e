import type { ReactNode } from 'react';
import styles from './icons.module.css';

/** Cairn's interface icons: simple strokes on a 24-unit grid, drawn in the text colour. Decorative. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className={styles.icon} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const icons = {
  home: (
    <Icon>
      <path d="M3 11 12 4l9 7" />
      <path d="M5 10v10h14V10" />
      <path d="M10 20v-6h4v6" />
    </Icon>
  ),
  send: (
    <Icon>
      <path d="M12 20V5" />
      <path d="m6 11 6-6 6 6" />
    </Icon>
  ),
  swap: (
    <Icon>
      <path d="M4 8h14" />
      <path d="m14 4 4 4-4 4" />
      <path d="M20 16H6" />
      <path d="m10 12-4 4 4 4" />
    </Icon>
  ),
  receive: (
    <Icon>
      <path d="M12 4v15" />
      <path d="m6 13 6 6 6-6" />
    </Icon>
  ),
  activity: (
    <Icon>
      <path d="M3 12h4l3-7 4 14 3-7h4" />
    </Icon>
  ),
  nfts: (
    <Icon>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="m4 16 5-5 4 4 3-3 4 4" />
      <circle cx="15.5" cy="8.5" r="1.5" />
    </Icon>
  ),
  approvals: (
    <Icon>
      <path d="M12 3 5 6v5c0 4.5 3 8 7 10 4-2 7-5.5 7-10V6z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  ),
  contracts: (
    <Icon>
      <path d="m8 7-5 5 5 5" />
      <path d="m16 7 5 5-5 5" />
    </Icon>
  ),
  sign: (
    <Icon>
      <path d="M4 20h16" />
      <path d="M6 16 16 6l3 3-10 10H6z" />
    </Icon>
  ),
  settings: (
    <Icon>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
    </Icon>
  ),
  more: (
    <Icon>
      <circle cx="5" cy="12" r="1.5" />
      <circle cx="12" cy="12" r="1.5" />
      <circle cx="19" cy="12" r="1.5" />
    </Icon>
  ),
  back: (
    <Icon>
      <path d="m15 5-7 7 7 7" />
    </Icon>
  ),
  search: (
    <Icon>
      <circle cx="11" cy="11" r="6" />
      <path d="m20 20-4.5-4.5" />
    </Icon>
  ),
  cairn: (
    <Icon>
      <ellipse cx="12" cy="19" rx="8" ry="2.5" />
      <ellipse cx="12" cy="13.5" rx="5.5" ry="2.2" />
      <ellipse cx="12" cy="8.5" rx="3.5" ry="1.9" />
      <ellipse cx="12" cy="4.5" rx="2" ry="1.3" />
    </Icon>
  ),
} as const;

export type IconName = keyof typeof icons;
