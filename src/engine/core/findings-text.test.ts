import { describe, expect, it } from 'vitest';
import { FindingsBuilder } from '../graph/findings';
import { cleanFindingsText } from './findings-text';

function contactWithEmail(address: string) {
  const builder = new FindingsBuilder();
  const contact = builder.entity('ContactRecord', { discovered_at: 'contact-1' });
  const email = builder.entity('Identifier', {
    unique_id: `email:${address}`,
    id: address,
    id_type: 'email',
  });
  builder.edge(contact, 'id', email).dispatch(email);
  return builder.build();
}

describe('findings text where it enters', () => {
  it('does not accept an e-mail identifier holding markup as an e-mail', () => {
    const findings = cleanFindingsText(contactWithEmail('<img src=x onerror=alert(1)>@evil.test'));
    expect(findings.entities.map((item) => item.type)).toEqual(['ContactRecord']);
    expect(findings.edges).toEqual([]);
    expect(findings.dispatch).toEqual([]);
  });

  it('keeps an e-mail address that is one', () => {
    const findings = cleanFindingsText(contactWithEmail('noc@example.com'));
    expect(findings.entities).toHaveLength(2);
    expect(findings.dispatch).toEqual(['Identifier:email:noc@example.com']);
  });

  it('moves edges and dispatches to the id a cleaned key gives', () => {
    const findings = cleanFindingsText(contactWithEmail('n\u200Boc@example.com'));
    expect(findings.edges.map((edge) => edge.to)).toEqual(['Identifier:email:noc@example.com']);
    expect(findings.dispatch).toEqual(['Identifier:email:noc@example.com']);
  });
});
