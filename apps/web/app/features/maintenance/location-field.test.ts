import { describe, expect, it } from 'vitest';
import { maintenanceRequestBody } from '@pool/contracts/maintenance';
import { locationBody, type LocationValues } from './location-field.tsx';

const all: LocationValues = {
  mode: 'address',
  address_id: '7',
  lat: '24.7136',
  lng: '46.6753',
  short_code: ' rrrd2929 ',
  city_id: '3',
};

describe('the request body of the chosen way of location', () => {
  it('sends only the chosen way, so the API never sees two', () => {
    expect(locationBody(all)).toEqual({ address_id: '7' });
    expect(locationBody({ ...all, mode: 'pin' })).toEqual({ lat: '24.7136', lng: '46.6753', city_id: '3' });
    expect(locationBody({ ...all, mode: 'short_code' })).toEqual({ short_code: 'RRRD2929', city_id: '3' });
  });

  it('passes the API schema for each way (a visit far ahead)', () => {
    const base = { problem: 'The pump stopped', place: 'Back yard', images: [], date: '2099-01-05', time: '10:00' };
    for (const mode of ['address', 'pin', 'short_code'] as const) {
      const parsed = maintenanceRequestBody.safeParse({ ...base, ...locationBody({ ...all, mode }) });
      expect(parsed.success, mode).toBe(true);
    }
    // Without a city the pin is refused at the city field.
    const noCity = maintenanceRequestBody.safeParse({ ...base, ...locationBody({ ...all, mode: 'pin', city_id: '' }) });
    expect(noCity.error?.issues.map((i) => i.path.join('.'))).toEqual(['city_id']);
  });
});
