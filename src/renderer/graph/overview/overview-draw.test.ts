import { describe, expect, it } from 'vitest';
import { themeColors } from '../cy-style';
import type { OverviewContext, OverviewView } from './overview-draw';
import { drawScene, paintStamp, SQUARE_BELOW_PX, stampHalf } from './overview-draw';
import { fakeEdge, fakeNode } from './fake-facts';
import type { EdgeFacts, NodeFacts } from './overview-scene';
import { buildScene } from './overview-scene';

/** A 2D context that records the calls the overview makes. */
function recordingContext(): OverviewContext & { calls: string[] } {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]): void => {
      calls.push(
        `${name}(${args.map((arg) => (typeof arg === 'number' ? Math.round(arg * 100) / 100 : JSON.stringify(arg))).join(',')})`,
      );
    };
  return {
    calls,
    setTransform: record('setTransform'),
    clearRect: record('clearRect'),
    beginPath: record('beginPath'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    rect: record('rect'),
    arc: record('arc'),
    closePath: record('closePath'),
    fill: record('fill'),
    stroke: record('stroke'),
    setLineDash: record('setLineDash'),
    fillText: record('fillText'),
    strokeText: record('strokeText'),
    save: record('save'),
    restore: record('restore'),
    translate: record('translate'),
    rotate: record('rotate'),
    drawImage: record('drawImage'),
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
  };
}

/** A person (drawn as a circle) at x, y. */
const node = (id: string, x: number, y: number, lean = true): NodeFacts =>
  fakeNode(id, { x, y, lean, type: 'Person' });

const view = (zoom: number): OverviewView => ({
  zoom,
  pan: { x: 0, y: 0 },
  width: 1000,
  height: 500,
  pixelRatio: 1,
});
const edges = (lean = true): EdgeFacts[] => [fakeEdge('a', 'b', { lean })];

describe('drawScene', () => {
  it('clears the canvas and sets the view transform before drawing', () => {
    const context = recordingContext();
    drawScene(
      context,
      buildScene([node('a', 10, 10)], [], themeColors('light')),
      { ...view(0.5), pan: { x: 20, y: 30 } },
      true,
    );
    expect(context.calls.slice(0, 3)).toEqual([
      'setTransform(1,0,0,1,0,0)',
      'clearRect(0,0,1000,500)',
      'setTransform(0.5,0,0,0.5,20,30)',
    ]);
  });

  it('draws each node in view and leaves out the ones outside it', () => {
    const context = recordingContext();
    const scene = buildScene([node('a', 100, 100), node('b', 5_000, 100)], [], themeColors('light'));
    expect(drawScene(context, scene, view(0.5), true).nodes).toBe(1);
  });

  it('draws a node as its shape once it is a few pixels wide (a person is a circle)', () => {
    const context = recordingContext();
    drawScene(context, buildScene([node('a', 100, 100)], [], themeColors('light')), view(0.5), true);
    expect(context.calls).toContain('arc(100,100,17,0,6.28)');
  });

  it('draws a node smaller than a few pixels as a square', () => {
    const context = recordingContext();
    const zoom = (SQUARE_BELOW_PX - 1) / 34;
    drawScene(context, buildScene([node('a', 100, 100)], [], themeColors('light')), view(zoom), true);
    expect(context.calls).toContain('rect(83,83,34,34)');
    expect(context.calls.some((call) => call.startsWith('arc('))).toBe(false);
  });

  it('draws an edge between the centres of its ends, under the nodes', () => {
    const context = recordingContext();
    const scene = buildScene([node('a', 10, 10), node('b', 200, 10)], edges(), themeColors('light'));
    drawScene(context, scene, view(0.5), true);
    const line = context.calls.indexOf('lineTo(200,10)');
    expect(context.calls[line - 1]).toBe('moveTo(10,10)');
    expect(line).toBeLessThan(context.calls.findIndex((call) => call.startsWith('arc(')));
  });

  it('leaves edges out when asked (a frame while the view moves)', () => {
    const context = recordingContext();
    const scene = buildScene([node('a', 10, 10), node('b', 200, 10)], edges(), themeColors('light'));
    expect(drawScene(context, scene, view(0.5), false)).toEqual({ nodes: 2, edges: 0 });
  });

  it('leaves out an edge whose ends are both beyond one side of the view', () => {
    const context = recordingContext();
    const scene = buildScene([node('a', 10, 5_000), node('b', 200, 6_000)], edges(), themeColors('light'));
    expect(drawScene(context, scene, view(0.5), true).edges).toBe(0);
  });

  it('draws the type glyph inside each node with the full stylesheet once it is legible', () => {
    const scene = buildScene([node('a', 100, 100, false)], [], themeColors('light'));
    const near = recordingContext();
    drawScene(near, scene, view(0.6), true);
    expect(near.calls).toContain('fillText("P",100,104.25)');
    const far = recordingContext();
    drawScene(far, scene, view(0.1), true);
    expect(far.calls.some((call) => call.startsWith('fillText('))).toBe(false);
  });

  it("draws an arrowhead with its tip on the target node's outline with the full stylesheet", () => {
    const context = recordingContext();
    const scene = buildScene(
      [node('a', 0, 10, false), node('b', 200, 10, false)],
      edges(false),
      themeColors('light'),
    );
    drawScene(context, scene, view(0.5), true);
    expect(context.calls).toContain('moveTo(183,10)');
  });

  it('leaves arrowheads out where they would be under ARROW_FROM_PX on screen', () => {
    const context = recordingContext();
    const scene = buildScene(
      [node('a', 0, 10, false), node('b', 200, 10, false)],
      edges(false),
      themeColors('light'),
    );
    drawScene(context, scene, view(0.1), true);
    expect(context.calls).not.toContain('moveTo(183,10)');
  });

  it("leaves a pending match's score out below the zoom the stylesheet draws it from", () => {
    const pending = edges(false).map((edge) => ({ ...edge, pending: true, label: 'candidate · 30' }));
    const scene = buildScene(
      [node('a', 0, 10, false), node('b', 200, 10, false)],
      pending,
      themeColors('light'),
    );
    const near = recordingContext();
    drawScene(near, scene, view(0.6), true);
    expect(near.calls).toContain('fillText("candidate · 30",0,0)');
    const far = recordingContext();
    drawScene(far, scene, view(0.4), true);
    expect(far.calls.some((call) => call.startsWith('fillText("candidate'))).toBe(false);
  });

  it('copies a stamp of the look to each node on whole pixels when given stamps', () => {
    const context = recordingContext();
    const stamp = { image: 'stamp' as unknown as CanvasImageSource, half: 5 };
    const scene = buildScene([node('a', 100, 100), node('b', 5_000, 100)], [], themeColors('light'));
    const drawn = drawScene(context, scene, { ...view(0.5), pan: { x: 10.3, y: 0 } }, true, () => stamp);
    expect(drawn.nodes).toBe(1);
    expect(context.calls).toContain('drawImage("stamp",55,45)');
    expect(context.calls.some((call) => call.startsWith('arc('))).toBe(false);
  });

  it('paints a stamp as the path would draw the node: its shape, fill and ring', () => {
    const context = recordingContext();
    const [group] = buildScene([{ ...node('a', 0, 0), selected: true }], [], themeColors('light')).nodeGroups;
    paintStamp(context, group!.look, 0.5, stampHalf(group!.look, 0.5));
    expect(context.calls).toEqual(
      expect.arrayContaining(['setTransform(0.5,0,0,0.5,11,11)', 'arc(0,0,17,0,6.28)', 'fill()', 'stroke()']),
    );
  });
});
