// The extension's words live in src/locales/<lang>/extension.json like all of Cairn's; the build
// turns each into the browser's _locales/<lang>/messages.json, which the options page and the
// manifest read.

/** The browser's name of a message ("extension:options.wallet.label" → "options_wallet_label"). */
export const messageName = (id: string): string => id.replace(/^extension:/, '').replaceAll('.', '_');

/** A catalog as the browser wants it; an ICU argument ({line}) becomes the first substitution ($1). */
export function toBrowserMessages(catalog: Record<string, string>): Record<string, { message: string }> {
  return Object.fromEntries(
    Object.entries(catalog).map(([id, text]) => [
      messageName(id),
      { message: text.replaceAll('$', '$$$$').replace(/\{[a-zA-Z]+\}/g, '$1') },
    ]),
  );
}
