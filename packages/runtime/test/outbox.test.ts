import { describe, expect, it } from 'vitest';
import { createOutbox } from '../src/index.js';

const recording = () => {
  const sent: string[] = [];
  return { sent, outbox: createOutbox<string>({ deliver: (message) => sent.push(message) }) };
};

describe('createOutbox', () => {
  it('holds messages until open, then sends them in order and the rest at once', () => {
    const { sent, outbox } = recording();
    outbox.post('a');
    outbox.post('b');
    expect(sent).toEqual([]);
    outbox.open();
    outbox.post('c');
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('sends postNow past the held messages', () => {
    const { sent, outbox } = recording();
    outbox.post('held');
    outbox.postNow('urgent');
    outbox.open();
    expect(sent).toEqual(['urgent', 'held']);
  });

  it('discards the held messages it is told to', () => {
    const { sent, outbox } = recording();
    ['keep', 'drop', 'keep too'].forEach((message) => outbox.post(message));
    outbox.discard((message) => message === 'drop');
    outbox.open();
    expect(sent).toEqual(['keep', 'keep too']);
  });

  it('drops everything once closed, held messages included; opening again does nothing', () => {
    const { sent, outbox } = recording();
    outbox.post('held');
    outbox.close();
    outbox.open();
    outbox.post('later');
    outbox.postNow('now');
    expect(sent).toEqual([]);
  });
});
