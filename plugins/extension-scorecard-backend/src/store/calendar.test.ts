import {
  dayOf,
  daysBetween,
  isQuarter,
  previousQuarter,
  quarterBounds,
  quarterOf,
} from './calendar';

describe('calendar', () => {
  it('places times in UTC quarters and days', () => {
    expect(quarterOf('2025-03-31T23:59:59.999Z')).toBe('2025-Q1');
    expect(quarterOf('2025-04-01T00:00:00.000Z')).toBe('2025-Q2');
    expect(quarterOf('2025-12-31T12:00:00+02:00')).toBe('2025-Q4');
    expect(dayOf('2025-06-01T23:30:00-01:00')).toBe('2025-06-02');
  });

  it('computes quarter bounds and the previous quarter across years', () => {
    expect(quarterBounds('2025-Q4')).toEqual({
      start: '2025-10-01T00:00:00.000Z',
      end: '2026-01-01T00:00:00.000Z',
    });
    expect(previousQuarter('2025-Q1')).toBe('2024-Q4');
    expect(previousQuarter('2025-Q3')).toBe('2025-Q2');
  });

  it('validates quarter strings', () => {
    expect(isQuarter('2025-Q2')).toBe(true);
    expect(isQuarter('2025-Q5')).toBe(false);
    expect(isQuarter('25-Q1')).toBe(false);
    expect(() => quarterBounds('2025-Q0')).toThrow(TypeError);
  });

  it('measures days between times', () => {
    expect(daysBetween('2025-01-01T00:00:00Z', '2025-01-15T12:00:00Z')).toBe(
      14.5,
    );
  });
});
