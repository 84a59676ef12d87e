import styles from './AssetIcon.module.css';

export type AssetIconSize = 'sm' | 'lg';

/** Each size in CSS pixels at the default text size, for the width and height attributes. */
const PIXELS: Record<AssetIconSize, number> = { sm: 20, lg: 32 };

/**
 * A bundled token or network icon, from Cairn's own origin, shown only as an image (an SVG in an
 * <img> runs nothing). Decorative: the symbol or name is always written beside it.
 */
export function IconImage({ src, name, size }: { src: string; name: string; size: AssetIconSize }) {
  return (
    <img
      className={`${styles.icon} ${styles[size]}`}
      src={src}
      alt=""
      width={PIXELS[size]}
      height={PIXELS[size]}
      decoding="async"
      data-icon={name}
    />
  );
}

/**
 * The stand-in for a missing icon: a letter on a coloured disc (tone 1–6). CSS draws the letter,
 * so it is not part of the text or the accessible name of what holds it; '' leaves the disc bare.
 */
export function Monogram({ letter, tone, size }: { letter: string; tone: number; size: AssetIconSize }) {
  return (
    <span
      className={`${styles.icon} ${styles[size]} ${styles.monogram}`}
      data-icon="monogram"
      data-letter={letter}
      data-tone={tone}
      aria-hidden="true"
    />
  );
}
