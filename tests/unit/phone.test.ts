import { describe, expect, it } from 'vitest';
import { formatPhone, isPhone, searchTextOf, toE164 } from '../../src/shared/phone';

describe('the phone number rule', () => {
  it('reads a number without a country code as Indian, however it is grouped', () => {
    for (const written of [
      '9876543210',
      '98765 43210',
      '98765-43210',
      '098765 43210',
      '+91 98765 43210',
      '+91-98765-43210',
      '0091 98765 43210',
      '919876543210',
    ])
      expect(toE164(written), written).toBe('+919876543210');
  });

  it('keeps a foreign number foreign: it never becomes the Indian number with the same last ten digits', () => {
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
    expect(toE164('0044 7911 123456')).toBe('+447911123456');
    expect(toE164('+1 415 555 2671')).toBe('+14155552671');
    for (const foreign of ['+1 987 654 3210', '+44 9876543210', '009876543210']) expect(toE164(foreign), foreign).toBeUndefined();
  });

  it('refuses what is not ten digits after +91, 0091 or 0, and anything but a number', () => {
    for (const text of [
      '',
      '12345',
      '98765 4321',
      '98765 432100',
      '+91 98765 4321',
      '98765 4321O',
      'call 9876543210',
      '9876543210 ext 5',
      'ravi@example.com',
    ])
      expect(isPhone(text), text).toBe(false);
  });

  it('shows a number grouped as people read it, and what is not a number as it was written', () => {
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('98765-43210')).toBe('+91 98765 43210');
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    expect(formatPhone('n/a')).toBe('n/a');
  });

  it('searches a number as it is stored, and other text as typed', () => {
    expect(searchTextOf('98765 43210')).toBe('+919876543210');
    expect(searchTextOf('43210')).toBe('43210');
    expect(searchTextOf('Ravi')).toBe('Ravi');
  });
});
