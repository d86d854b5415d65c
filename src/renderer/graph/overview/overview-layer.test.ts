import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { createOverviewLayer } from './overview-layer';

describe('the overview layer', () => {
  it('finds the canvas renderer methods it wraps in the Cytoscape version in use', () => {
    // The layer skips these two for the on-screen node layer (see overview-layer.ts); a Cytoscape
    // upgrade that renames them must fail here, not leave the overview silently inactive.
    const CanvasRenderer = cytoscape('renderer', 'canvas') as {
      prototype: Record<string, unknown>;
    };
    expect(typeof CanvasRenderer.prototype.drawLayeredElements).toBe('function');
    expect(typeof CanvasRenderer.prototype.drawCachedNodes).toBe('function');
    expect(typeof CanvasRenderer.prototype.NODE).toBe('number');
    expect(typeof CanvasRenderer.prototype.TEXTURE_BUFFER).toBe('number');
  });

  it('stays inactive where there is no canvas renderer (headless)', () => {
    const cy = cytoscape({ headless: true, styleEnabled: true });
    const layer = createOverviewLayer(cy, { theme: () => 'light' });
    cy.zoom(0.1);
    expect({ attached: layer.attached, active: layer.active }).toEqual({ attached: false, active: false });
    layer.dispose();
    cy.destroy();
  });
});
