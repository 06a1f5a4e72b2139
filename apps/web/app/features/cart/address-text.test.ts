import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { addressText, bareDistrict } from './address-text.ts';

const address = {
  city: 'الرياض',
  district: 'حي الملقا',
  street: 'طريق الملك فهد',
  building_number: '1234',
  postal_code: '13521',
};

describe('the address line', () => {
  it('says the district word once, however the district was typed', () => {
    const ar = createI18n('ar').t;
    for (const district of ['حي الملقا', 'الملقا', ' حي  الملقا ']) {
      const line = addressText(ar, { ...address, district });
      expect(line, district).toContain('حي الملقا،');
      expect(line, district).not.toMatch(/حي\s+حي/);
    }
    const en = createI18n('en').t;
    expect(addressText(en, { ...address, district: 'Al Malqa District' })).toContain(', Al Malqa district,');
    expect(addressText(en, { ...address, district: 'District Al Malqa' })).not.toMatch(/district.*district/i);
  });

  it('keeps a district that only contains the word inside a name', () => {
    expect(bareDistrict('الحي الدبلوماسي')).toBe('الحي الدبلوماسي');
    expect(bareDistrict('Districtview')).toBe('Districtview');
  });
});
