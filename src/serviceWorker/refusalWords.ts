// The words of a refused build's `reason` (src/core/build/updateProtocol.ts). The service worker
// keeps them in its memory and sends them to every Cairn page, also to pages of builds from before Cairn spoke
// other languages, which show them as they are. A worker has no language of its own (it serves
// every page, and each may show another) and no catalogs, so these are English: the English
// catalog's words for the four refusals (src/locales/en/core.keys.json), kept equal to it by
// refusalWords.test.ts. Pages of this build show the refusal's Message (`why`) in their language.
import type { ReleaseProblem } from '../core/build/releaseCheck';
import type { MessageValues } from '../core/i18n/message';

/** A code value's text (a path), as the catalog shows it. */
function codeText(value: MessageValues[string] | undefined): string {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'code'
    ? value.text
    : String(value ?? '');
}

/** The refusal in English words. */
export function refusalWords(why: ReleaseProblem): string {
  const path = codeText(why.values?.path);
  switch (why.id) {
    case 'core.keys:release.listing':
      return 'its build-manifest.json does not add up to its build hash.';
    case 'core.keys:release.download':
      return `${path} could not be downloaded.`;
    case 'core.keys:release.mismatch':
      return `${path} does not match its SHA-256 in build-manifest.json.`;
    case 'core.keys:release.unsigned':
      return `it is not signed by the publisher key this copy of Cairn trusts (${codeText(why.values?.key)}).`;
  }
}
