import { planDateFormats } from './plan-dates';

describe('planDateFormats', () => {
  const english = planDateFormats('en');
  const arabic = planDateFormats('ar');

  it('gives Eid al-Fitr 1447 as 1 Shawwal by Umm al-Qura, and the Gregorian day it fell on', () => {
    expect(english.hijri('2026-03-20')).toBe('Shawwal 1, 1447 AH');
    expect(english.gregorian('2026-03-20')).toBe('Mar 20, 2026');
    expect(arabic.hijri('2026-03-20')).toMatch(/^(1|١) شوال (1447|١٤٤٧) هـ$/);
    expect(arabic.gregorian('2026-03-20')).toMatch(/^(20|٢٠) مارس (2026|٢٠٢٦)$/);
  });

  it('starts the Hijri year 1448 on 16 June 2026 and Ramadan 1448 on 8 February 2027', () => {
    expect(english.hijri('2026-06-16')).toBe('Muharram 1, 1448 AH');
    expect(english.hijri('2026-06-15')).toBe('Dhuʻl-Hijjah 29, 1447 AH');
    expect(english.hijri('2027-02-08')).toBe('Ramadan 1, 1448 AH');
    expect(arabic.hijri('2027-02-08')).toMatch(/^(1|١) رمضان (1448|١٤٤٨) هـ$/);
  });

  it('never shifts a calendar day with the time zone, and reads a full timestamp as its UTC day', () => {
    expect(english.gregorian('2027-01-01')).toBe('Jan 1, 2027');
    expect(english.gregorian('2027-01-01T23:30:00Z')).toBe('Jan 1, 2027');
  });
});
