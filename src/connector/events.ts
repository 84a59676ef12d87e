import type { HexChainId } from '../core/dapp/protocol';
import type { ProviderRpcError } from './errors';

/** The EIP-1193 events the provider emits, with what each listener receives. */
export type ProviderEvents = {
  connect: { chainId: HexChainId };
  disconnect: ProviderRpcError;
  accountsChanged: string[];
  chainChanged: HexChainId;
};

export type EventName = keyof ProviderEvents;
export type Listener<E extends EventName> = (data: ProviderEvents[E]) => void;

export function createEmitter() {
  let listeners: [EventName, Listener<never>][] = [];
  return {
    on: <E extends EventName>(event: E, listener: Listener<E>) => {
      listeners.push([event, listener as Listener<never>]);
    },
    off: <E extends EventName>(event: E, listener: Listener<E>) => {
      listeners = listeners.filter(([e, l]) => e !== event || l !== listener);
    },
    emit: <E extends EventName>(event: E, data: ProviderEvents[E]) => {
      for (const [e, listener] of listeners) if (e === event) (listener as Listener<E>)(data);
    },
  };
}
