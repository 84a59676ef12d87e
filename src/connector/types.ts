/** The parts of the page's window the connector uses; tests pass a fake. */
export type ConnectorWindow = Pick<
  Window & typeof globalThis,
  | 'open'
  | 'addEventListener'
  | 'location'
  | 'document'
  | 'localStorage'
  | 'fetch'
  | 'setInterval'
  | 'clearInterval'
  | 'MessageChannel'
>;
