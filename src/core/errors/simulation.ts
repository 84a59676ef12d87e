import { CairnError } from './base';

export const SIMULATION_ERROR_CODES = ['SIMULATION_UNSUPPORTED', 'SIMULATION_FAILED', 'SIMULATION_TOO_LARGE'] as const;

export type SimulationErrorCode = (typeof SIMULATION_ERROR_CODES)[number];

/** Simulating a transaction before it is signed did not give an answer (the transaction itself may be fine). */
export class SimulationError extends CairnError<SimulationErrorCode> {
  override readonly name = 'SimulationError';
}
