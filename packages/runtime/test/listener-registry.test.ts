import { describe, expect, it, vi } from 'vitest';
import { createListenerRegistry } from '../src/index.js';

type Events = { change: (value: number) => void; other: () => void };

describe('createListenerRegistry', () => {
  it('calls the listeners of a name in order, with the arguments', () => {
    const registry = createListenerRegistry<Events>({ report: vi.fn() });
    const calls: string[] = [];
    registry.on('change', (value) => calls.push(`a${value}`));
    registry.on('change', (value) => calls.push(`b${value}`));
    registry.on('other', () => calls.push('other'));
    registry.emit('change', 1);
    expect(calls).toEqual(['a1', 'b1']);
  });

  it('isolates a throwing listener: the error is reported and the others still run', () => {
    const report = vi.fn();
    const registry = createListenerRegistry<Events>({ report });
    const boom = new Error('boom');
    const after = vi.fn();
    registry.on('change', () => {
      throw boom;
    });
    registry.on('change', after);
    registry.emit('change', 2);
    expect(report).toHaveBeenCalledWith(boom);
    expect(after).toHaveBeenCalledWith(2);
  });

  it('one rule for a listener added twice: called twice, and each removal removes its own subscription', () => {
    const registry = createListenerRegistry<Events>({ report: vi.fn() });
    const listener = vi.fn();
    const first = registry.on('change', listener);
    const second = registry.on('change', listener);
    registry.emit('change', 1);
    expect(listener).toHaveBeenCalledTimes(2);
    first();
    first();
    registry.emit('change', 2);
    expect(listener).toHaveBeenCalledTimes(3);
    second();
    registry.emit('change', 3);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('a listener added while emitting waits for the next emit; clear removes all', () => {
    const registry = createListenerRegistry<Events>({ report: vi.fn() });
    const late = vi.fn();
    registry.on('change', () => registry.on('change', late));
    registry.emit('change', 1);
    expect(late).not.toHaveBeenCalled();
    registry.emit('change', 2);
    expect(late).toHaveBeenCalledWith(2);
    registry.clear();
    registry.emit('change', 3);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
