/**
 * People named in real 8-K Item 5.02 sections: departures, appointments, role changes and pay
 * tables, with the signer of the report (after the item) never taken for the subject.
 */
import { describe, expect, it } from 'vitest';
import { edgarFixture } from '../../test/edgar-fixtures';
import { parseFiling } from '.';
import type { OfficerChange } from './types';

const people = (name: string): OfficerChange[] => {
  const p = parseFiling(edgarFixture(name));
  if (p.detail?.kind !== 'current') throw new Error(`${name} is not a current report`);
  return p.detail.people ?? [];
};
const names = (name: string) => people(name).map((p) => p.name);

describe('8-K Item 5.02: who and what', () => {
  it('a director who resigns (Meta, December 2025)', () => {
    expect(people('0001628280-25-058337.txt')).toEqual([
      { name: 'Dina Powell McCormick', role: 'Director', change: 'departure' },
    ]);
  });

  it('a CFO handover: one transitions, one becomes CFO (BlackRock, February 2023); the secretary who signed is not named', () => {
    expect(people('0001193125-23-048785.txt')).toEqual([
      { name: 'Gary S. Shedlin', role: 'Chief Financial Officer', change: 'role_change' },
      { name: 'Martin Small', role: 'Chief Financial Officer', change: 'appointment' },
    ]);
    expect(names('corpus/et_blackrock_8k.html')).not.toContain('R. Andrew Dickson III');
  });

  it('a departure and an appointment under their own headings (AFC Gamma, March 2023)', () => {
    expect(people('corpus/et_afcgamma_8k.html')).toEqual([
      { name: 'Brett Kaufman', role: 'Chief Financial Officer and Treasurer', change: 'departure' },
      { name: 'Brandon Hetzel', role: 'Chief Financial Officer and Treasurer', change: 'appointment' },
    ]);
  });

  it('two promotions, a retirement and retention awards (JPMorgan Chase, June 2026)', () => {
    const jpm = people('0000019617-26-000241.txt');
    expect(jpm.map((p) => [p.name, p.change])).toEqual([
      ['Doug Petno', 'appointment'],
      ['Troy Rohrbaugh', 'appointment'],
      ['Marianne Lake', 'departure'],
      ['Mary Erdoes', 'compensation'],
      ['Jennifer Piepszak', 'compensation'],
    ]);
    expect(jpm.find((p) => p.name === 'Jennifer Piepszak')?.role).toBe('Chief Operating Officer');
  });

  it('a pay table of named executive officers (NVIDIA, March 2026; Nordstrom, March 2023)', () => {
    const nvda = people('0001045810-26-000024.txt');
    expect(nvda.map((p) => p.name)).toEqual([
      'Jen-Hsun Huang',
      'Colette M. Kress',
      'Ajay K. Puri',
      'Debora Shoquist',
      'Timothy S. Teter',
    ]);
    expect(new Set(nvda.map((p) => p.change))).toEqual(new Set(['compensation']));
    expect(nvda[0]).toMatchObject({ role: 'President and Chief Executive Officer' });
    expect(names('0000072333-23-000015.txt')).toEqual(['Erik B. Nordstrom', 'Peter E. Nordstrom', 'Kenneth J. Worzel']);
  });

  it('a list of officers whose agreements were extended (1895 Bancorp, December 2024)', () => {
    const bank = people('0000943374-24-000509_1895bancorp_5.02.txt');
    expect(bank.map((p) => p.name)).toEqual([
      'David Ball',
      'Steven T. Klitzing',
      'Daniel Kempel',
      'Eric T. Hurd',
      'Monica Baker',
    ]);
    expect(bank[1]).toEqual({
      name: 'Steven T. Klitzing',
      role: 'Executive Vice President and Chief Financial Officer and Treasurer',
      change: 'compensation',
    });
  });

  it('names split by markup and glued initials (Acorn Energy, January 2025)', () => {
    expect(people('0001493152-25-001317_acorn_energy_5.02_9.01.nc')).toEqual([
      { name: 'Jan H. Loeb', role: 'President and CEO', change: 'compensation' },
    ]);
  });

  it('old and short forms: an election with a long biography, a retirement, two board departures', () => {
    // Exelon 2005: "Department of Homeland Security" and "Home Depot Corporation" in the biography are not people.
    expect(people('corpus/0000950137-05-004969.txt')).toEqual([
      { name: 'Thomas J. Ridge', role: 'Director', change: 'appointment' },
    ]);
    expect(people('corpus/8k_1002047_8K_2021_0001564590-21-031393.htm')).toEqual([
      { name: 'Brad Anderson', role: 'Executive Vice President', change: 'departure' },
    ]);
    // FedEx 2023: "Union Pacific Corporation" (Vena's new employer) is not a person.
    expect(people('corpus/8k_1048911_8K_2023_0001193125-23-199169.htm').map((p) => [p.name, p.change])).toEqual([
      ['V. James Vena', 'departure'],
      ['Kimberly A. Jabal', 'departure'],
    ]);
  });

  it('an 8-K without Item 5.02 carries no people', () => {
    const p = parseFiling(edgarFixture('0001193125-19-292676_aapl_8.01_9.01.txt'));
    expect(p.detail?.kind === 'current' && p.detail.people).toBeFalsy();
  });
});
