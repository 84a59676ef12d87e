// What a page shows that does not come from a catalog, read in the pseudo-locale (en-XA), where
// every catalog letter is accented, each message is wrapped in ⟦ ⟧ and each value put into plain
// text in ⟪ ⟫: any unaccented Latin letter outside a value, in a text node outside
// `translate="no"` content (data: amounts, addresses, names, code) or in an attribute a person
// meets (aria-label, title, placeholder, alt), was written in code.
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
    const words = (text: string) => /[A-Za-z]/.test(text.replace(/⟪[^⟪⟫]*⟫/g, ''));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (words(text) && !exempt(node.parentElement))
        found.push({ where: describe(node.parentElement), text: text.trim() });
    }
    for (const el of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt], [aria-roledescription]',
    )) {
      if (exempt(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
        const value = el.getAttribute(name);
        if (value && words(value)) found.push({ where: `${describe(el)} @${name}`, text: value });
      }
    }
    if (words(document.title)) found.push({ where: 'title', text: document.title });
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
    if (overflow > 0) {
      // Name the innermost elements that reach past the right edge: what to mend.
      const inScroller = (el: HTMLElement) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') return true;
        return false;
      };
      const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !inScroller(el),
      );
      const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
      const names = innermost
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      found.push({ where: 'page', text: `scrolls ${overflow} px sideways: ${names.join('; ')}` });
    }
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      // Hidden on purpose for eyes (read by screen readers): clipped to nothing.
      if (style.clip !== 'auto' && style.clip !== '') continue;
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

/**
 * Hex a page shows (addresses, hashes, data: 0x and at least four hex digits) outside a
 * left-to-right element (`dir="ltr"`, as <bdi dir="ltr"> and Cairn's code components set), where
 * a right-to-left language could reorder it. Options and form fields hold plain text only: skipped.
 */
export function unisolatedCode(page: Page): Promise<Untranslated[]> {
  return page.evaluate(() => {
    const found: { where: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!/0x[0-9a-fA-F]{4,}/.test(text) || !parent) continue;
      if (parent.closest('[dir="ltr"], option, select, textarea, script, style, template')) continue;
      // Hex inside someone else's free text (a message to sign, isolated in a <bdi> as a whole) is theirs to order.
      if (parent.closest('bdi') && !/^\s*0x[0-9a-fA-F…]+\s*$/.test(text)) continue;
      found.push({ where: `${parent.tagName.toLowerCase()}.${parent.className}`, text: text.trim().slice(0, 80) });
    }
    return found;
  });
}
