import { useEffect, useRef } from 'react';

/** A step's heading, focused when the step appears so keyboard and screen-reader users follow. */
export function StepHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2 ref={ref} tabIndex={-1}>
      {children}
    </h2>
  );
}
