import { describe, expect, it } from 'vitest';
import { classifySic, sectorForSic, SECTORS, titleCaseSic } from './sic';
import { SEC_SIC_CODES } from './sic-codes';

describe('SIC -> sector and industry', () => {
  // SIC codes and descriptions as the companies' EDGAR submissions JSON states them.
  it.each([
    ['3571', 'Electronic Computers', 'Information Technology'], // Apple
    ['7372', 'Services-Prepackaged Software', 'Information Technology'], // Microsoft
    ['3711', 'Motor Vehicles & Passenger Car Bodies', 'Consumer Discretionary'], // Tesla
    ['3674', 'Semiconductors & Related Devices', 'Information Technology'], // NVIDIA
    ['5961', 'Retail-Catalog & Mail-Order Houses', 'Consumer Discretionary'], // Amazon
    ['2834', 'Pharmaceutical Preparations', 'Health Care'],
    ['6021', 'National Commercial Banks', 'Financials'],
    ['6798', 'Real Estate Investment Trusts', 'Real Estate'],
    ['4911', 'Electric Services', 'Utilities'],
    ['1311', 'Crude Petroleum & Natural Gas', 'Energy'],
    ['4813', 'Telephone Communications (No Radiotelephone)', 'Communication Services'],
  ])('%s %s -> %s', (sic, description, sector) => {
    expect(classifySic(sic, description)).toEqual({ sector, industry: description });
  });

  it("fills the industry from SEC's table when EDGAR gave no description", () => {
    expect(classifySic(3571)).toEqual({ sector: 'Information Technology', industry: 'Electronic Computers' });
    expect(classifySic('0100')).toEqual({ sector: 'Consumer Staples', industry: 'Agricultural Production-Crops' });
    expect(titleCaseSic('SERVICES-PREPACKAGED SOFTWARE')).toBe('Services-Prepackaged Software');
  });

  it("gives every operating SIC code on SEC's list a sector; unknown input gives nulls", () => {
    const nonOperating = new Set([8880, 8888, 9721, 9995]);
    for (const [code] of SEC_SIC_CODES) {
      const sector = sectorForSic(code);
      if (nonOperating.has(code)) expect(sector).toBeNull();
      else expect(SECTORS).toContain(sector);
    }
    expect(classifySic(null)).toEqual({ sector: null, industry: null });
    expect(classifySic('abc', '')).toEqual({ sector: null, industry: null });
  });
});
