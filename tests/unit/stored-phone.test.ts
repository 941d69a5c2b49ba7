import { describe, expect, it } from 'vitest';
import { dialableNumber, shownPhone } from '../../src/ui/stored-phone';

describe('a stored phone number on staff screens', () => {
  it('dials a number stored in E.164, and nothing else', () => {
    expect(dialableNumber('+919876543210')).toBe('+919876543210');
    expect(dialableNumber('+447911123456')).toBe('+447911123456');
    for (const never of ['n/a', '98765 43210', '+0123456789', '+9']) expect(dialableNumber(never), never).toBeUndefined();
  });

  it('groups an Indian mobile as people write it and shows any other number as stored', () => {
    expect(shownPhone('+919876543210')).toBe('+91 98765 43210');
    expect(shownPhone('+912212345678')).toBe('+912212345678');
    expect(shownPhone('+447911123456')).toBe('+447911123456');
    expect(shownPhone('n/a')).toBe('n/a');
  });
});
