/**
 * The one point where text from a source enters the case: every string field of every entity a
 * handler run returns (and of its edges' properties) is cleaned by `cleanSourceText`, whatever the
 * plugin (src/shared/util/source-text.ts says what and why). A key field that changes changes the
 * entity's id, so edges and dispatches are carried over to the new id; an entity whose key was
 * nothing but hidden characters, or an e-mail identifier that is no address, is left out with the
 * edges that touch it. The reply a record keeps
 * (`raw` of AutnumRecord, IPNetRecord, DomainRecord) stays byte for byte: it is the evidence.
 */
import { entityIdOf, type EntityId, type TypedAsset } from '../../shared/model/asset';
import { canonicalEmail } from '../../shared/identity/email';
import { cleanSourceText } from '../../shared/util/source-text';
import type { EdgeProperties, Findings } from '../graph/findings';

/** Asset types whose `raw` field is the source's whole reply, not a value. */
const REPLY_HOLDERS = new Set<string>(['AutnumRecord', 'IPNetRecord', 'DomainRecord']);

function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') {
    return cleanSourceText(value);
  }
  if (Array.isArray(value)) {
    return value.map(cleanValue);
  }
  return value;
}

function cleanAsset(item: TypedAsset): TypedAsset {
  const asset: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item.asset)) {
    asset[field] = field === 'raw' && REPLY_HOLDERS.has(item.type) ? value : cleanValue(value);
  }
  return { type: item.type, asset } as unknown as TypedAsset;
}

function cleanProperties(properties: EdgeProperties): EdgeProperties {
  const clean: EdgeProperties = {};
  for (const [name, value] of Object.entries(properties)) {
    clean[name] = typeof value === 'string' ? cleanSourceText(value) : value;
  }
  return clean;
}

/**
 * An identifier that says it is an e-mail address but is not one (markup, spaces, no domain) is
 * not accepted as one: it would be pivoted from and shown as an address. The raw record keeps it.
 */
function isFalseEmail(item: TypedAsset): boolean {
  return (
    item.type === 'Identifier' &&
    item.asset.id_type === 'email' &&
    canonicalEmail(item.asset.id) === undefined
  );
}

function idOf(item: TypedAsset): EntityId | undefined {
  if (isFalseEmail(item)) {
    return undefined;
  }
  try {
    return entityIdOf(item.type, item.asset as never);
  } catch {
    return undefined; // the key was only hidden characters
  }
}

export function cleanFindingsText(findings: Findings): Findings {
  const renamed = new Map<EntityId, EntityId | undefined>();
  const entities: TypedAsset[] = [];
  for (const item of findings.entities) {
    const clean = cleanAsset(item);
    const before = isFalseEmail(item) ? entityIdOf(item.type, item.asset as never) : idOf(item);
    const after = idOf(clean);
    if (before !== undefined && before !== after) {
      renamed.set(before, after);
    }
    if (after !== undefined) {
      entities.push(clean);
    }
  }
  const idFor = (id: EntityId): EntityId | undefined => (renamed.has(id) ? renamed.get(id) : id);
  const edges: Findings['edges'] = [];
  for (const edge of findings.edges) {
    const from = idFor(edge.from);
    const to = idFor(edge.to);
    if (from !== undefined && to !== undefined) {
      edges.push({
        ...edge,
        from,
        to,
        ...(edge.properties === undefined ? {} : { properties: cleanProperties(edge.properties) }),
      });
    }
  }
  const dispatch = [
    ...new Set(findings.dispatch.map(idFor).filter((id): id is EntityId => id !== undefined)),
  ];
  return { ...findings, entities, edges, dispatch };
}
