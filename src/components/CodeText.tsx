import type { ReactNode } from 'react';

/**
 * Code shown as it is (an address, a hash, hex data, a decoded call): in the code font, left to
 * right and isolated from the words around it (`dir`), never translated.
 */
export function CodeText({ children, className }: { children: ReactNode; className?: string | undefined }) {
  return (
    <code dir="ltr" translate="no" className={className}>
      {children}
    </code>
  );
}
