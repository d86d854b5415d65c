import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { FLAG_COLOURS } from '../../shared/model/annotation';
import { annotationData, flagColour } from './annotation-look';
import { buildStylesheet, themeColors } from './cy-style';
import { fakeNode } from './overview/fake-facts';
import { ringOf } from './overview/overview-scene';

const colors = themeColors('light');

describe('notes and flags on the canvas', () => {
  it('gives a flagged node a ring of its flag colour in the stylesheet', () => {
    const cy = cytoscape({ headless: true, styleEnabled: true, style: buildStylesheet('light') });
    const node = cy.add({
      data: {
        id: 'a',
        type: 'Organization',
        label: 'A',
        ...annotationData({ flag: { name: 'red', author: 'x', createdAt: '' } }),
      },
    });
    expect(node.style('border-color')).toBe('rgb(229,72,77)');
    cy.destroy();
  });

  it('keeps the flag ring in the overview layer, under the selection ring', () => {
    const flagged = fakeNode('a', { flagColour: flagColour('purple') });
    expect(ringOf(flagged, colors)?.color).toBe(FLAG_COLOURS.purple);
    expect(ringOf({ ...flagged, selected: true }, colors)?.color).toBe(colors.accent);
  });

  it('marks a noted element without a flag', () => {
    expect(annotationData({ notes: [{ text: 'n', author: 'x', createdAt: '' }] })).toEqual({
      flag: '',
      noted: 'yes',
    });
  });
});
