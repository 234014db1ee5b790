// EndpointError (src/errors.ts): its name, its code, and a cause only when one is given (no own
// `cause` property set to undefined, which loggers print as `cause: undefined`).
import { describe, expect, it } from 'vitest';
import { EndpointError } from '../src/index.js';

describe('EndpointError', () => {
  it('is named EndpointError and has no cause unless given one', () => {
    const error = new EndpointError('store-unavailable', 'the session store could not be reached');
    expect(error.name).toBe('EndpointError');
    expect(error.code).toBe('store-unavailable');
    expect('cause' in error).toBe(false);
  });

  it('keeps the cause it is given', () => {
    const down = new Error('store down');
    expect(new EndpointError('store-unavailable', 'the session store could not be reached', { cause: down }).cause).toBe(down);
  });
});
