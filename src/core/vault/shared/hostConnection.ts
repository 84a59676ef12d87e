/**
 * One end of a message link between a vault client (a window) and the vault host (where the keys
 * are). Messages are structured-cloned; `transfer` hands buffers over instead of copying them, so
 * no copy of a secret stays behind on the sending side.
 */
export interface Connection {
  send(message: unknown, transfer?: Transferable[]): void;
  listen(handler: (message: unknown) => void): void;
  close(): void;
}

/** A Connection over a MessagePort (a SharedWorker's port, or one end of a MessageChannel). */
export function portConnection(port: MessagePort): Connection {
  return {
    send: (message, transfer = []) => port.postMessage(message, transfer),
    listen(handler) {
      port.onmessage = (event: MessageEvent) => handler(event.data);
    },
    close: () => port.close(),
  };
}

/** Two connected ends in one thread: a host in the same window, and tests. */
export function connectionPair(): [Connection, Connection] {
  const channel = new MessageChannel();
  return [portConnection(channel.port1), portConnection(channel.port2)];
}
