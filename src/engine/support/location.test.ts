import { describe, expect, it } from 'vitest';
import { entityIdOf, type Location } from '../../shared/model/asset';
import {
  buildLeiAddressString,
  leiAddressToLocation,
  locationFromParts,
  streetAddressToLocation,
} from './location';

// Expected fields written by reading each address as a person would, not by running the parser.
const golden: [string, Omit<Location, 'address'>][] = [
  [
    'One Microsoft Way Redmond WA 98052-6399 US',
    {
      street_name: 'One Microsoft Way',
      city: 'Redmond',
      province: 'WA',
      postal_code: '98052-6399',
      country: 'US',
    },
  ],
  [
    '1600 Amphitheatre Parkway, Mountain View, CA, 94043, US',
    {
      building_number: '1600',
      street_name: 'Amphitheatre Parkway',
      city: 'Mountain View',
      province: 'CA',
      postal_code: '94043',
      country: 'US',
    },
  ],
  [
    '1 Apple Park Way Cupertino CA 95014 US',
    {
      building_number: '1',
      street_name: 'Apple Park Way',
      city: 'Cupertino',
      province: 'CA',
      postal_code: '95014',
      country: 'US',
    },
  ],
  [
    '410 Terry Avenue North, Seattle, WA 98109',
    {
      building_number: '410',
      street_name: 'Terry Avenue North',
      city: 'Seattle',
      province: 'WA',
      postal_code: '98109',
    },
  ],
  [
    '350 Fifth Avenue, New York, New York 10118, USA',
    {
      building_number: '350',
      street_name: 'Fifth Avenue',
      city: 'New York',
      province: 'New York',
      postal_code: '10118',
      country: 'US',
    },
  ],
  [
    'P.O. Box 1234, Wilmington, DE 19899, US',
    { po_box: '1234', city: 'Wilmington', province: 'DE', postal_code: '19899', country: 'US' },
  ],
  [
    '10 Downing Street, London, SW1A 2AA, United Kingdom',
    {
      building_number: '10',
      street_name: 'Downing Street',
      city: 'London',
      postal_code: 'SW1A 2AA',
      country: 'GB',
    },
  ],
  [
    '10 Downing Street London LND SW1A 2AA GB',
    {
      building_number: '10',
      street_name: 'Downing Street',
      city: 'London',
      province: 'LND',
      postal_code: 'SW1A 2AA',
      country: 'GB',
    },
  ],
  [
    'Friedrich-Ebert-Allee 140 Bonn 53113 DE',
    {
      street_name: 'Friedrich-Ebert-Allee',
      building_number: '140',
      city: 'Bonn',
      postal_code: '53113',
      country: 'DE',
    },
  ],
  [
    'Platz der Republik 1, 11011 Berlin, Germany',
    {
      street_name: 'Platz der Republik',
      building_number: '1',
      city: 'Berlin',
      postal_code: '11011',
      country: 'DE',
    },
  ],
  [
    '29 Boulevard Haussmann Paris 75009 FR',
    {
      building_number: '29',
      street_name: 'Boulevard Haussmann',
      city: 'Paris',
      postal_code: '75009',
      country: 'FR',
    },
  ],
  [
    '8 rue de Londres, 75009 Paris, France',
    {
      building_number: '8',
      street_name: 'rue de Londres',
      city: 'Paris',
      postal_code: '75009',
      country: 'FR',
    },
  ],
  [
    'Carel van Bylandtlaan 30 Den Haag ZH 2596 HR NL',
    {
      street_name: 'Carel van Bylandtlaan',
      building_number: '30',
      city: 'Den Haag',
      province: 'ZH',
      postal_code: '2596 HR',
      country: 'NL',
    },
  ],
  [
    'Prins Bernhardplein 200, 1097 JB Amsterdam, Netherlands',
    {
      street_name: 'Prins Bernhardplein',
      building_number: '200',
      city: 'Amsterdam',
      postal_code: '1097 JB',
      country: 'NL',
    },
  ],
  [
    '1-7-1 Konan Minato-ku Tokyo 13 108-0075 JP',
    {
      building_number: '1-7-1',
      street_name: 'Konan Minato-ku',
      city: 'Tokyo',
      province: '13',
      postal_code: '108-0075',
      country: 'JP',
    },
  ],
  [
    'Avenida Paulista 1578, São Paulo, SP, 01310-200, Brazil',
    {
      street_name: 'Avenida Paulista',
      building_number: '1578',
      city: 'São Paulo',
      province: 'SP',
      postal_code: '01310-200',
      country: 'BR',
    },
  ],
  [
    'Level 5, 1 Martin Place, Sydney NSW 2000, Australia',
    {
      unit: 'Level 5',
      building_number: '1',
      street_name: 'Martin Place',
      city: 'Sydney',
      province: 'NSW',
      postal_code: '2000',
      country: 'AU',
    },
  ],
  [
    '100 King Street West, Toronto, ON M5X 1A9, Canada',
    {
      building_number: '100',
      street_name: 'King Street West',
      city: 'Toronto',
      province: 'ON',
      postal_code: 'M5X 1A9',
      country: 'CA',
    },
  ],
  [
    'One Microsoft Place, South County Business Park, Leopardstown, Dublin 18, D18 P521, Ireland',
    {
      street_name: 'One Microsoft Place',
      building: 'South County Business Park, Leopardstown',
      city: 'Dublin 18',
      postal_code: 'D18 P521',
      country: 'IE',
    },
  ],
  [
    'Bahnhofstrasse 45, 8001 Zürich, Switzerland',
    {
      street_name: 'Bahnhofstrasse',
      building_number: '45',
      city: 'Zürich',
      postal_code: '8001',
      country: 'CH',
    },
  ],
  [
    'Via Roma 12 Milano 25 20121 IT',
    {
      street_name: 'Via Roma',
      building_number: '12',
      city: 'Milano',
      province: '25',
      postal_code: '20121',
      country: 'IT',
    },
  ],
  [
    '7, Rue du Marché Bertrange LU L-8050 LU',
    {
      building_number: '7',
      street_name: 'Rue du Marché',
      city: 'Bertrange',
      province: 'LU',
      postal_code: 'L-8050',
      country: 'LU',
    },
  ],
  [
    'Harbour Street 5 Dublin D D02 X123 IE',
    {
      street_name: 'Harbour Street',
      building_number: '5',
      city: 'Dublin',
      province: 'D',
      postal_code: 'D02 X123',
      country: 'IE',
    },
  ],
  [
    'Box 123 Lund M 221 00 SE',
    { po_box: '123', city: 'Lund', province: 'M', postal_code: '221 00', country: 'SE' },
  ],
  ['London, GB', { city: 'London', country: 'GB' }],
  ['Berlin', { city: 'Berlin' }],
];

describe('streetAddressToLocation', () => {
  it.each(golden)('reads %j', (address, expected) => {
    expect(streetAddressToLocation(address)).toEqual({ address, ...expected });
  });

  it('keys the Location by the input with white space collapsed', () => {
    expect(streetAddressToLocation('  1 Main  Street\n Springfield   62701 US ')?.address).toBe(
      '1 Main Street Springfield 62701 US',
    );
  });

  it('does not take a US state code at the end for a country', () => {
    expect(streetAddressToLocation('Mountain View, CA')).toEqual({
      address: 'Mountain View, CA',
      city: 'Mountain View',
      province: 'CA',
    });
  });

  it('does not take a leading house number for a postal code', () => {
    const location = streetAddressToLocation('12345 Main Street, Springfield, US');
    expect(location?.postal_code).toBeUndefined();
    expect(location?.building_number).toBe('12345');
  });

  it('upper-cases postal codes written in lower case', () => {
    expect(streetAddressToLocation('10 Downing Street, London, sw1a 2aa, GB')?.postal_code).toBe('SW1A 2AA');
  });

  it('keeps hostile text as plain data', () => {
    expect(streetAddressToLocation('<script>alert(1)</script> Town')?.address).toBe(
      '<script>alert(1)</script> Town',
    );
  });

  it('gives nothing for empty text', () => {
    expect(streetAddressToLocation('')).toBeUndefined();
    expect(streetAddressToLocation(' \n\t ')).toBeUndefined();
  });
});

describe('buildLeiAddressString', () => {
  it('joins lines, city, region without its country prefix, postal code and country', () => {
    expect(
      buildLeiAddressString({
        addressLines: ['One Microsoft Way'],
        city: 'Redmond',
        region: 'US-WA',
        postalCode: '98052-6399',
        country: 'US',
      }),
    ).toBe('One Microsoft Way Redmond WA 98052-6399 US');
  });

  it('skips empty parts instead of leaving double spaces', () => {
    expect(
      buildLeiAddressString({ addressLines: ['Line 1', '', 'Line 3'], city: 'Town', country: 'GB' }),
    ).toBe('Line 1 Line 3 Town GB');
  });

  it('keeps a region without a country prefix as it is', () => {
    expect(buildLeiAddressString({ city: 'Tokyo', region: 'Kanto', country: 'JP' })).toBe('Tokyo Kanto JP');
  });
});

describe('leiAddressToLocation', () => {
  it('uses the structured fields and the one-line layout as key', () => {
    const address = {
      addressLines: ['C/O Corporation Service Company', '251 Little Falls Drive'],
      city: 'Wilmington',
      region: 'US-DE',
      postalCode: '19808',
      country: 'US',
    };
    expect(leiAddressToLocation(address)).toEqual({
      address: buildLeiAddressString(address),
      street_name: 'C/O Corporation Service Company 251 Little Falls Drive',
      city: 'Wilmington',
      province: 'DE',
      postal_code: '19808',
      country: 'US',
    });
  });

  it('keys the Location by exactly the LEI one-line layout, with the region stripped of its prefix', () => {
    const addresses = [
      {
        addressLines: ['One Microsoft Way'],
        city: 'Redmond',
        region: 'US-WA',
        postalCode: '98052-6399',
        country: 'US',
      },
      {
        addressLines: ['  ', 'KAROL  BAGH'],
        city: 'NEW DELHI',
        region: ' IN-DL ',
        postalCode: '110005',
        country: 'IN',
      },
      {
        addressLines: ['1 Main Street'],
        city: 'Seattle',
        region: 'ＵＳ-ＷＡ',
        postalCode: '98101',
        country: 'US',
      },
      { city: 'Tokyo', region: 'Kanto', country: 'JP' },
    ];
    for (const address of addresses) {
      const location = leiAddressToLocation(address);
      expect(location?.address).toBe(buildLeiAddressString(address));
      expect(location?.address).not.toMatch(/\b[A-Z]{2}-/);
    }
    expect(addresses.map((address) => leiAddressToLocation(address)?.province)).toEqual([
      'WA',
      'DL',
      'WA',
      'Kanto',
    ]);
    expect(leiAddressToLocation(addresses[1] ?? {})).toMatchObject({
      address: 'KAROL BAGH NEW DELHI DL 110005 IN',
      street_name: 'KAROL BAGH',
      city: 'NEW DELHI',
      postal_code: '110005',
      country: 'IN',
    });
  });

  it('gives nothing for an address with only empty fields', () => {
    expect(leiAddressToLocation({ addressLines: [' '], region: '', country: '' })).toBeUndefined();
  });
});

describe('locationFromParts', () => {
  it('normalises the parts and keys the Location by them in address order', () => {
    expect(
      locationFromParts({
        street: ' 1600  Amphitheatre Parkway ',
        city: 'Mountain View',
        province: 'CA',
        postalCode: '94043',
        country: 'United States',
      }),
    ).toEqual({
      address: '1600 Amphitheatre Parkway Mountain View CA 94043 United States',
      building_number: '1600',
      street_name: 'Amphitheatre Parkway',
      city: 'Mountain View',
      province: 'CA',
      postal_code: '94043',
      country: 'US',
    });
  });

  it('gives the same key as the LEI layout for the same address', () => {
    const parts = {
      street: 'One Microsoft Way',
      city: 'Redmond',
      province: 'WA',
      postalCode: '98052-6399',
      country: 'US',
    };
    expect(locationFromParts(parts)?.address).toBe(
      buildLeiAddressString({
        addressLines: ['One Microsoft Way'],
        city: 'Redmond',
        region: 'US-WA',
        postalCode: '98052-6399',
        country: 'US',
      }),
    );
  });

  it('keeps an unrecognised country as written', () => {
    expect(locationFromParts({ city: 'Atlantis', country: 'Lemuria' })?.country).toBe('Lemuria');
  });

  it('gives nothing when every part is empty', () => {
    expect(locationFromParts({ street: ' ', city: '' })).toBeUndefined();
  });
});

describe('Location ids across sources', () => {
  // GLEIF's record of Microsoft's headquarters as the recorded reply spells it, and the same
  // address as a WHOIS registrant block (parts) and an RDAP vCard label (one line) write it.
  const gleif = leiAddressToLocation({
    addressLines: ['ONE MICROSOFT WAY'],
    city: 'REDMOND',
    region: 'US-WA',
    postalCode: '98052-8300',
    country: 'US',
  });
  const whois = locationFromParts({
    street: 'One Microsoft Way',
    city: 'Redmond',
    province: 'WA',
    postalCode: '98052-8300',
    country: 'United States',
  });
  const rdap = streetAddressToLocation('One Microsoft Way\nRedmond, WA 98052-8300\nUnited States');

  it('gives the GLEIF, WHOIS and RDAP spellings of one address one entity id', () => {
    const ids = [gleif, whois, rdap].map((location) => location && entityIdOf('Location', location));
    expect(new Set(ids)).toEqual(new Set(['Location:one microsoft way redmond wa 98052 8300 us']));
  });

  it("keeps each source's spelling as the displayed address", () => {
    expect([gleif?.address, whois?.address, rdap?.address]).toEqual([
      'ONE MICROSOFT WAY REDMOND WA 98052-8300 US',
      'One Microsoft Way Redmond WA 98052-8300 United States',
      'One Microsoft Way Redmond, WA 98052-8300 United States',
    ]);
  });
});

describe('the country field of a Location', () => {
  it.each([
    ['Österreich', 'AT'],
    ['Côte d’Ivoire', 'CI'],
    ['Allemagne', 'DE'],
    ['DEU', 'DE'],
  ])('writes %s as its ISO code %s, from the maintained table', (country, code) => {
    expect(locationFromParts({ city: 'Somewhere', country })?.country).toBe(code);
  });
});
