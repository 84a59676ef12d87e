import { type Message, msg, untrustedValue } from '../i18n/message';

/**
 * Words a contract or a node chose (a revert reason, a node's failure), standing where Cairn would
 * say something: a Message showing them as untrusted text, never as Cairn's own words.
 */
export function theirWords(text: string): Message {
  return msg('core.chain:said', { text: untrustedValue(text, 'whole') });
}

/** A reason as a Message: Cairn's own (already a Message), or the contract's words (a string). */
export function reasonMessage(reason: Message | string): Message {
  return typeof reason === 'string' ? theirWords(reason) : reason;
}
