import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TypedAsset } from '../../../shared/model/asset';
import {
  openRdapHarness,
  startFakeRdapServer,
  type FakeRdapServer,
} from '../../../../test/fakes/rdap-server';
import { fixturesDir, haveFixtures } from '../../../../test/support/fixtures-dir';

// Expectations written from the recorded replies under $FIXTURES_DIR/rdap/responses/<rir>/: the
// record fields, every contact entity with its roles (registrant only at the top level, then
// administrative, abuse, technical), self links or handles, and what each jCard holds.

const as = (number: number): TypedAsset => ({ type: 'AutonomousSystem', asset: { number } });
const netblock = (cidr: string): TypedAsset => ({
  type: 'Netblock',
  asset: { cidr, type: cidr.includes(':') ? 'IPv6' : 'IPv4' },
});

interface ConformanceCase {
  registry: 'ARIN' | 'RIPE' | 'APNIC' | 'LACNIC' | 'AFRINIC';
  title: string;
  seed: TypedAsset;
  /** Object requests the fake registries receive, in order (redirect hops included). */
  requests: string[];
  record: string;
  /** The record's OAM fields except `raw`. */
  fields: Record<string, unknown>;
  entities: string[];
  edges: string[];
}

const CASES: ConformanceCase[] = [
  {
    registry: 'ARIN',
    title:
      'an AS gives its AutnumRecord, the registrant organisation and the nested contact with admin precedence',
    seed: as(63311),
    requests: ['/arin/autnum/63311'],
    record: 'AutnumRecord:AS63311',
    fields: {
      number: 63311,
      handle: 'AS63311',
      name: '20C',
      created_date: '2014-11-17T19:28:43Z',
      updated_date: '2018-10-25T02:58:16Z',
      whois_server: 'whois.arin.net',
      status: ['active'],
    },
    entities: [
      'AutnumRecord:AS63311',
      'AutonomousSystem:63311',
      'ContactRecord:https://rdap.arin.net/registry/entity/CL-672',
      'ContactRecord:https://rdap.arin.net/registry/entity/NETWO7047-ARIN',
      'FQDN:whois.arin.net',
      'Identifier:email:neteng@20c.com',
      'Location:303 W Ohio #1701, Chicago, IL, 60654, United States',
      'Location:603 Discovery Dr, West Chicago, IL, 60185, United States',
      'Organization:20c llc',
      'Phone:+19786360020',
      'URL:https://rdap.arin.net/registry/autnum/63311',
      'URL:https://rdap.arin.net/registry/entity/CL-672',
      'URL:https://rdap.arin.net/registry/entity/NETWO7047-ARIN',
    ],
    edges: [
      'AutnumRecord:AS63311|admin_contact|ContactRecord:https://rdap.arin.net/registry/entity/NETWO7047-ARIN',
      'AutnumRecord:AS63311|rdap_url|URL:https://rdap.arin.net/registry/autnum/63311',
      'AutnumRecord:AS63311|registrant|ContactRecord:https://rdap.arin.net/registry/entity/CL-672',
      'AutnumRecord:AS63311|whois_server|FQDN:whois.arin.net',
      'AutonomousSystem:63311|registration|AutnumRecord:AS63311',
      'ContactRecord:https://rdap.arin.net/registry/entity/CL-672|location|Location:303 W Ohio #1701, Chicago, IL, 60654, United States',
      'ContactRecord:https://rdap.arin.net/registry/entity/CL-672|organization|Organization:20c llc',
      'ContactRecord:https://rdap.arin.net/registry/entity/CL-672|url|URL:https://rdap.arin.net/registry/entity/CL-672',
      'ContactRecord:https://rdap.arin.net/registry/entity/NETWO7047-ARIN|id|Identifier:email:neteng@20c.com',
      'ContactRecord:https://rdap.arin.net/registry/entity/NETWO7047-ARIN|location|Location:603 Discovery Dr, West Chicago, IL, 60185, United States',
      'ContactRecord:https://rdap.arin.net/registry/entity/NETWO7047-ARIN|phone|Phone:+19786360020',
      'ContactRecord:https://rdap.arin.net/registry/entity/NETWO7047-ARIN|url|URL:https://rdap.arin.net/registry/entity/NETWO7047-ARIN',
    ],
  },
  {
    registry: 'ARIN',
    title:
      'a netblock gives its IPNetRecord with zero-padded addresses normalised, the registrant and the nested contact',
    seed: netblock('74.125.0.0/16'),
    requests: ['/arin/ip/74.125.0.0/16'],
    record: 'IPNetRecord:NET-74-125-0-0-1',
    fields: {
      cidr: '74.125.0.0/16',
      handle: 'NET-74-125-0-0-1',
      start_address: '74.125.0.0',
      end_address: '74.125.255.255',
      type: 'IPv4',
      name: 'GOOGLE',
      created_date: '2007-03-13T16:09:54Z',
      updated_date: '2012-02-24T14:44:34Z',
      parent_handle: 'NET-74-0-0-0-0',
      whois_server: 'whois.arin.net',
    },
    entities: [
      'ContactRecord:https://rdap.arin.net/registry/entity/GOGL',
      'ContactRecord:https://rdap.arin.net/registry/entity/ZG39-ARIN',
      'FQDN:whois.arin.net',
      'IPNetRecord:NET-74-125-0-0-1',
      'Identifier:email:arin-contact@google.com',
      'Location:1600 Amphitheatre Parkway, Mountain View, CA, 94043, UNITED STATES',
      'Netblock:74.125.0.0/16',
      'Organization:google inc',
      'Phone:+16502530000',
      'URL:https://rdap.arin.net/registry/entity/GOGL',
      'URL:https://rdap.arin.net/registry/entity/ZG39-ARIN',
      'URL:https://rdap.arin.net/registry/ip/074.125.000.000',
    ],
    edges: [
      'ContactRecord:https://rdap.arin.net/registry/entity/GOGL|location|Location:1600 Amphitheatre Parkway, Mountain View, CA, 94043, UNITED STATES',
      'ContactRecord:https://rdap.arin.net/registry/entity/GOGL|organization|Organization:google inc',
      'ContactRecord:https://rdap.arin.net/registry/entity/GOGL|url|URL:https://rdap.arin.net/registry/entity/GOGL',
      'ContactRecord:https://rdap.arin.net/registry/entity/ZG39-ARIN|id|Identifier:email:arin-contact@google.com',
      'ContactRecord:https://rdap.arin.net/registry/entity/ZG39-ARIN|location|Location:1600 Amphitheatre Parkway, Mountain View, CA, 94043, UNITED STATES',
      'ContactRecord:https://rdap.arin.net/registry/entity/ZG39-ARIN|phone|Phone:+16502530000',
      'ContactRecord:https://rdap.arin.net/registry/entity/ZG39-ARIN|url|URL:https://rdap.arin.net/registry/entity/ZG39-ARIN',
      'IPNetRecord:NET-74-125-0-0-1|admin_contact|ContactRecord:https://rdap.arin.net/registry/entity/ZG39-ARIN',
      'IPNetRecord:NET-74-125-0-0-1|rdap_url|URL:https://rdap.arin.net/registry/ip/074.125.000.000',
      'IPNetRecord:NET-74-125-0-0-1|registrant|ContactRecord:https://rdap.arin.net/registry/entity/GOGL',
      'IPNetRecord:NET-74-125-0-0-1|whois_server|FQDN:whois.arin.net',
      'Netblock:74.125.0.0/16|registration|IPNetRecord:NET-74-125-0-0-1',
    ],
  },
  {
    registry: 'RIPE',
    title:
      'an AS the bootstrap still gives to ARIN is redirected to RIPE; contacts without self links or vCards are kept by handle',
    seed: as(1234),
    requests: ['/arin/autnum/1234', '/ripe/autnum/1234'],
    record: 'AutnumRecord:AS1234',
    fields: {
      number: 1234,
      handle: 'AS1234',
      name: 'FORTUM-AS',
      created_date: '',
      updated_date: '2017-11-15T10:13:23Z',
      whois_server: 'whois.ripe.net',
    },
    entities: [
      'AutnumRecord:AS1234',
      'AutonomousSystem:1234',
      'ContactRecord:rdap-handle:JK6864-RIPE',
      'ContactRecord:rdap-handle:KS2114-RIPE',
      'ContactRecord:rdap-handle:TE-ENERGY-NOC',
      'ContactRecord:rdap-handle:TT18-RIPE',
      'FQDN:whois.ripe.net',
      'URL:https://rdap.db.ripe.net/autnum/1234',
    ],
    edges: [
      'AutnumRecord:AS1234|admin_contact|ContactRecord:rdap-handle:TT18-RIPE',
      'AutnumRecord:AS1234|rdap_url|URL:https://rdap.db.ripe.net/autnum/1234',
      'AutnumRecord:AS1234|registrant|ContactRecord:rdap-handle:TE-ENERGY-NOC',
      'AutnumRecord:AS1234|technical_contact|ContactRecord:rdap-handle:JK6864-RIPE',
      'AutnumRecord:AS1234|technical_contact|ContactRecord:rdap-handle:KS2114-RIPE',
      'AutnumRecord:AS1234|whois_server|FQDN:whois.ripe.net',
      'AutonomousSystem:1234|registration|AutnumRecord:AS1234',
    ],
  },
  {
    registry: 'RIPE',
    title:
      'an IPv6 netblock gives the abuse contact with its e-mails and the nested contacts, not the nested registrant',
    seed: netblock('2a00:2381:ffff::/64'),
    requests: ['/ripe/ip/2a00:2381:ffff::/64'],
    record: 'IPNetRecord:2a00:2381:ffff::/64',
    fields: {
      cidr: '2a00:2381:ffff::/64',
      handle: '2a00:2381:ffff::/64',
      start_address: '2a00:2381:ffff::',
      end_address: '2a00:2381:ffff:0:ffff:ffff:ffff:ffff',
      type: 'IPv6',
      name: 'BT-WORLD-IPVSIX-LAUNCH',
      created_date: '',
      updated_date: '2012-05-29T09:49:44Z',
      method: 'Assigned',
      country: 'GB',
      whois_server: 'whois.ripe.net',
    },
    entities: [
      'ContactRecord:rdap-handle:BCER1-RIPE',
      'ContactRecord:rdap-handle:BTCR3-RIPE',
      'ContactRecord:rdap-handle:LBH1-RIPE',
      'ContactRecord:rdap-handle:SAM62-RIPE',
      'ContactRecord:rdap-handle:SW4727-RIPE',
      'FQDN:whois.ripe.net',
      'IPNetRecord:2a00:2381:ffff::/64',
      'Identifier:email:lee.bailey-hague@bt.com',
      'Identifier:email:steve.a.marshall@bt.com',
      'Identifier:email:zzdnsr@bt.com',
      'Location:British Telecommunications, 81 Newgate Street, London GB',
      'Netblock:2a00:2381:ffff::/64',
      'URL:https://rdap.db.ripe.net/ip/2a00:2381:ffff::1',
    ],
    edges: [
      'ContactRecord:rdap-handle:BTCR3-RIPE|id|Identifier:email:lee.bailey-hague@bt.com',
      'ContactRecord:rdap-handle:BTCR3-RIPE|id|Identifier:email:steve.a.marshall@bt.com',
      'ContactRecord:rdap-handle:BTCR3-RIPE|id|Identifier:email:zzdnsr@bt.com',
      'ContactRecord:rdap-handle:BTCR3-RIPE|location|Location:British Telecommunications, 81 Newgate Street, London GB',
      'IPNetRecord:2a00:2381:ffff::/64|abuse_contact|ContactRecord:rdap-handle:BTCR3-RIPE',
      'IPNetRecord:2a00:2381:ffff::/64|admin_contact|ContactRecord:rdap-handle:BCER1-RIPE',
      'IPNetRecord:2a00:2381:ffff::/64|admin_contact|ContactRecord:rdap-handle:LBH1-RIPE',
      'IPNetRecord:2a00:2381:ffff::/64|admin_contact|ContactRecord:rdap-handle:SAM62-RIPE',
      'IPNetRecord:2a00:2381:ffff::/64|admin_contact|ContactRecord:rdap-handle:SW4727-RIPE',
      'IPNetRecord:2a00:2381:ffff::/64|rdap_url|URL:https://rdap.db.ripe.net/ip/2a00:2381:ffff::1',
      'IPNetRecord:2a00:2381:ffff::/64|whois_server|FQDN:whois.ripe.net',
      'Netblock:2a00:2381:ffff::/64|registration|IPNetRecord:2a00:2381:ffff::/64',
    ],
  },
  {
    registry: 'APNIC',
    title: 'an AS without a registration event is stored, with its abuse and infrastructure contacts',
    seed: as(4608),
    requests: ['/apnic/autnum/4608'],
    record: 'AutnumRecord:AS4608',
    fields: {
      number: 4608,
      handle: 'AS4608',
      name: 'APNIC-SERVICES',
      created_date: '',
      updated_date: '2019-06-09T22:38:30Z',
      whois_server: 'whois.apnic.net',
    },
    entities: [
      'AutnumRecord:AS4608',
      'AutonomousSystem:4608',
      'ContactRecord:https://rdap.apnic.net/entity/AIC1-AP',
      'ContactRecord:https://rdap.apnic.net/entity/IRT-APNIC-IS-AP',
      'FQDN:whois.apnic.net',
      'Identifier:email:noc@apnic.net',
      'Location:6 Cordelia Street, South Brisbane, QLD 4101',
      'Location:South Brisbane, Australia',
      'Phone:+61738583100',
      'Phone:+61738583199',
      'URL:https://rdap.apnic.net/autnum/4608',
      'URL:https://rdap.apnic.net/entity/AIC1-AP',
      'URL:https://rdap.apnic.net/entity/IRT-APNIC-IS-AP',
    ],
    edges: [
      'AutnumRecord:AS4608|abuse_contact|ContactRecord:https://rdap.apnic.net/entity/IRT-APNIC-IS-AP',
      'AutnumRecord:AS4608|admin_contact|ContactRecord:https://rdap.apnic.net/entity/AIC1-AP',
      'AutnumRecord:AS4608|rdap_url|URL:https://rdap.apnic.net/autnum/4608',
      'AutnumRecord:AS4608|whois_server|FQDN:whois.apnic.net',
      'AutonomousSystem:4608|registration|AutnumRecord:AS4608',
      'ContactRecord:https://rdap.apnic.net/entity/AIC1-AP|id|Identifier:email:noc@apnic.net',
      'ContactRecord:https://rdap.apnic.net/entity/AIC1-AP|location|Location:6 Cordelia Street, South Brisbane, QLD 4101',
      'ContactRecord:https://rdap.apnic.net/entity/AIC1-AP|phone|Phone:+61738583100',
      'ContactRecord:https://rdap.apnic.net/entity/AIC1-AP|phone|Phone:+61738583199',
      'ContactRecord:https://rdap.apnic.net/entity/AIC1-AP|url|URL:https://rdap.apnic.net/entity/AIC1-AP',
      'ContactRecord:https://rdap.apnic.net/entity/IRT-APNIC-IS-AP|id|Identifier:email:noc@apnic.net',
      'ContactRecord:https://rdap.apnic.net/entity/IRT-APNIC-IS-AP|location|Location:South Brisbane, Australia',
      'ContactRecord:https://rdap.apnic.net/entity/IRT-APNIC-IS-AP|url|URL:https://rdap.apnic.net/entity/IRT-APNIC-IS-AP',
    ],
  },
  {
    registry: 'APNIC',
    title:
      'a netblock gives its IPNetRecord, the registrant organisation, admin and abuse contacts with voice and fax',
    seed: netblock('1.1.1.0/24'),
    requests: ['/apnic/ip/1.1.1.0/24'],
    record: 'IPNetRecord:1.1.1.0 - 1.1.1.255',
    fields: {
      cidr: '1.1.1.0/24',
      handle: '1.1.1.0 - 1.1.1.255',
      start_address: '1.1.1.0',
      end_address: '1.1.1.255',
      type: 'IPv4',
      name: 'APNIC-LABS',
      created_date: '2011-08-10T23:12:35Z',
      updated_date: '2023-04-26T22:57:58Z',
      status: ['active'],
      method: 'ASSIGNED PORTABLE',
      country: 'AU',
      whois_server: 'whois.apnic.net',
    },
    entities: [
      'ContactRecord:https://rdap.apnic.net/entity/AIC3-AP',
      'ContactRecord:https://rdap.apnic.net/entity/IRT-APNICRANDNET-AU',
      'ContactRecord:https://rdap.apnic.net/entity/ORG-ARAD1-AP',
      'FQDN:whois.apnic.net',
      'IPNetRecord:1.1.1.0 - 1.1.1.255',
      'Identifier:email:helpdesk@apnic.net',
      'Identifier:email:research@apnic.net',
      'Location:6 Cordelia St',
      'Location:6 Cordelia St South Brisbane QLD 4101',
      'Location:PO Box 3646, South Brisbane, QLD 4101, Australia',
      'Netblock:1.1.1.0/24',
      'Organization:apnic research and development',
      'Phone:+61738583100',
      'Phone:+61738583199',
      'URL:https://rdap.apnic.net/entity/AIC3-AP',
      'URL:https://rdap.apnic.net/entity/IRT-APNICRANDNET-AU',
      'URL:https://rdap.apnic.net/entity/ORG-ARAD1-AP',
      'URL:https://rdap.apnic.net/ip/1.1.1.0/24',
    ],
    edges: [
      'ContactRecord:https://rdap.apnic.net/entity/AIC3-AP|id|Identifier:email:research@apnic.net',
      'ContactRecord:https://rdap.apnic.net/entity/AIC3-AP|location|Location:6 Cordelia St South Brisbane QLD 4101',
      'ContactRecord:https://rdap.apnic.net/entity/AIC3-AP|phone|Phone:+61738583100',
      'ContactRecord:https://rdap.apnic.net/entity/AIC3-AP|url|URL:https://rdap.apnic.net/entity/AIC3-AP',
      'ContactRecord:https://rdap.apnic.net/entity/IRT-APNICRANDNET-AU|id|Identifier:email:helpdesk@apnic.net',
      'ContactRecord:https://rdap.apnic.net/entity/IRT-APNICRANDNET-AU|location|Location:PO Box 3646, South Brisbane, QLD 4101, Australia',
      'ContactRecord:https://rdap.apnic.net/entity/IRT-APNICRANDNET-AU|url|URL:https://rdap.apnic.net/entity/IRT-APNICRANDNET-AU',
      'ContactRecord:https://rdap.apnic.net/entity/ORG-ARAD1-AP|id|Identifier:email:helpdesk@apnic.net',
      'ContactRecord:https://rdap.apnic.net/entity/ORG-ARAD1-AP|location|Location:6 Cordelia St',
      'ContactRecord:https://rdap.apnic.net/entity/ORG-ARAD1-AP|organization|Organization:apnic research and development',
      'ContactRecord:https://rdap.apnic.net/entity/ORG-ARAD1-AP|phone|Phone:+61738583100',
      'ContactRecord:https://rdap.apnic.net/entity/ORG-ARAD1-AP|phone|Phone:+61738583199',
      'ContactRecord:https://rdap.apnic.net/entity/ORG-ARAD1-AP|url|URL:https://rdap.apnic.net/entity/ORG-ARAD1-AP',
      'IPNetRecord:1.1.1.0 - 1.1.1.255|abuse_contact|ContactRecord:https://rdap.apnic.net/entity/IRT-APNICRANDNET-AU',
      'IPNetRecord:1.1.1.0 - 1.1.1.255|admin_contact|ContactRecord:https://rdap.apnic.net/entity/AIC3-AP',
      'IPNetRecord:1.1.1.0 - 1.1.1.255|rdap_url|URL:https://rdap.apnic.net/ip/1.1.1.0/24',
      'IPNetRecord:1.1.1.0 - 1.1.1.255|registrant|ContactRecord:https://rdap.apnic.net/entity/ORG-ARAD1-AP',
      'IPNetRecord:1.1.1.0 - 1.1.1.255|whois_server|FQDN:whois.apnic.net',
      'Netblock:1.1.1.0/24|registration|IPNetRecord:1.1.1.0 - 1.1.1.255',
    ],
  },
  {
    registry: 'LACNIC',
    title:
      'an AS gives its individual contact as a Person, its company registrant marked individual as an Organization, and a structured address with the country code for the phone',
    seed: as(27648),
    requests: ['/lacnic/autnum/27648'],
    record: 'AutnumRecord:27648',
    fields: {
      number: 27648,
      handle: '27648',
      name: '',
      created_date: '2002-11-27T15:00:00Z',
      updated_date: '2005-02-25T14:00:00Z',
      whois_server: 'whois.lacnic.net',
    },
    entities: [
      'AutnumRecord:27648',
      'AutonomousSystem:27648',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/ROG',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/VE-TBCA1-LACNIC',
      'FQDN:whois.lacnic.net',
      'Identifier:email:aperez@bantel.net.ve',
      'Location:1, Calle Londres, Edf. MATU, PH Las Mercedes 1 Caracas DF 1060 VE',
      'Organization:telecomunicaciones bantel c a',
      'Person:alexander perez',
      'Phone:+582129930622',
      'URL:https://rdap.lacnic.net/rdap/autnum/27648',
      'URL:https://rdap.lacnic.net/rdap/entity/ROG',
      'URL:https://rdap.lacnic.net/rdap/entity/VE-TBCA1-LACNIC',
    ],
    edges: [
      'AutnumRecord:27648|abuse_contact|ContactRecord:https://rdap.lacnic.net/rdap/entity/ROG',
      'AutnumRecord:27648|rdap_url|URL:https://rdap.lacnic.net/rdap/autnum/27648',
      'AutnumRecord:27648|registrant|ContactRecord:https://rdap.lacnic.net/rdap/entity/VE-TBCA1-LACNIC',
      'AutnumRecord:27648|whois_server|FQDN:whois.lacnic.net',
      'AutonomousSystem:27648|registration|AutnumRecord:27648',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/ROG|id|Identifier:email:aperez@bantel.net.ve',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/ROG|location|Location:1, Calle Londres, Edf. MATU, PH Las Mercedes 1 Caracas DF 1060 VE',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/ROG|person|Person:alexander perez',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/ROG|phone|Phone:+582129930622',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/ROG|url|URL:https://rdap.lacnic.net/rdap/entity/ROG',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/VE-TBCA1-LACNIC|organization|Organization:telecomunicaciones bantel c a',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/VE-TBCA1-LACNIC|url|URL:https://rdap.lacnic.net/rdap/entity/VE-TBCA1-LACNIC',
    ],
  },
  {
    registry: 'LACNIC',
    title:
      'a netblock gives its IPNetRecord keyed by the CIDR handle, its individual contact as a Person and its company registrant as an Organization',
    seed: netblock('179.0.0.0/23'),
    requests: ['/lacnic/ip/179.0.0.0/23'],
    record: 'IPNetRecord:179.0.0.0/23',
    fields: {
      cidr: '179.0.0.0/23',
      handle: '179.0.0.0/23',
      start_address: '179.0.0.0',
      end_address: '179.0.1.255',
      type: 'IPv4',
      name: '',
      created_date: '2013-04-12T16:39:05Z',
      updated_date: '2013-04-12T16:39:05Z',
      method: 'assigned',
      whois_server: 'whois.lacnic.net',
    },
    entities: [
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/AR-NESR9-LACNIC',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/TOC6',
      'FQDN:whois.lacnic.net',
      'IPNetRecord:179.0.0.0/23',
      'Identifier:email:tomas.cribb@neuralsoft.com',
      'Location:Pte. Roca 1626 Rosario SF 2000 AR',
      'Netblock:179.0.0.0/23',
      'Organization:neuralsoft s r l',
      'Person:tomas cribb',
      'Phone:+543414090555',
      'URL:https://rdap.lacnic.net/rdap/entity/AR-NESR9-LACNIC',
      'URL:https://rdap.lacnic.net/rdap/entity/TOC6',
      'URL:https://rdap.lacnic.net/rdap/ip/179.0.0.0/23',
    ],
    edges: [
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/AR-NESR9-LACNIC|organization|Organization:neuralsoft s r l',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/AR-NESR9-LACNIC|url|URL:https://rdap.lacnic.net/rdap/entity/AR-NESR9-LACNIC',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/TOC6|id|Identifier:email:tomas.cribb@neuralsoft.com',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/TOC6|location|Location:Pte. Roca 1626 Rosario SF 2000 AR',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/TOC6|person|Person:tomas cribb',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/TOC6|phone|Phone:+543414090555',
      'ContactRecord:https://rdap.lacnic.net/rdap/entity/TOC6|url|URL:https://rdap.lacnic.net/rdap/entity/TOC6',
      'IPNetRecord:179.0.0.0/23|abuse_contact|ContactRecord:https://rdap.lacnic.net/rdap/entity/TOC6',
      'IPNetRecord:179.0.0.0/23|rdap_url|URL:https://rdap.lacnic.net/rdap/ip/179.0.0.0/23',
      'IPNetRecord:179.0.0.0/23|registrant|ContactRecord:https://rdap.lacnic.net/rdap/entity/AR-NESR9-LACNIC',
      'IPNetRecord:179.0.0.0/23|whois_server|FQDN:whois.lacnic.net',
      'Netblock:179.0.0.0/23|registration|IPNetRecord:179.0.0.0/23',
    ],
  },
  {
    registry: 'LACNIC',
    title: 'an AS served by registro.br is followed through the redirect',
    seed: as(53170),
    requests: ['/lacnic/autnum/53170', '/via/rdap.registro.br/lacnic/autnum/53170'],
    record: 'AutnumRecord:53170',
    fields: {
      number: 53170,
      handle: '53170',
      name: 'ASN53170',
      created_date: '2010-07-26T14:27:24Z',
      updated_date: '2023-02-28T10:29:08Z',
      whois_server: 'whois.nic.br',
    },
    entities: [
      'AutnumRecord:53170',
      'AutonomousSystem:53170',
      'ContactRecord:https://rdap.registro.br/entity/17769837000100',
      'ContactRecord:rdap-handle:BRI2',
      'ContactRecord:rdap-handle:GJM3',
      'FQDN:whois.nic.br',
      'Organization:cabangu internet ltda',
      'Person:bruno imbroisi',
      'Person:geovane jose vieira martins',
      'URL:https://rdap.registro.br/autnum/53170',
      'URL:https://rdap.registro.br/entity/17769837000100',
    ],
    edges: [
      'AutnumRecord:53170|admin_contact|ContactRecord:rdap-handle:BRI2',
      'AutnumRecord:53170|admin_contact|ContactRecord:rdap-handle:GJM3',
      'AutnumRecord:53170|rdap_url|URL:https://rdap.registro.br/autnum/53170',
      'AutnumRecord:53170|registrant|ContactRecord:https://rdap.registro.br/entity/17769837000100',
      'AutnumRecord:53170|whois_server|FQDN:whois.nic.br',
      'AutonomousSystem:53170|registration|AutnumRecord:53170',
      'ContactRecord:https://rdap.registro.br/entity/17769837000100|organization|Organization:cabangu internet ltda',
      'ContactRecord:https://rdap.registro.br/entity/17769837000100|url|URL:https://rdap.registro.br/entity/17769837000100',
      'ContactRecord:rdap-handle:BRI2|person|Person:bruno imbroisi',
      'ContactRecord:rdap-handle:GJM3|person|Person:geovane jose vieira martins',
    ],
  },
  {
    registry: 'AFRINIC',
    title: 'an AS gives all contact e-mails and work phones, with the country from the label',
    seed: as(37271),
    requests: ['/afrinic/autnum/37271'],
    record: 'AutnumRecord:AS37271',
    fields: {
      number: 37271,
      handle: 'AS37271',
      name: 'ORG-WCL1-AFRINIC',
      created_date: '2010-10-25T10:14:00Z',
      updated_date: '2022-08-08T10:03:00Z',
      whois_server: 'whois.afrinic.net',
      status: ['active'],
    },
    entities: [
      'AutnumRecord:AS37271',
      'AutonomousSystem:37271',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/WOL-AFRINIC',
      'FQDN:whois.afrinic.net',
      'Identifier:email:abuse@workonline.africa',
      'Identifier:email:communications@workonline.africa',
      'Identifier:email:noc@workonline.africa',
      'Identifier:email:peterp@workonline.africa',
      'Location:114 West St, Johannesburg 2196',
      'Location:114 West St, Johannesburg 2196, South Africa',
      'Location:114 West Street, Sandton, South Africa, Postal Code 2066',
      'Organization:workonline communications pty ltd',
      'Person:peter peele',
      'Phone:+27212009000',
      'Phone:+27212009009',
      'Phone:+27820643322',
      'URL:https://rdap.afrinic.net/rdap/autnum/AS37271',
      'URL:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC',
      'URL:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC',
      'URL:https://rdap.afrinic.net/rdap/entity/WOL-AFRINIC',
    ],
    edges: [
      'AutnumRecord:AS37271|admin_contact|ContactRecord:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC',
      'AutnumRecord:AS37271|admin_contact|ContactRecord:https://rdap.afrinic.net/rdap/entity/WOL-AFRINIC',
      'AutnumRecord:AS37271|rdap_url|URL:https://rdap.afrinic.net/rdap/autnum/AS37271',
      'AutnumRecord:AS37271|registrant|ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC',
      'AutnumRecord:AS37271|whois_server|FQDN:whois.afrinic.net',
      'AutonomousSystem:37271|registration|AutnumRecord:AS37271',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC|id|Identifier:email:abuse@workonline.africa',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC|id|Identifier:email:communications@workonline.africa',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC|id|Identifier:email:noc@workonline.africa',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC|location|Location:114 West St, Johannesburg 2196',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC|organization|Organization:workonline communications pty ltd',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC|phone|Phone:+27212009000',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC|phone|Phone:+27212009009',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC|url|URL:https://rdap.afrinic.net/rdap/entity/ORG-WCL1-AFRINIC',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC|id|Identifier:email:peterp@workonline.africa',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC|location|Location:114 West Street, Sandton, South Africa, Postal Code 2066',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC|person|Person:peter peele',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC|phone|Phone:+27820643322',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC|url|URL:https://rdap.afrinic.net/rdap/entity/PP17-AFRINIC',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/WOL-AFRINIC|id|Identifier:email:noc@workonline.africa',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/WOL-AFRINIC|location|Location:114 West St, Johannesburg 2196, South Africa',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/WOL-AFRINIC|phone|Phone:+27212009009',
      'ContactRecord:https://rdap.afrinic.net/rdap/entity/WOL-AFRINIC|url|URL:https://rdap.afrinic.net/rdap/entity/WOL-AFRINIC',
    ],
  },
  {
    registry: 'AFRINIC',
    title: 'a netblock without self links keys its contact by handle and has no rdap_url',
    seed: netblock('41.0.0.0/16'),
    requests: ['/afrinic/ip/41.0.0.0/16'],
    record: 'IPNetRecord:41.0.0.0 - 41.0.255.255',
    fields: {
      cidr: '41.0.0.0/16',
      handle: '41.0.0.0 - 41.0.255.255',
      start_address: '41.0.0.0',
      end_address: '41.0.255.255',
      type: 'IPv4',
      name: '',
      created_date: '',
      updated_date: '',
      status: ['active'],
      method: 'ASSIGNED PA',
      country: 'ZA',
      parent_handle: '41.0.0.0 - 41.31.255.255',
      whois_server: 'whois.afrinic.net',
    },
    entities: [
      'ContactRecord:rdap-handle:JH2-AFRINIC',
      'FQDN:whois.afrinic.net',
      'IPNetRecord:41.0.0.0 - 41.0.255.255',
      'Identifier:email:jacques.hendricks@vodacom.co.za',
      'Location:Vodacom PTY (Ltd)',
      'Netblock:41.0.0.0/16',
      'Person:jacques hendricks',
      'Phone:+27219409498',
    ],
    edges: [
      'ContactRecord:rdap-handle:JH2-AFRINIC|id|Identifier:email:jacques.hendricks@vodacom.co.za',
      'ContactRecord:rdap-handle:JH2-AFRINIC|location|Location:Vodacom PTY (Ltd)',
      'ContactRecord:rdap-handle:JH2-AFRINIC|person|Person:jacques hendricks',
      'ContactRecord:rdap-handle:JH2-AFRINIC|phone|Phone:+27219409498',
      'IPNetRecord:41.0.0.0 - 41.0.255.255|admin_contact|ContactRecord:rdap-handle:JH2-AFRINIC',
      'IPNetRecord:41.0.0.0 - 41.0.255.255|whois_server|FQDN:whois.afrinic.net',
      'Netblock:41.0.0.0/16|registration|IPNetRecord:41.0.0.0 - 41.0.255.255',
    ],
  },
];

describe.skipIf(!haveFixtures())('RDAP with the recorded replies of the five registries', () => {
  let server: FakeRdapServer;

  beforeAll(async () => {
    server = await startFakeRdapServer({ root: path.join(fixturesDir(), 'rdap') });
  });

  afterAll(async () => {
    await server.close();
  });

  for (const testCase of CASES) {
    it(`${testCase.registry}: ${testCase.title}`, async () => {
      const harness = await openRdapHarness({ root: path.join(fixturesDir(), 'rdap'), server });
      try {
        const before = server.objectRequests().length;
        const progress = await harness.run([testCase.seed]);
        expect(progress.failures).toEqual([]);
        expect(
          server
            .objectRequests()
            .slice(before)
            .map((request) => request.path),
        ).toEqual(testCase.requests);
        const record = harness.kase.graph.findEntity(testCase.record);
        const { raw, ...fields } = (record?.asset ?? {}) as { raw?: string } & Record<string, unknown>;
        expect(fields).toEqual(testCase.fields);
        expect(raw).toBeDefined();
        expect(harness.entityIds()).toEqual(testCase.entities);
        expect(harness.edgeKeys()).toEqual(testCase.edges);
      } finally {
        await harness.close();
      }
    });
  }

  it('records not_found when the responsible registry answers 404 with an RDAP error body', async () => {
    const harness = await openRdapHarness({ root: path.join(fixturesDir(), 'rdap'), server });
    try {
      const progress = await harness.run([as(100)]);
      expect(progress.failures).toMatchObject([{ handler: 'rdap/autsys', code: 'not_found' }]);
    } finally {
      await harness.close();
    }
  });
});
