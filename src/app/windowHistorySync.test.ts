import { describe, expect, it } from 'vitest';
import { memoryActivityStore } from '@/core/activity/activityStore';
import { memoryApprovalStore } from '@/core/approvals/approvalStore';
import type { SessionStore } from '@/core/session/sessionStore';
import { windowHistorySync } from './windowHistorySync';

const session = { getState: () => ({ explorers: {} }) } as unknown as SessionStore;

describe("the window's history sync", () => {
  it('is built once for the window’s stores, so a lock and unlock keeps its status and follow-ups', () => {
    const stores = { activity: memoryActivityStore(), approvals: memoryApprovalStore() };
    const first = windowHistorySync(stores, session);
    expect(windowHistorySync({ ...stores }, session)).toBe(first);
    const other = { activity: memoryActivityStore(), approvals: memoryApprovalStore() };
    expect(windowHistorySync(other, session)).not.toBe(first);
  });
});
