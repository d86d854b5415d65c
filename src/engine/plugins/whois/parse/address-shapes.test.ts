import { describe, expect, it } from 'vitest';
import { cityCommaCountry, postcodeCountry, zipCityCountryCode } from './address-shapes';

describe('address shapes', () => {
  it('reads street, city, postcode and country written one to a line', () => {
    expect(postcodeCountry(['1 Example Road', 'Springfield', '94043', 'United States'])).toEqual({
      street: ['1 Example Road'],
      city: 'Springfield',
      province: undefined,
      postalCode: '94043',
      country: 'United States',
    });
  });

  it('takes the line before the postcode as the county when three or more lines precede it', () => {
    expect(postcodeCountry(['1 Example Road', 'Oxford', 'Oxon', 'OX4 4DQ', 'United Kingdom'])).toMatchObject({
      city: 'Oxford',
      province: 'Oxon',
    });
  });

  it('does not take a street with a house number for a postcode', () => {
    expect(
      postcodeCountry(['Example House', 'Springfield', '12 Example Road', 'United States']),
    ).toBeUndefined();
  });

  it('reads a `<city>,` line followed by a country line', () => {
    expect(cityCommaCountry(['Example Cd. No:61', 'Istanbul,', 'Turkiye'])).toEqual({
      street: ['Example Cd. No:61'],
      city: 'Istanbul',
      country: 'Turkiye',
    });
  });

  it('reads a `<postal code> <city>` line followed by a country code', () => {
    expect(zipCityCountryCode(['Example Av., 51', '03110 KYIV', 'UA'])).toEqual({
      street: ['Example Av., 51'],
      postalCode: '03110',
      city: 'KYIV',
      country: 'UA',
    });
  });

  it('leaves lines of no known shape alone', () => {
    expect(zipCityCountryCode(['Mountain View', '1600 Example Parkway'])).toBeUndefined();
    expect(cityCommaCountry(['1 Example Road', 'Springfield'])).toBeUndefined();
  });
});
