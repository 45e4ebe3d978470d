/**
 * Business days with federal holidays (Form 4 deadlines), NYSE trading mornings and the
 * pre-market brief's window across both DST changes, 10-Q/10-K due dates by filer status.
 */
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  businessDaysBetween,
  federalHoliday,
  isTradingDay,
  marketHolidays,
  zonedParts,
  zonedTime,
} from './calendar';
import {
  filerStatusOf,
  form4BusinessDaysLate,
  form4DueDate,
  lateLabel,
  nextPeriod,
  periodicDueDate,
} from './deadlines';
import { briefMorning, briefSendAt, windowClosesAt } from './market-hours';
import { aForm, formName } from './spoken-forms';

describe('federal holidays and SEC business days', () => {
  it('knows the observed holidays, including a Saturday New Year observed on Dec 31 before', () => {
    expect(federalHoliday('2021-12-31')).toBe("New Year's Day"); // Jan 1 2022 was a Saturday
    expect(federalHoliday('2023-06-19')).toBe('Juneteenth');
    expect(federalHoliday('2023-07-04')).toBe('Independence Day');
    expect(federalHoliday('2023-11-10')).toBe('Veterans Day'); // Nov 11 2023 was a Saturday
    expect(federalHoliday('2023-11-23')).toBe('Thanksgiving Day');
    expect(federalHoliday('2024-10-14')).toBe('Columbus Day');
    expect(federalHoliday('2020-06-19')).toBeNull(); // Juneteenth became a holiday in 2021
    expect(federalHoliday('2023-04-07')).toBeNull(); // Good Friday: markets close, EDGAR does not
  });

  it('puts a Form 4 two business days after the trade, skipping weekends and holidays', () => {
    // Real: Tesla's Wilson-Thompson sold on Monday 2025-01-06 (replay data): due Wednesday the 8th.
    expect(form4DueDate('2025-01-06')).toBe('2025-01-08');
    // Real: Apple's Maestri sale of Thursday 2023-04-13, reported 2023-04-17 (Apple's submissions JSON): due Monday the 17th, on time.
    expect(form4DueDate('2023-04-13')).toBe('2023-04-17');
    expect(form4BusinessDaysLate('2023-04-13', '2023-04-17')).toBe(0);
    // A trade on the Friday before Juneteenth 2023: Mon 19th is a holiday, so Tue 20th and Wed 21st.
    expect(form4DueDate('2023-06-16')).toBe('2023-06-21');
    // Thanksgiving week 2023: trade Wed 22nd -> Thu 23rd holiday -> Fri 24th, Mon 27th.
    expect(form4DueDate('2023-11-22')).toBe('2023-11-27');
    // Christmas 2023 on Monday and New Year 2024 on Monday.
    expect(form4DueDate('2023-12-22')).toBe('2023-12-27');
    expect(addBusinessDays('2023-12-29', 1)).toBe('2024-01-02');
  });

  it('counts late business days and says so in words', () => {
    // Due 2023-06-21; filed 2023-07-05: 22, 23, 26, 27, 28, 29, 30 June, 3 and 5 July (4 July is a holiday) = 9.
    expect(businessDaysBetween('2023-06-21', '2023-07-05')).toBe(9);
    expect(form4BusinessDaysLate('2023-06-16', '2023-07-05')).toBe(9);
    expect(lateLabel(9)).toBe('filed 9 business days late');
    expect(lateLabel(1)).toBe('filed 1 business day late');
    expect(lateLabel(0)).toBeNull();
  });

  it("skips the days EDGAR closed for a national day of mourning (Botha's Square Form 4: trade 2018-12-03, filed 12-06, on time)", () => {
    expect(form4DueDate('2018-12-03')).toBe('2018-12-06');
    expect(form4BusinessDaysLate('2018-12-03', '2018-12-06')).toBe(0);
    // President Carter's national day of mourning, 2025-01-09.
    expect(addBusinessDays('2025-01-08', 1)).toBe('2025-01-10');
  });
});

describe('NYSE trading days', () => {
  it('closes on Good Friday but trades on Columbus and Veterans Day', () => {
    expect(marketHolidays(2024).get('2024-03-29')).toBe('Good Friday');
    expect(isTradingDay('2023-04-07')).toBe(false);
    expect(isTradingDay('2024-10-14')).toBe(true);
    expect(isTradingDay('2023-11-10')).toBe(true);
    expect(isTradingDay('2022-12-26')).toBe(false); // Christmas on Sunday, observed Monday
    expect(isTradingDay('2021-12-31')).toBe(true); // a Saturday New Year is not made up by the exchange
  });
});

describe('pre-market brief window across DST', () => {
  it('maps New York wall-clock times to the right instants on both sides of a change', () => {
    // 2024-03-10 spring forward: 08:00 EST on Friday 8th is 13:00Z, 08:00 EDT on Monday 11th is 12:00Z.
    expect(zonedTime('2024-03-08', 480, 'America/New_York').toISOString()).toBe('2024-03-08T13:00:00.000Z');
    expect(zonedTime('2024-03-11', 480, 'America/New_York').toISOString()).toBe('2024-03-11T12:00:00.000Z');
    // 2024-11-03 fall back: Friday 1st 08:00 EDT = 12:00Z, Monday 4th 08:00 EST = 13:00Z.
    expect(zonedTime('2024-11-01', 480, 'America/New_York').toISOString()).toBe('2024-11-01T12:00:00.000Z');
    expect(zonedTime('2024-11-04', 480, 'America/New_York').toISOString()).toBe('2024-11-04T13:00:00.000Z');
    // The skipped hour of the change day itself lands an hour on.
    expect(zonedTime('2024-03-10', 150, 'America/New_York').toISOString()).toBe('2024-03-10T07:30:00.000Z');
    expect(zonedParts(new Date('2024-11-03T06:30:00Z'), 'America/New_York')).toEqual({
      date: '2024-11-03',
      minute: 90,
    });
  });

  it('bundles the weekend across the spring-forward change into Monday morning', () => {
    // Friday 2024-03-08 16:05 EST (21:05Z) -> Monday 11th; the window closes at 09:30 EDT (13:30Z).
    expect(briefMorning(new Date('2024-03-08T21:05:00Z'))).toBe('2024-03-11');
    expect(briefMorning(new Date('2024-03-10T12:00:00Z'))).toBe('2024-03-11'); // Sunday
    expect(briefMorning(new Date('2024-03-11T13:29:00Z'))).toBe('2024-03-11'); // 09:29 EDT
    expect(briefMorning(new Date('2024-03-11T13:30:00Z'))).toBeNull(); // 09:30 EDT: the session
    expect(windowClosesAt('2024-03-11').toISOString()).toBe('2024-03-11T13:30:00.000Z');
    expect(briefSendAt('2024-03-11', 480).toISOString()).toBe('2024-03-11T12:00:00.000Z');
  });

  it('keeps 16:00 ET the close after the fall-back change', () => {
    // Friday 2024-11-01 15:59 EDT (19:59Z) is in session; 16:00 EDT (20:00Z) opens the window for Monday.
    expect(briefMorning(new Date('2024-11-01T19:59:00Z'))).toBeNull();
    expect(briefMorning(new Date('2024-11-01T20:00:00Z'))).toBe('2024-11-04');
    // Monday 4th 09:00 EST = 14:00Z: before the 09:30 EST open (14:30Z).
    expect(briefMorning(new Date('2024-11-04T14:00:00Z'))).toBe('2024-11-04');
    expect(briefMorning(new Date('2024-11-04T14:30:00Z'))).toBeNull();
    expect(briefSendAt('2024-11-04', 480).toISOString()).toBe('2024-11-04T13:00:00.000Z');
  });

  it('skips market holidays: Thursday evening before Good Friday waits for Monday', () => {
    expect(briefMorning(new Date('2024-03-28T22:00:00Z'))).toBe('2024-04-01');
    expect(briefMorning(new Date('2023-07-03T21:00:00Z'))).toBe('2023-07-05'); // 4 July
  });
});

describe('periodic report deadlines', () => {
  it('reads the filer status and gives 40/45 and 60/75/90 days, rolled past weekends and holidays', () => {
    expect(filerStatusOf('Large accelerated filer')).toBe('large_accelerated');
    expect(filerStatusOf('Non-accelerated filer')).toBe('non_accelerated');
    expect(filerStatusOf('Accelerated filer')).toBe('accelerated');
    // Apple (large accelerated): quarter ended 2023-04-01 -> 40 days = 2023-05-11 (filed 2023-05-05).
    expect(periodicDueDate('10-Q', '2023-04-01', 'large_accelerated')).toBe('2023-05-11');
    // Apple's fiscal 2022 ended 2022-09-24 -> 60 days = 2022-11-23 (filed 2022-10-28).
    expect(periodicDueDate('10-K', '2022-09-24', 'large_accelerated')).toBe('2022-11-23');
    expect(periodicDueDate('10-Q', '2023-06-30', 'non_accelerated')).toBe('2023-08-14');
    expect(periodicDueDate('10-K', '2022-12-31', 'accelerated')).toBe('2023-03-16');
    // 90 days after 2022-12-31 is Friday 2023-03-31.
    expect(periodicDueDate('10-K', '2022-12-31', 'non_accelerated')).toBe('2023-03-31');
    // NT 10-K: 15 more days, Saturday 2023-04-15 rolled to Monday.
    expect(periodicDueDate('10-K', '2022-12-31', 'non_accelerated', { extended: true })).toBe('2023-04-17');
  });

  it('knows the next period from the last report and the fiscal year end', () => {
    // Apple (FYE 0930): after the 2023-04-01 10-Q comes June's 10-Q; after June's, September's 10-K.
    expect(nextPeriod({ periodEnd: '2023-04-01' }, 9)).toEqual({ form: '10-Q', periodEnd: '2023-06-30' });
    expect(nextPeriod({ periodEnd: '2023-07-01' }, 9)).toEqual({ form: '10-K', periodEnd: '2023-09-30' });
    expect(nextPeriod({ periodEnd: '2022-12-31' }, 12)).toEqual({ form: '10-Q', periodEnd: '2023-03-31' });
    expect(nextPeriod({ periodEnd: '2023-09-30' }, 12)).toEqual({ form: '10-K', periodEnd: '2023-12-31' });
  });
});

describe('forms as people say them', () => {
  it('names and articles', () => {
    expect(aForm('4')).toBe('a Form 4');
    expect(aForm('144')).toBe('a Form 144');
    expect(aForm('8-K')).toBe('an 8-K');
    expect(aForm('10-Q')).toBe('a 10-Q');
    expect(aForm('S-1')).toBe('an S-1');
    expect(aForm('NT 10-K')).toBe('an NT 10-K');
    expect(aForm('SC 13D/A')).toBe('a Schedule 13D/A');
    expect(formName('4/A')).toBe('Form 4/A');
  });
});
