/** The canvas's imperative actions (fit, zoom, re-layout, PNG, jump), registered by GraphCanvas while mounted. */
import type { EntityId } from '../../shared/model/asset';

export interface CanvasController {
  fit(): void;
  zoomBy(factor: number): void;
  relayout(): void;
  stopLayout(): void;
  png(): Promise<Blob>;
  /** Selects and centres the first node matching the text; false when none matches. */
  jumpTo(text: string): boolean;
  selectNeighbours(id: EntityId): void;
  focus(id: EntityId): void;
}

let current: CanvasController | undefined;

export function setCanvasController(controller: CanvasController | undefined): void {
  current = controller;
}

export function findCanvasController(): CanvasController | undefined {
  return current;
}
