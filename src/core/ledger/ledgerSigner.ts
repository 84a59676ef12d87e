// Signing a request (EIP-7702 authorizations too) with a Ledger's Ethereum app, and what the
// person must check on its screen. The Ledger's signature is its word only: it is used once it
// recovers to the account for exactly what was asked (checkedSignature).
import {
  type Address,
  getTypesForEIP712Domain,
  type Hex,
  hashDomain,
  hashStruct,
  serializeTransaction,
  type TypedDataDefinition,
} from 'viem';
import { DeviceError } from '../errors/device';
import { codeValue, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { checkedSignature } from '../signing/checkedSignature';
import { assertChainId, hasCallData, type SignRequest } from '../signing/keySigner';
import { messageBytes } from '../signing/message';
import { signLedgerAuthorization, signsEip7702 } from './authorization';
import {
  type AppConfiguration,
  answeredWithin,
  type Exchange,
  getAppConfiguration,
  getLedgerAddress,
  QUESTION_MS,
  signLedgerMessage,
  signLedgerTransaction,
  signLedgerTypedDataHashes,
} from './ethApp';
import { signLedgerTypedData, supportsFullTypedData } from './fullTypedData';
import { assertEthereumApp } from './runningApp';

export type LedgerAccount = { address: Address; path: string };

/** Whether the Ledger shows this transaction's effect itself, or only a hash of its data (blind signing). */
export function blindSigns(request: SignRequest, config: Pick<AppConfiguration, 'version'>): boolean {
  if (request.kind === 'transaction') return hasCallData(request.transaction);
  return request.kind === 'typedData' && !supportsFullTypedData(config.version);
}

/** The domain and message hashes of typed data, as a Ledger shows them when it signs by hashes. */
export function typedDataHashes(typedData: TypedDataDefinition): { domainHash: Hex; messageHash: Hex } {
  const { domain = {}, types, primaryType, message } = typedData as TypedDataDefinition & { message: unknown };
  const allTypes = { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types };
  return {
    domainHash: hashDomain({ domain, types: allTypes } as never),
    messageHash: hashStruct({ data: message, primaryType, types: allTypes } as never),
  };
}

/**
 * Signs `request` with the account's key on the Ledger and returns what signWithKey would. Checks
 * first that the Ethereum app is open (DEVICE_APP_NOT_OPEN, DEVICE_WRONG_APP), that this Ledger
 * holds the account (DEVICE_OTHER_ACCOUNT; a Ledger silent for QUESTION_MS meanwhile is
 * DEVICE_BUSY), that a contract call can be signed (DEVICE_BLIND_SIGNING_OFF), and that the app is
 * recent enough for an authorization or a set-code transaction (DEVICE_REFUSED) before the person
 * is asked anything. Other errors: the errors of the app's status words (DEVICE_REJECTED when
 * declined on the device, DEVICE_LOCKED…, SMART_SIGNER_CANNOT when the app refuses an
 * authorization: signLedgerAuthorization), DEVICE_DISCONNECTED, INPUT_SIGNATURE when the
 * signature is not the account's for this request.
 */
export async function signWithLedger(exchange: Exchange, account: LedgerAccount, request: SignRequest): Promise<Hex> {
  const quick = answeredWithin(exchange, QUESTION_MS);
  await assertEthereumApp(quick);
  const config = await getAppConfiguration(quick);
  const { path } = account;
  // Another Ledger, or another passphrase on this one, would only be found out after the person approved.
  const held = (await getLedgerAddress(quick, path)).address;
  if (!sameAddress(held, account.address))
    throw new DeviceError(
      'DEVICE_OTHER_ACCOUNT',
      msg('core.devices:ledger.otherAccount', { path: codeValue(path), held: codeValue(held) }),
    );
  if (request.kind === 'transaction') {
    assertChainId(request.transaction);
    const unsigned = serializeTransaction(request.transaction);
    if (unsigned.startsWith('0x04') && !signsEip7702(config.version))
      throw new DeviceError('DEVICE_REFUSED', msg('core.devices:ledger.tooOldForSetCode'), {
        details: `Ethereum app ${config.version}`,
      });
    if (blindSigns(request, config) && !config.blindSigning)
      throw new DeviceError('DEVICE_BLIND_SIGNING_OFF', msg('core.devices:ledger.blindSigningOff'));
    return checkedSignature(request, account.address, await signLedgerTransaction(exchange, path, unsigned));
  }
  if (request.kind === 'authorization') {
    assertChainId(request.authorization);
    const signature = await signLedgerAuthorization(exchange, path, request.authorization, config.version);
    return checkedSignature(request, account.address, signature);
  }
  if (request.kind === 'message') {
    const bytes = messageBytes(request.message);
    return checkedSignature(request, account.address, await signLedgerMessage(exchange, path, bytes));
  }
  const { typedData } = request;
  const signature = supportsFullTypedData(config.version)
    ? await signLedgerTypedData(exchange, path, typedData, config.version)
    : await (async () => {
        const { domainHash, messageHash } = typedDataHashes(typedData);
        return signLedgerTypedDataHashes(exchange, path, domainHash, messageHash);
      })();
  return checkedSignature(request, account.address, signature);
}
