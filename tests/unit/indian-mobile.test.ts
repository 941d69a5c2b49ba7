import { describe, expect, it } from 'vitest';
import { formatIndianMobile, mobileDigits } from '../../src/forms/widgets/indian-mobile-widget';

describe('lead form phone field', () => {
  it('keeps digits only, at most ten', () => {
    expect(mobileDigits('98a76-5 4321099')).toBe('9876543210');
  });
  it('drops a typed or pasted +91', () => {
    expect(mobileDigits('+91 98765 43210')).toBe('9876543210');
  });
  it('shows +91 XXXXX XXXXX', () => {
    expect(formatIndianMobile('9876543210')).toBe('+91 98765 43210');
    expect(formatIndianMobile('987')).toBe('+91 987');
    expect(formatIndianMobile('')).toBe('');
  });
});
