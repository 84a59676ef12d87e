import { toUnicode } from 'punycode/punycode.es6.js';
import { type HostSpoofRisk, hostSpoofRisk } from './hostSpoof';

/** A site's origin taken apart for showing it: what people read, and what could mislead them. */
export type OriginParts = {
  origin: string;
  scheme: 'https' | 'http';
  /** The host as the browser has it (internationalised names in punycode, xn--…). */
  asciiHost: string;
  /** The host in its own letters, when it is an internationalised name; else undefined. */
  unicodeHost: string | undefined;
  /**
   * Why the host's own letters could pass for another host's (hostSpoof.ts): then it is shown large
   * in ASCII, its letters only in the warning. Undefined for a host that may be shown as it is.
   */
  spoofRisk: HostSpoofRisk | undefined;
  /** The host as it is shown large: in its own letters only when they cannot pass for another's. */
  shownHost: string;
  /** A port that is not the scheme's default, or undefined. */
  port: string | undefined;
  /** Plain http on a host other than this computer. */
  insecure: boolean;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Takes apart an origin as browsers serialise it (`event.origin`). */
export function originParts(origin: string): OriginParts {
  const url = new URL(origin);
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  const asciiHost = url.hostname;
  let unicodeHost: string | undefined;
  if (asciiHost.split('.').some((label) => label.startsWith('xn--'))) {
    try {
      unicodeHost = toUnicode(asciiHost);
    } catch {
      unicodeHost = undefined;
    }
  }
  const international = unicodeHost === asciiHost ? undefined : unicodeHost;
  const spoofRisk = international === undefined ? undefined : hostSpoofRisk(international);
  return {
    origin,
    scheme,
    asciiHost,
    unicodeHost: international,
    spoofRisk,
    shownHost: international === undefined || spoofRisk ? asciiHost : international,
    port: url.port === '' ? undefined : url.port,
    insecure: scheme === 'http' && !LOOPBACK.has(asciiHost),
  };
}
