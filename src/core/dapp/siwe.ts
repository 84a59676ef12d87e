import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { originAuthority } from './siteOrigin';

/** Something about a Sign-In with Ethereum message the person must know; blocking ones need an explicit "I understand". */
export type SiweProblem = {
  kind: 'unreadable' | 'domain' | 'scheme' | 'address' | 'uri' | 'chain' | 'expired' | 'notYet';
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
  chainId: number;
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

/** An RFC 3986 authority without user info (host, and port): what a URL makes of it unchanged. */
function isAuthority(domain: string): boolean {
  try {
    return new URL(`https://${domain}`).host === domain.toLowerCase();
  } catch {
    return false;
  }
}

/** Reads a Sign-In with Ethereum message exactly as EIP-4361 writes one; undefined for anything else. */
export function parseSiwe(text: string): SiweFields | undefined {
  const groups = MESSAGE.exec(text)?.groups;
  if (!groups) return undefined;
  const { scheme, domain = '', address = '', statement, uri = '', chainId = '', nonce = '' } = groups;
  const issuedAt = dateTime(groups.issuedAt);
  const expirationTime = dateTime(groups.expirationTime);
  const notBefore = dateTime(groups.notBefore);
  if (!isAuthority(domain) || !URL.canParse(uri) || !issuedAt) return undefined;
  if ((groups.expirationTime && !expirationTime) || (groups.notBefore && !notBefore)) return undefined;
  return {
    scheme,
    domain,
    address,
    statement,
    uri,
    chainId: Number(chainId),
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
 * another URI, chain or an expired message warn. A message with the header that cannot be read as
 * EIP-4361 says blocks too: what it logs in to cannot be shown. Undefined for any other text.
 */
export function reviewSiwe(
  text: string,
  context: { origin: string; account: string; chainId: number; now: Date },
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
  if (message.domain.toLowerCase() !== originAuthority(context.origin).toLowerCase()) {
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
  if (message.address.toLowerCase() !== context.account.toLowerCase()) {
    problems.push({
      kind: 'address',
      blocking: true,
      sentence: msg('core.contracts:siwe.address', {
        address: codeValue(message.address),
        account: codeValue(context.account),
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
  if (message.chainId !== context.chainId) {
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
