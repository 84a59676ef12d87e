import { parseSiweMessage } from 'viem/siwe';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { originAuthority } from './siteOrigin';

/** Something about a Sign-In with Ethereum message the person must know; blocking ones need an explicit "I understand". */
export type SiweProblem = {
  kind: 'domain' | 'address' | 'uri' | 'chain' | 'expired' | 'notYet';
  blocking: boolean;
  sentence: Message;
};

/** A Sign-In with Ethereum (EIP-4361) message read from a personal_sign request. */
export type SiweReview = {
  domain: string;
  address: string;
  uri: string | undefined;
  chainId: number | undefined;
  statement: string | undefined;
  issuedAt: Date | undefined;
  expirationTime: Date | undefined;
  problems: SiweProblem[];
};

const HEADER = / wants you to sign in with your Ethereum account:\n/;

/**
 * Recognises a Sign-In with Ethereum message and compares it with who asks: a `domain` other than
 * the requesting site (one site collecting a login for another) and an address other than the
 * signing account block until acknowledged; another URI, chain or an expired message warn.
 * Undefined for any other text.
 */
export function reviewSiwe(
  text: string,
  context: { origin: string; account: string; chainId: number; now: Date },
): SiweReview | undefined {
  if (!HEADER.test(text)) return undefined;
  const message = parseSiweMessage(text);
  if (!message.domain || !message.address) return undefined;
  const problems: SiweProblem[] = [];
  const site = originAuthority(context.origin);
  if (message.domain.toLowerCase() !== site.toLowerCase()) {
    problems.push({
      kind: 'domain',
      blocking: true,
      sentence: msg('core.contracts:siwe.domain', {
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
  if (message.uri) {
    let uriOrigin: string | undefined;
    try {
      uriOrigin = new URL(message.uri).origin;
    } catch {
      uriOrigin = undefined;
    }
    if (uriOrigin !== context.origin) {
      problems.push({
        kind: 'uri',
        blocking: false,
        // viem reads the URI as any text (`.+`): shown as untrusted text, its hidden characters made visible.
        sentence: msg('core.contracts:siwe.uri', { uri: untrustedValue(message.uri, 'whole') }),
      });
    }
  }
  if (message.chainId !== undefined && message.chainId !== context.chainId) {
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
    problems.push({
      kind: 'expired',
      blocking: false,
      sentence: msg('core.contracts:siwe.expired'),
    });
  }
  if (message.notBefore && message.notBefore.getTime() > context.now.getTime()) {
    problems.push({
      kind: 'notYet',
      blocking: false,
      sentence: msg('core.contracts:siwe.notYet'),
    });
  }
  return {
    domain: message.domain,
    address: message.address,
    uri: message.uri,
    chainId: message.chainId,
    statement: message.statement,
    issuedAt: message.issuedAt,
    expirationTime: message.expirationTime,
    problems,
  };
}
