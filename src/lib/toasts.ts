import { createStore } from 'zustand/vanilla';
import type { Message } from '@/core/i18n/message';

/** A notice: a Message, worded in the language shown while it is up (or words already in it). */
export type Toast = { id: number; tone: 'success' | 'error' | 'info'; text: Message | string };

type ToastState = {
  toasts: Toast[];
  push(tone: Toast['tone'], text: Message | string): void;
  dismiss(id: number): void;
};

let nextId = 1;
const VISIBLE_MS = 10_000;

/**
 * Short notices of background events, shown in one live region and dismissed after 10 s: a
 * transaction confirmed, failed or dropped (the person may be on any screen by then), a settings
 * write that failed after the screen had moved on. What the person just did and is looking at
 * (copied, saved, added) is never a toast: it is confirmed beside its control, in a status there.
 */
export const toastStore = createStore<ToastState>()((set, get) => ({
  toasts: [],
  push(tone, text) {
    const id = nextId++;
    set({ toasts: [...get().toasts, { id, tone, text }].slice(-4) });
    setTimeout(() => get().dismiss(id), VISIBLE_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));
