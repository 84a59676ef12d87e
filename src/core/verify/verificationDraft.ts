import { isHex } from 'viem';
import type { Network } from '../chain/networks';
import { PLAIN_HTTP_HOSTS } from '../chain/plainHttp';
import { type Message, msg } from '../i18n/message';
import {
  LIGHT_CLIENT_CHAINS,
  type NetworkVerification,
  type TrustChoice,
  type VerifyMode,
} from './verificationSetting';

/** The proof-check form as typed: the mode, the trust's kind, and every field of every kind. */
export type VerificationDraft = {
  mode: VerifyMode;
  trust: TrustChoice['kind'];
  pinNumber: string;
  pinHash: string;
  beaconUrl: string;
  checkpoint: string;
};

export type VerificationDraftErrors = Partial<
  Record<'pinNumber' | 'pinHash' | 'beaconUrl' | 'checkpoint' | 'trust', Message>
>;

/** The form filled in from what is chosen now. */
export function verificationDraftOf(choice: NetworkVerification): VerificationDraft {
  const trust = choice.trust;
  return {
    mode: choice.mode,
    trust: trust.kind,
    pinNumber: trust.kind === 'pinned' ? trust.number : '',
    pinHash: trust.kind === 'pinned' ? trust.hash : '',
    beaconUrl: trust.kind === 'lightClient' ? trust.beaconUrl : '',
    checkpoint: trust.kind === 'lightClient' ? trust.checkpoint : '',
  };
}

const isHash = (text: string): text is `0x${string}` => isHex(text) && text.length === 66;

/** A beacon API URL the browser may ask: https, or plain http on this computer. */
function beaconUrlProblem(text: string): Message | undefined {
  try {
    const url = new URL(text);
    if (url.username || url.password) return msg('core.chain:verify.draft.beaconUrl');
    if (url.protocol === 'https:') return undefined;
    if (url.protocol === 'http:' && PLAIN_HTTP_HOSTS.includes(url.hostname)) return undefined;
  } catch {
    // not a URL
  }
  return msg('core.chain:verify.draft.beaconUrl');
}

/**
 * The choice the form says, or what is wrong with each field (each naming its problem; the
 * fields of a trust kind not chosen are not read).
 */
export function parseVerificationDraft(
  draft: VerificationDraft,
  network: Network,
): { choice: NetworkVerification; errors?: undefined } | { choice?: undefined; errors: VerificationDraftErrors } {
  const errors: VerificationDraftErrors = {};
  let trust: TrustChoice = { kind: 'agreement' };
  if (draft.trust === 'pinned') {
    const number = draft.pinNumber.trim();
    const hash = draft.pinHash.trim().toLowerCase();
    if (number === '') errors.pinNumber = msg('core.chain:verify.draft.numberEmpty');
    else if (!/^\d+$/.test(number)) errors.pinNumber = msg('core.chain:verify.draft.numberNotNumber');
    if (!isHash(hash)) errors.pinHash = msg('core.chain:verify.draft.hashInvalid');
    trust = { kind: 'pinned', number: number.replace(/^0+(?=\d)/, ''), hash: hash as `0x${string}` };
  }
  if (draft.trust === 'lightClient') {
    const beaconUrl = draft.beaconUrl.trim().replace(/\/+$/, '');
    const checkpoint = draft.checkpoint.trim().toLowerCase();
    if (!LIGHT_CLIENT_CHAINS.includes(network.chainId)) errors.trust = msg('core.chain:verify.draft.lightClientChain');
    const urlProblem = beaconUrlProblem(beaconUrl);
    if (urlProblem) errors.beaconUrl = urlProblem;
    if (!isHash(checkpoint)) errors.checkpoint = msg('core.chain:verify.draft.checkpointInvalid');
    trust = { kind: 'lightClient', beaconUrl, checkpoint: checkpoint as `0x${string}` };
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { choice: { mode: draft.mode, trust } };
}
