import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { DisclosureButton } from './DisclosureButton';
import styles from './Dropdown.module.css';

type DropdownProps = {
  /** What the button shows; its text is the button's name, so start it with what it opens (hidden if need be). */
  face: ReactNode;
  /** The panel's contents; `close` shuts it (after a choice). */
  children: (close: () => void) => ReactNode;
  /** Which edge of the button the panel lines up with. */
  align?: 'start' | 'end';
  className?: string;
};

/** A list of choices in a dropdown's panel, under a heading when there are several lists. */
export function DropdownChoices({ heading, children }: { heading?: string; children: ReactNode }) {
  return (
    <section aria-label={heading} className={styles.choices}>
      {heading && <h2 className={styles.heading}>{heading}</h2>}
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}

/** One choice: a button marked `aria-current` when it is the one in use. */
export function DropdownChoice({
  current,
  onChoose,
  children,
}: {
  current: boolean;
  onChoose(): void;
  children: ReactNode;
}) {
  return (
    <li>
      <button type="button" className={styles.choice} aria-current={current ? 'true' : undefined} onClick={onChoose}>
        {children}
      </button>
    </li>
  );
}

/**
 * A button that opens a panel under it (the disclosure pattern: focus stays on the button and Tab
 * goes on into the panel). Escape, a click elsewhere or focus leaving close it; Escape gives focus
 * back to the button.
 */
/** Set on a dropdown while it is open, so a screen that finishes loading leaves focus with it. */
export const OPEN_MENU_ATTRIBUTE = 'data-menu-open';

export function Dropdown({ face, children, align = 'start', className }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className={[styles.dropdown, className].filter(Boolean).join(' ')}
      {...{ [OPEN_MENU_ATTRIBUTE]: open || undefined }}
    >
      <DisclosureButton ref={button} open={open} onToggle={setOpen} controls={panelId} className={styles.face}>
        {face}
      </DisclosureButton>
      <div id={panelId} className={styles.panel} data-align={align} hidden={!open}>
        {open && children(() => setOpen(false))}
      </div>
    </div>
  );
}
