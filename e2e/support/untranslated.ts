// What a page shows that does not come from a catalog, read in the pseudo-locale (en-XA), where
// every catalog letter is accented and each message is wrapped in ⟦ ⟧: any unaccented Latin
// letter in a text node outside `translate="no"` content, and any attribute a person meets
// (aria-label, title, placeholder, alt) with such letters but no ⟦ ⟧, was written in code.
import type { Page } from 'playwright-core';

export type Untranslated = { where: string; text: string };

export function untranslatedText(page: Page): Promise<Untranslated[]> {
  return page.evaluate(() => {
    const found: { where: string; text: string }[] = [];
    const describe = (el: Element | null): string => {
      const parts: string[] = [];
      for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const label = e.getAttribute('aria-label') ?? e.id;
        parts.unshift(`${e.tagName.toLowerCase()}${label ? `[${label.slice(0, 30)}]` : ''}`);
      }
      return parts.join(' > ');
    };
    const exempt = (el: Element | null) => el?.closest('[translate="no"], script, style, noscript, template') != null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (/[A-Za-z]/.test(text) && !exempt(node.parentElement))
        found.push({ where: describe(node.parentElement), text: text.trim() });
    }
    for (const el of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-roledescription]',
    )) {
      if (exempt(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
        const value = el.getAttribute(name);
        if (value && /[A-Za-z]/.test(value) && !/[⟦⟧]/.test(value))
          found.push({ where: `${describe(el)} @${name}`, text: value });
      }
    }
    if (/[A-Za-z]/.test(document.title) && !/[⟦⟧]/.test(document.title))
      found.push({ where: 'title', text: document.title });
    return found;
  });
}

/**
 * What sticks out at this width: the page scrolling sideways, or an element whose words are cut
 * off (content wider than a box that hides or clips it, unless it ends in an ellipsis on purpose).
 */
export function overflowingText(page: Page): Promise<Untranslated[]> {
  return page.evaluate(() => {
    const found: { where: string; text: string }[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) found.push({ where: 'page', text: `scrolls ${overflow} px sideways` });
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === 'auto' || style.overflowX === 'scroll' || style.overflowX === 'visible') continue;
      if (style.textOverflow === 'ellipsis' || el.closest('[translate="no"]')) continue;
      found.push({
        where: `${el.tagName.toLowerCase()}.${el.className}`,
        text: (el.textContent ?? '').trim().slice(0, 80),
      });
    }
    return found;
  });
}
