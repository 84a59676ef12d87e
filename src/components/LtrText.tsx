import type { ReactNode } from 'react';

/**
 * A value that reads left to right whatever the language (an origin, a hash, a version, a date in
 * ISO form), isolated from the words around it so its direction cannot reorder them, and never
 * translated. In the surrounding font: `CodeText` is for code shown as code.
 */
export function LtrText({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" translate="no">
      {children}
    </bdi>
  );
}
