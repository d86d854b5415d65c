import { describe, expect, it } from 'vitest';
import { FindingsBuilder } from '../../core/plugin-api';
import type { LeiRecord } from './wire';
import { addLeiRecordFindings, leiIdentifierOf, organizationFieldsOf } from './mapping';

const record: LeiRecord = {
  lei: '984500NWTRADERS00003',
  legalName: 'NORTHWIND TRADERS INC',
  otherNames: ['Northwind', 'NORTHWIND'],
  transliteratedOtherNames: ['Nordwind Handel'],
  creationDate: '2001-02-03T00:00:00Z',
  jurisdiction: 'US-DE',
  registeredAs: '4455667',
  entityStatus: 'INACTIVE',
  legalAddress: {
    addressLines: ['1 HARBOR ROW'],
    city: 'WILMINGTON',
    region: 'US-DE',
    postalCode: '19801',
    country: 'US',
  },
  otherAddresses: [
    {
      addressLines: ['77 RIVER ROAD'],
      city: 'PORTLAND',
      region: 'US-OR',
      postalCode: '97201',
      country: 'US',
    },
  ],
  registration: { status: 'LAPSED', initialRegistrationDate: '2014-05-06T10:00:00Z' },
  bic: ['NWTRUS33XXX'],
  mic: [],
  ocid: 'us_de/4455667',
  spglobal: ['1', '2'],
};

describe('LEI record mapping', () => {
  it('maps the registration status and dates onto the LEI Identifier', () => {
    expect(leiIdentifierOf(record)).toEqual({
      unique_id: 'lei:984500NWTRADERS00003',
      id: '984500NWTRADERS00003',
      id_type: 'lei',
      status: 'LAPSED',
      creation_date: '2014-05-06T10:00:00Z',
    });
  });

  it('lowercases the legal name and gives Active from the entity status', () => {
    expect(organizationFieldsOf(record)).toEqual({
      legal_name: 'northwind traders inc',
      founding_date: '2001-02-03T00:00:00Z',
      jurisdiction: 'US-DE',
      registration_id: '4455667',
      active: false,
    });
    expect(organizationFieldsOf({ ...record, entityStatus: 'ACTIVE' }).active).toBe(true);
  });

  it('leaves Active unset when the record has no entity status', () => {
    const { entityStatus: _dropped, ...withoutStatus } = record;
    expect(organizationFieldsOf(withoutStatus)).not.toHaveProperty('active');
  });

  it('keeps the Organization name and links every identifier and address once', () => {
    const builder = new FindingsBuilder();
    const leiId = addLeiRecordFindings(builder, { unique_id: 'northwind', name: 'Northwind' }, record, {
      score: 70,
      matchType: 'exact',
    });
    const findings = builder.build();
    expect(leiId).toBe('Identifier:lei:984500nwtraders00003');
    expect(findings.entities[0]).toMatchObject({
      type: 'Organization',
      asset: { unique_id: 'northwind', name: 'Northwind' },
    });
    expect(findings.edges.map((edge) => `${edge.relation} ${edge.to}`)).toEqual([
      'id Identifier:lei:984500nwtraders00003',
      'id Identifier:legal_name:northwind traders inc',
      'id Identifier:org_name:northwind',
      'id Identifier:org_name:nordwind handel',
      'id Identifier:bic:nwtrus33xxx',
      'id Identifier:ocid:us_de/4455667',
      'id Identifier:spglobal:1',
      'id Identifier:spglobal:2',
      'legal_address Location:1 harbor row wilmington de 19801 us',
      'location Location:77 river road portland or 97201 us',
    ]);
    expect(findings.edges[0]?.properties).toEqual({ score: 70, match_type: 'exact' });
    expect(findings.dispatch).toEqual([]);
  });

  it("takes the Location's city, province, postal code and country from the record's own fields", () => {
    const builder = new FindingsBuilder();
    addLeiRecordFindings(
      builder,
      { unique_id: 'bagh traders', name: 'Bagh Traders' },
      {
        ...record,
        legalAddress: {
          addressLines: ['12/4, OLD MILL LANE', 'KAROL BAGH'],
          city: 'NEW DELHI',
          region: 'IN-DL',
          postalCode: '110005',
          country: 'IN',
        },
        otherAddresses: [],
      },
      { score: 70, matchType: 'exact' },
    );
    const locations = builder.build().entities.filter((entity) => entity.type === 'Location');
    expect(locations.map((entity) => entity.asset)).toEqual([
      expect.objectContaining({
        address: '12/4, OLD MILL LANE KAROL BAGH NEW DELHI DL 110005 IN',
        city: 'NEW DELHI',
        province: 'DL',
        postal_code: '110005',
        country: 'IN',
      }),
    ]);
  });
});
