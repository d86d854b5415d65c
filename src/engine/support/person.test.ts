import { describe, expect, it } from 'vitest';
import { fullNameToPerson } from './person';

describe('fullNameToPerson', () => {
  it('splits a first and last name', () => {
    expect(fullNameToPerson('Jane Doe')).toEqual({
      unique_id: 'jane doe',
      full_name: 'Jane Doe',
      first_name: 'Jane',
      family_name: 'Doe',
    });
  });

  it('keeps a middle name', () => {
    expect(fullNameToPerson('John Quincy Adams')).toMatchObject({
      full_name: 'John Quincy Adams',
      middle_name: 'Quincy',
    });
  });

  it('reads "Last, First" and gives the same identity as "First Last"', () => {
    expect(fullNameToPerson('Doe, Jane')?.unique_id).toBe(fullNameToPerson('Jane Doe')?.unique_id);
  });

  it('leaves titles out of the identity and keeps suffixes', () => {
    expect(fullNameToPerson('Dr. Jane Doe')?.unique_id).toBe('jane doe');
    expect(fullNameToPerson('Martin Luther King Jr.')?.full_name).toMatch(/, Jr\.?$/);
  });

  it('fixes the case of an all-caps name for display and lower-cases the id', () => {
    expect(fullNameToPerson('JANE   DOE')).toMatchObject({ full_name: 'Jane Doe', unique_id: 'jane doe' });
  });

  it('keeps non-Latin names as written after NFKC', () => {
    expect(fullNameToPerson('Zoë Müller')).toMatchObject({ first_name: 'Zoë', family_name: 'Müller' });
  });

  it('rejects a single name', () => {
    expect(fullNameToPerson('Madonna')).toBeUndefined();
    expect(fullNameToPerson('')).toBeUndefined();
  });

  it.each([
    'Google LLC',
    'Domain Administrator',
    'REDACTED FOR PRIVACY',
    'Hostmaster',
    'NOC Team',
    'Acme Widgets GmbH',
    'Microsoft Corporation',
    'Network Operations',
    'Data Protected',
    'Not Disclosed Not Disclosed',
    'Registration Private',
  ])('rejects the organisation or role name %j', (text) => {
    expect(fullNameToPerson(text)).toBeUndefined();
  });

  it('rejects strings with digits or @', () => {
    expect(fullNameToPerson('Jane Doe 2')).toBeUndefined();
    expect(fullNameToPerson('jane@example.com')).toBeUndefined();
  });
});
