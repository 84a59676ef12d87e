import { type Message, msg } from '../i18n/message';

/**
 * Safe's own revert codes (GSxxx, as its contracts name them) that a person can meet when a Safe
 * transaction is executed, in words; others are said as they are.
 */
const SENTENCES = {
  GS010: 'core.chain:safe.revert.gas',
  GS013: 'core.chain:safe.revert.callFailed',
  GS020: 'core.chain:safe.revert.signaturesShort',
  GS024: 'core.chain:safe.revert.contractSignature',
  GS025: 'core.chain:safe.revert.notApproved',
  GS026: 'core.chain:safe.revert.invalidOwner',
  GS030: 'core.chain:safe.revert.onlyOwners',
} as const;

/** What a Safe's revert reason means for the person, if it is one of Safe's codes. */
export function safeRevertSentence(reason: string | undefined): Message | undefined {
  const code = /GS\d{3}/.exec(reason ?? '')?.[0] as keyof typeof SENTENCES | undefined;
  return code && code in SENTENCES ? msg(SENTENCES[code], { code }) : undefined;
}
