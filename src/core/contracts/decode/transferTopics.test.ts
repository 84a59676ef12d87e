import { describe, expect, it } from 'vitest';
import { TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC } from './transferTopics';

// The topics as published in EIP-20/EIP-721 and EIP-1155 implementations (keccak256 of the signatures).
describe('transfer event topics from the standard ABIs', () => {
  it('are the well-known topic0 values', () => {
    expect(TRANSFER_TOPIC).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
    expect(TRANSFER_SINGLE_TOPIC).toBe('0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62');
    expect(TRANSFER_BATCH_TOPIC).toBe('0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb');
  });
});
