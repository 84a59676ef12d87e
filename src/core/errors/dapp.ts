import { msg } from '../i18n/message';
import { CairnError } from './base';

export const DAPP_ERROR_CODES = ['DAPP_REQUEST_LEFT'] as const;

export type DappErrorCode = (typeof DAPP_ERROR_CODES)[number];

/** A site's request could not be served in Cairn's window as the person asked (see core/dapp). */
export class DappError extends CairnError<DappErrorCode> {
  override readonly name = 'DappError';
}

/** Thrown by DappConnection.whileSending for a request already answered or refused: nothing was sent. */
export class RequestLeft extends DappError {
  constructor() {
    super('DAPP_REQUEST_LEFT', msg('core.contracts:dapp.requestLeft'));
  }
}
