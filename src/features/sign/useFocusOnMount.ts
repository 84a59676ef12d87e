import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the focus when it appears: a result shown below a form (give it
 * tabIndex={-1}), so keyboard and screen reader users land on it instead of searching for it.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
