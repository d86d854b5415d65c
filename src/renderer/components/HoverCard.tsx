/**
 * The card shown while the pointer rests on a node: its type (with the legend's glyph), name,
 * the sources that reported it (through its relations) and their highest confidence. Plain text
 * only; it never takes the pointer (the canvas keeps its clicks).
 */
import { useStore } from 'zustand';
import type { EntityId } from '../../shared/model/asset';
import { assetLabel } from '../../shared/model/asset';
import { appStore } from '../store/app-store';
import { TypeGlyph } from './GraphLegend';

export interface HoverRequest {
  id: EntityId;
  x: number;
  y: number;
  /** The canvas's size: a card near its right or bottom edge opens to the left or upwards. */
  area?: { width: number; height: number };
}

/** Pixels between the pointer and the card. */
const GAP = 14;

/**
 * Where the card goes: below and right of the pointer, or, in the right or bottom half of the
 * canvas, left of it or above it (anchored by its right or bottom side, so that it keeps its
 * width instead of being squeezed against the canvas's edge).
 */
export function hoverCardPlacement({ x, y, area }: HoverRequest): {
  left?: number;
  right?: number;
  top?: number;
  bottom?: number;
} {
  const toLeft = area !== undefined && x > area.width / 2;
  const upwards = area !== undefined && y > area.height / 2;
  return {
    ...(toLeft ? { right: area.width - x + GAP } : { left: x + GAP }),
    ...(upwards ? { bottom: area.height - y + GAP } : { top: y + GAP }),
  };
}

/** The sources that reported any relation of the entity, with the highest confidence of each. */
function sourcesOf(id: EntityId): { name: string; confidence: number }[] {
  const state = appStore.getState();
  const best = new Map<string, number>();
  for (const edgeId of state.edgeIdsByEntity.get(id) ?? []) {
    for (const source of state.edgesById.get(edgeId)?.sources ?? []) {
      best.set(source.name, Math.max(best.get(source.name) ?? 0, source.confidence));
    }
  }
  return [...best]
    .map(([name, confidence]) => ({ name, confidence }))
    .sort((a, b) => b.confidence - a.confidence);
}

export function HoverCard({ hover }: { hover: HoverRequest | undefined }) {
  const entity = useStore(appStore, (state) =>
    hover === undefined ? undefined : state.entitiesById.get(hover.id),
  );
  if (hover === undefined || entity === undefined) {
    return null;
  }
  const sources = sourcesOf(entity.id);
  const name = assetLabel({ type: entity.type, asset: entity.asset } as Parameters<typeof assetLabel>[0]);
  return (
    <div className="hover-card" role="tooltip" data-testid="hover-card" style={hoverCardPlacement(hover)}>
      <div className="hover-type">
        <TypeGlyph type={entity.type} /> {entity.type}
      </div>
      <div className="hover-name">{name}</div>
      <div className="muted">
        {sources.length === 0
          ? 'No source yet'
          : sources.map((source) => `${source.name} (confidence ${source.confidence})`).join(', ')}
      </div>
    </div>
  );
}
