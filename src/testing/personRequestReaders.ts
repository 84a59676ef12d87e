// Reading a request for the person in unit tests: its params read, or its refusal checked.
import { expect } from 'vitest';
import { type PersonRequest, personRequestOf } from '../core/dapp/personRequests';
import { PROVIDER_ERROR_CODES } from '../core/dapp/providerErrors';
import type { DappMethod, DappRequest } from '../core/dapp/request';

export const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';

export const read = (method: DappMethod, params: DappRequest['params']): PersonRequest => {
  const result = personRequestOf({ method, params });
  if (!result.ok) throw new Error(`refused ${method}: ${result.error.message}`);
  return result.request;
};

/** The refusal of a request: always -32602 with a sentence, which must name `field`. */
export const refusal = (method: DappMethod, params: DappRequest['params'], field: string | RegExp) => {
  const result = personRequestOf({ method, params });
  if (result.ok) throw new Error(`accepted ${method} ${JSON.stringify(params)}`);
  expect(result.error.code).toBe(PROVIDER_ERROR_CODES.invalidParams);
  expect(result.error.message).toMatch(/[.]$/);
  if (typeof field === 'string') expect(result.error.message).toContain(field);
  else expect(result.error.message).toMatch(field);
  return result.error;
};
