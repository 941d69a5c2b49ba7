import { describe, expect, it } from 'vitest';
import { describeViolation } from '../../src/server/http/validation-messages';

describe('validation messages people can read', () => {
  it.each([
    [
      { keyword: 'required', instancePath: '', params: { missingProperty: 'title' } },
      { field: 'title', message: 'title is required.' },
    ],
    [
      { keyword: 'required', instancePath: '/data', params: { missingProperty: 'name' } },
      { field: 'name', message: 'name is required.' },
    ],
    [
      { keyword: 'maxLength', instancePath: '/note', params: { limit: 2000 } },
      { field: 'note', message: 'note must be at most 2000 characters.' },
    ],
    [
      { keyword: 'minLength', instancePath: '/title', params: { limit: 1 } },
      { field: 'title', message: 'title is required.' },
    ],
    [
      { keyword: 'minimum', instancePath: '/page', params: { limit: 1 } },
      { field: 'page', message: 'page must be at least 1.' },
    ],
    [
      { keyword: 'enum', instancePath: '/status', params: { allowedValues: ['new', 'closed'] } },
      { field: 'status', message: 'status must be one of: new, closed.' },
    ],
    [
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'role' } },
      { field: 'role', message: 'role is not a field this accepts.' },
    ],
    [
      { keyword: 'type', instancePath: '', params: { type: 'object' } },
      { field: '', message: 'The request must be object.' },
    ],
  ])('%o reads %o', (violation, expected) => {
    expect(describeViolation(violation)).toEqual(expected);
  });
});
