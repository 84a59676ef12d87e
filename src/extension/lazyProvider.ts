import type { CairnProvider } from '../connector/provider';

/**
 * The provider a page is offered at once, made for real (its stored grant read from the page's
 * storage, its channel set up) only when the page first uses it: the extension runs in every page
 * a person opens, and most of them never ask a wallet anything.
 */
export function lazyProvider(make: () => CairnProvider): CairnProvider {
  let made: CairnProvider | undefined;
  const real = () => {
    made ??= make();
    return made;
  };
  const provider: CairnProvider = {
    isCairn: true,
    request: (args) => real().request(args),
    on(event, listener) {
      real().on(event, listener);
      return provider;
    },
    removeListener(event, listener) {
      made?.removeListener(event, listener);
      return provider;
    },
    off: (event, listener) => provider.removeListener(event, listener),
  };
  return provider;
}
