// Page object for token and network icons: the bundled image or the monogram shown in a place.
import type { Locator } from 'playwright-core';

/** What an icon shows, as the page has it. */
export type ShownIcon = {
  /** The bundled icon's name (`token-DAI`, `local-chain`), or `monogram`. */
  icon: string | null;
  /** An image's alternative text ('' = decorative). */
  alt: string | null;
  ariaHidden: string | null;
  /** An image that loaded and decoded. */
  loaded: boolean;
  /** The letter CSS draws on a monogram, as computed (`"O"`). */
  drawnLetter: string;
  width: number;
  height: number;
};

/** The first token or network icon inside `place` (a row header, a button, a menu choice). */
export function assetIcon(place: Locator): Locator {
  return place.locator('[data-icon]').first();
}

export async function shownIcon(icon: Locator): Promise<ShownIcon> {
  return icon.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      icon: element.getAttribute('data-icon'),
      alt: element.getAttribute('alt'),
      ariaHidden: element.getAttribute('aria-hidden'),
      loaded: element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
      drawnLetter: getComputedStyle(element, '::before').content,
      width: box.width,
      height: box.height,
    };
  });
}
