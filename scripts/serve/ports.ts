// Port helpers shared by `npm start` and the test harnesses. Everything binds 127.0.0.1 only.
import { createServer } from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** Resolves true when nothing listens on 127.0.0.1:port (checked by binding it briefly). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: LOOPBACK, port, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

/** Asks the OS for a free port on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host: LOOPBACK, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export function parsePort(raw: string, source: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${source} must be a port number between 1 and 65535, got "${raw}".`);
  }
  return port;
}
