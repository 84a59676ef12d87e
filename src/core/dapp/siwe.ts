import { getAddress } from 'viem';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';

/** Something about a Sign-In with Ethereum message the person must know; blocking ones need an explicit "I understand". */
export type SiweProblem = {
  kind: 'unreadable' | 'domain' | 'scheme' | 'address' | 'addressCase' | 'uri' | 'chain' | 'expired' | 'notYet';
  blocking: boolean;
  sentence: Message;
};

/** The fields of a Sign-In with Ethereum (EIP-4361) message. */
export type SiweFields = {
  /** The scheme the message names before its domain; undefined when it names none (https is meant). */
  scheme: string | undefined;
  domain: string;
  address: string;
  statement: string | undefined;
  uri: string;
  /** EIP-155 chain id, exactly (up to 16 digits, more than a Number holds). */
  chainId: bigint;
  nonce: string;
  issuedAt: Date;
  expirationTime: Date | undefined;
  notBefore: Date | undefined;
};

/**
 * A personal_sign message that has the Sign-In with Ethereum header: read and compared with who
 * asks, or, when it cannot be read as EIP-4361 says, only the blocking problem that says so.
 */
export type SiweReview =
  | ({ readable: true; problems: SiweProblem[] } & SiweFields)
  | { readable: false; problems: SiweProblem[] };

const HEADER = ' wants you to sign in with your Ethereum account:\n';

// EIP-4361's message, line by line (its ABNF): an optional scheme, the domain, the address, an
// optional statement of one line, then the fields in their fixed order; optional ones may be left out.
const MESSAGE = new RegExp(
  [
    '^(?:(?<scheme>[a-zA-Z][a-zA-Z0-9+.-]*)://)?(?<domain>[^\\s/?#@]+) wants you to sign in with your Ethereum account:\\n',
    '(?<address>0x[0-9a-fA-F]{40})\\n\\n',
    '(?:(?<statement>[^\\n]+)\\n)?\\n',
    'URI: (?<uri>[^\\s]+)\\n',
    'Version: 1\\n',
    'Chain ID: (?<chainId>[1-9][0-9]{0,15})\\n',
    'Nonce: (?<nonce>[a-zA-Z0-9]{8,})\\n',
    'Issued At: (?<issuedAt>[^\\n]+)',
    '(?:\\nExpiration Time: (?<expirationTime>[^\\n]+))?',
    '(?:\\nNot Before: (?<notBefore>[^\\n]+))?',
    '(?:\\nRequest ID: (?<requestId>[^\\n]*))?',
    '(?:\\nResources:(?:\\n- [^\\s]+)*)?',
    '\\n?$',
  ].join(''),
);

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** An RFC 3339 date-time, as EIP-4361 writes its times; undefined for anything else. */
function dateTime(text: string | undefined): Date | undefined {
  if (text === undefined || !DATE_TIME.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const AUTHORITY = /^(?<host>\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(?<port>[0-9]{1,5}))?$/;

/**
 * An RFC 3986 authority without user info, as EIP-4361's domain: a host a URL keeps as written
 * (no Unicode, no path), and a port if one is written (`example.com:443` included).
 */
function authority(domain: string): { host: string; port: number | undefined } | undefined {
  const groups = AUTHORITY.exec(domain)?.groups;
  const host = groups?.host ?? '';
  try {
    if (!groups || new URL(`https://${host}`).hostname !== host.toLowerCase()) return undefined;
  } catch {
    return undefined;
  }
  const port = groups.port === undefined ? undefined : Number(groups.port);
  return port !== undefined && port > 65_535 ? undefined : { host: host.toLowerCase(), port };
}

const DEFAULT_PORTS: Record<string, number> = { 'https:': 443, 'http:': 80 };

/**
 * Whether a message's domain names the origin's host and port: a port written must be the one the
 * origin uses (443 for https when it names none), and one left out means the origin's default.
 * The scheme is compared apart.
 */
function sameAuthority(domain: string, origin: URL): boolean {
  const named = authority(domain);
  const fallback = DEFAULT_PORTS[origin.protocol];
  if (!named || named.host !== origin.hostname) return false;
  return (named.port ?? fallback) === (origin.port === '' ? fallback : Number(origin.port));
}

/** Reads a Sign-In with Ethereum message exactly as EIP-4361 writes one; undefined for anything else. */
export function parseSiwe(text: string): SiweFields | undefined {
  const groups = MESSAGE.exec(text)?.groups;
  if (!groups) return undefined;
  const { scheme, domain = '', address = '', statement, uri = '', chainId = '', nonce = '' } = groups;
  const issuedAt = dateTime(groups.issuedAt);
  const expirationTime = dateTime(groups.expirationTime);
  const notBefore = dateTime(groups.notBefore);
  if (!authority(domain) || !URL.canParse(uri) || !issuedAt) return undefined;
  if ((groups.expirationTime && !expirationTime) || (groups.notBefore && !notBefore)) return undefined;
  return {
    scheme,
    domain,
    address,
    statement,
    uri,
    chainId: BigInt(chainId),
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
  };
}

/**
 * Recognises a Sign-In with Ethereum message and compares it with who asks: a `domain` or scheme
 * other than the requesting site's (one site collecting a login for another; a message that names
 * no scheme means https) and an address other than the signing account block until acknowledged;
 * another URI, chain (when the request's is known) or an expired message warn, and so does an
 * address not in its EIP-55 form, which EIP-4361 requires. A message with the header that cannot be
 * read as EIP-4361 says blocks too: what it logs in to cannot be shown. Undefined for any other text.
 */
export function reviewSiwe(
  text: string,
  context: { origin: string; account: string; chainId: number | undefined; now: Date },
): SiweReview | undefined {
  if (!text.includes(HEADER)) return undefined;
  const message = parseSiwe(text);
  if (!message) {
    return {
      readable: false,
      problems: [{ kind: 'unreadable', blocking: true, sentence: msg('core.contracts:siwe.unreadable') }],
    };
  }
  const problems: SiweProblem[] = [];
  const site = new URL(context.origin);
  const scheme = (message.scheme ?? 'https').toLowerCase();
  if (!sameAuthority(message.domain, site)) {
    problems.push({
      kind: 'domain',
      blocking: true,
      sentence: msg('core.contracts:siwe.domain', {
        domain: codeValue(message.domain),
        origin: codeValue(context.origin),
      }),
    });
  } else if (`${scheme}:` !== site.protocol) {
    problems.push({
      kind: 'scheme',
      blocking: true,
      sentence: msg('core.contracts:siwe.scheme', {
        scheme: codeValue(scheme),
        domain: codeValue(message.domain),
        origin: codeValue(context.origin),
      }),
    });
  }
  if (!sameAddress(message.address, context.account)) {
    problems.push({
      kind: 'address',
      blocking: true,
      sentence: msg('core.contracts:siwe.address', {
        address: codeValue(message.address),
        account: codeValue(context.account),
      }),
    });
  }
  if (message.address !== getAddress(message.address)) {
    problems.push({
      kind: 'addressCase',
      blocking: false,
      sentence: msg('core.contracts:siwe.addressCase', {
        address: codeValue(message.address),
        checksummed: codeValue(getAddress(message.address)),
      }),
    });
  }
  if (new URL(message.uri).origin !== context.origin) {
    problems.push({
      kind: 'uri',
      blocking: false,
      // Shown as untrusted text, its hidden characters made visible.
      sentence: msg('core.contracts:siwe.uri', { uri: untrustedValue(message.uri, 'whole') }),
    });
  }
  if (context.chainId !== undefined && message.chainId !== BigInt(context.chainId)) {
    problems.push({
      kind: 'chain',
      blocking: false,
      sentence: msg('core.contracts:siwe.chain', {
        chainId: codeValue(String(message.chainId)),
        siteChainId: codeValue(String(context.chainId)),
      }),
    });
  }
  if (message.expirationTime && message.expirationTime.getTime() <= context.now.getTime()) {
    problems.push({ kind: 'expired', blocking: false, sentence: msg('core.contracts:siwe.expired') });
  }
  if (message.notBefore && message.notBefore.getTime() > context.now.getTime()) {
    problems.push({ kind: 'notYet', blocking: false, sentence: msg('core.contracts:siwe.notYet') });
  }
  return { readable: true, ...message, problems };
}
