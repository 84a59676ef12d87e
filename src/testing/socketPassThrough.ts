// WebSocket upgrades through the RPC fault proxy: passed to the node as they are (a real node
// serves WebSocket on its HTTP port), the frames each way read as they go by and counted, and
// every socket cut at once when the proxy plays a node that is gone.
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export type SocketCounts = {
  /** Upgrades asked for, passed or refused. */
  opened: number;
  /** JSON-RPC calls sent to the node over WebSockets, by method. */
  calls: Record<string, number>;
  /** Messages the node sent back (answers and notifications). */
  answers: number;
};

export const noSocketCounts = (): SocketCounts => ({ opened: 0, calls: {}, answers: 0 });

/** Calls `onMessage` with each whole data frame of a WebSocket byte stream (unmasked payload). */
function frameReader(onMessage: (payload: Buffer) => void): (chunk: Buffer) => void {
  let buffer = Buffer.alloc(0);
  return (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (buffer.length < 2) return;
      const opcode = (buffer[0] ?? 0) & 0x0f;
      const masked = ((buffer[1] ?? 0) & 0x80) !== 0;
      let length = (buffer[1] ?? 0) & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffer.length < 4) return;
        length = buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffer.length < 10) return;
        length = Number(buffer.readBigUInt64BE(2));
        offset = 10;
      }
      const mask = masked ? buffer.subarray(offset, offset + 4) : undefined;
      if (mask) offset += 4;
      if (buffer.length < offset + length) return;
      const payload = Buffer.from(buffer.subarray(offset, offset + length));
      if (mask) for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
      buffer = buffer.subarray(offset + length);
      // Text and binary frames are messages; continuations, pings, pongs and closes are not.
      if (opcode === 1 || opcode === 2) onMessage(payload);
    }
  };
}

function methodsOf(payload: Buffer): string[] {
  try {
    const parsed = JSON.parse(payload.toString('utf8')) as { method?: string } | { method?: string }[];
    return (Array.isArray(parsed) ? parsed : [parsed]).map((call) => call.method ?? '?');
  } catch {
    return ['?'];
  }
}

export type SocketPassThrough = {
  /** The http server's 'upgrade' listener. */
  upgrade(request: IncomingMessage, client: Duplex, head: Buffer): void;
  /** Whether upgrades pass; false also cuts every open socket. */
  allow(allowed: boolean): void;
  counts: SocketCounts;
  closeAll(): void;
};

export function socketPassThrough(target: URL): SocketPassThrough {
  const open = new Set<Duplex | Socket>();
  let allowed = true;
  const pass: SocketPassThrough = {
    counts: noSocketCounts(),
    upgrade(request, client, head) {
      pass.counts.opened++;
      if (!allowed) {
        client.destroy();
        return;
      }
      const upstream = connect(Number(target.port), target.hostname);
      open.add(client);
      open.add(upstream);
      const end = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      const fromClient = frameReader((payload) => {
        for (const method of methodsOf(payload)) pass.counts.calls[method] = (pass.counts.calls[method] ?? 0) + 1;
      });
      const fromNode = frameReader(() => pass.counts.answers++);
      let handshake: Buffer | undefined = Buffer.alloc(0);
      client.on('data', (chunk: Buffer) => {
        fromClient(chunk);
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        client.write(chunk);
        // The node's handshake answer first, then frames.
        if (handshake) {
          handshake = Buffer.concat([handshake, chunk]);
          const end = handshake.indexOf('\r\n\r\n');
          if (end < 0) return;
          const rest = handshake.subarray(end + 4);
          handshake = undefined;
          if (rest.length > 0) fromNode(rest);
          return;
        }
        fromNode(chunk);
      });
    },
    allow(next) {
      allowed = next;
      if (!next) pass.closeAll();
    },
    closeAll() {
      for (const socket of open) socket.destroy();
      open.clear();
    },
  };
  return pass;
}
