import { type ReactNode, useEffect, useRef } from 'react';
import { OPEN_MENU_ATTRIBUTE } from './Dropdown';
import styles from './Screen.module.css';

let firstScreenMarked = false;

/**
 * The frame of every screen: its heading (focused on navigation so screen readers announce the
 * new page, which opens at its top) and content. The first one rendered marks `cairn:first-screen` for the benchmark.
 */
export function Screen({ title, children }: { title: ReactNode; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!firstScreenMarked) {
      firstScreenMarked = true;
      performance.mark('cairn:first-screen');
    } else {
      // A new screen opens at its top, as a new page does; focusing its heading must not scroll.
      window.scrollTo(0, 0);
      // Unless the person opened a menu while it loaded: taking focus would close it under them.
      if (document.activeElement?.closest(`[${OPEN_MENU_ATTRIBUTE}]`)) return;
      heading.current?.focus({ preventScroll: true });
    }
  }, []);
  return (
    <section className={styles.screen} aria-labelledby="screen-title">
      <h1 id="screen-title" ref={heading} tabIndex={-1} className={styles.title} elementtiming="first-screen">
        {title}
      </h1>
      {children}
    </section>
  );
}
