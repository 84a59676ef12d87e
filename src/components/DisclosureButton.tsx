import type { ReactNode, Ref } from 'react';

/**
 * A button that shows or hides a region (the disclosure pattern): it says whether the region is
 * shown (`aria-expanded`) and, given the region's id, which region it controls. One home for
 * that pattern, so no toggle forgets to tell a screen reader what it did.
 */
export function DisclosureButton({
  open,
  onToggle,
  controls,
  className,
  label,
  ref,
  children,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The id of the region shown or hidden, when it is in the document while hidden. */
  controls?: string;
  className?: string;
  /** The button's name, when its content is an icon alone. */
  label?: string;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      aria-label={label}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onToggle(!open)}
    >
      {children}
    </button>
  );
}
