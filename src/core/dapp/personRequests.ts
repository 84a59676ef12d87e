import { methodEntry } from './methodTable';
import { bad, type MiscasedAddress, ParamsError, type PersonRequestResult } from './personParams';
import { providerError } from './providerErrors';
import type { DappRequest } from './request';

export type {
  AddChainParams,
  DappCall,
  MiscasedAddress,
  PersonRequest,
  PersonRequestResult,
} from './personParams';

/**
 * Reads the params of a request that needs the person, with the parser of its entry in the method
 * table; a refusal names what is wrong (-32602).
 */
export function personRequestOf(request: DappRequest): PersonRequestResult {
  const miscased: MiscasedAddress[] = [];
  try {
    const read = methodEntry(request.method)?.params ?? bad(`${request.method} is not a request for the person.`);
    return { ok: true, request: read(request.params, miscased), miscased };
  } catch (error) {
    if (error instanceof ParamsError)
      return { ok: false, error: providerError(error.kind, error.message || undefined) };
    return { ok: false, error: providerError('invalidParams') };
  }
}
