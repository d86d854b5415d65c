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
    <div
      className="hover-card"
      role="tooltip"
      data-testid="hover-card"
      style={{ left: hover.x + 14, top: hover.y + 14 }}
    >
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
