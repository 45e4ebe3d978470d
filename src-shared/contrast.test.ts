import { describe, expect, it } from 'vitest';
import { BRANDS, BRAND_IDS } from './brands';
import { checkThemeContrast, contrastRatio } from './contrast';

describe('contrast', () => {
  it('matches WCAG reference ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // #767676 on white is the well-known lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('passes every shipped brand and fails a pale primary', () => {
    for (const id of BRAND_IDS)
      expect(
        checkThemeContrast(BRANDS[id].ui).every((c) => c.passes),
        id,
      ).toBe(true);
    const pale = checkThemeContrast({ primaryColor: '#9ec5fe', accentColor: '#0ea5e9' });
    expect(pale.filter((c) => !c.passes).map((c) => c.label)).toEqual([
      'White text on the primary colour (buttons, logo)',
      'Primary colour as link text on the light theme',
    ]);
  });

  it('treats a malformed colour as failing, never as a crash', () => {
    expect(checkThemeContrast({ primaryColor: 'blue', accentColor: '#0ea5e9' })[0]).toMatchObject({
      ratio: 0,
      passes: false,
    });
  });
});
