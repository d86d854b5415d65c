/**
 * How notes and flags show on the canvas (docs/notes-and-flags.md): element data `flag` (the
 * flag's name, '' for none) and `noted` ('yes' when the element has a note), read by the
 * stylesheet rules below and by the overview layer, so the mark survives at every zoom.
 */
import { FLAG_COLOURS, type Annotated } from '../../shared/model/annotation';

export interface AnnotationData {
  flag: string;
  noted: string;
}

export function annotationData(item: Annotated): AnnotationData {
  return {
    flag: item.flag?.name ?? '',
    noted: item.notes !== undefined && item.notes.length > 0 ? 'yes' : '',
  };
}

/** True when the drawn element's data differs from the item's notes and flag. */
export function annotationChanged(data: (name: string) => unknown, item: Annotated): boolean {
  const next = annotationData(item);
  return (data('flag') ?? '') !== next.flag || (data('noted') ?? '') !== next.noted;
}

/** The colour of a flag's ring, or undefined for none or an unknown name. */
export function flagColour(flag: unknown): string | undefined {
  return typeof flag === 'string' && flag !== ''
    ? FLAG_COLOURS[flag as keyof typeof FLAG_COLOURS]
    : undefined;
}

/**
 * Stylesheet rules: a flagged node gets a thick ring of the flag's colour (a star a double one),
 * a noted node without a flag a dotted ring; a flagged edge is drawn in the flag's colour. They
 * come before the selection and search rules, which win over them.
 */
export function annotationRules(): { selector: string; style: Record<string, unknown> }[] {
  const rules: { selector: string; style: Record<string, unknown> }[] = [
    {
      selector: 'node[noted = "yes"]',
      style: { 'border-width': 3, 'border-style': 'dotted', 'border-color': '#9aa0a6' },
    },
    { selector: 'edge[noted = "yes"]', style: { 'line-style': 'dotted' } },
  ];
  for (const [name, colour] of Object.entries(FLAG_COLOURS)) {
    rules.push(
      {
        selector: `node[flag = "${name}"]`,
        style: {
          'border-width': name === 'star' ? 6 : 5,
          'border-style': name === 'star' ? 'double' : 'solid',
          'border-color': colour,
        },
      },
      {
        selector: `edge[flag = "${name}"]`,
        style: { 'line-color': colour, 'target-arrow-color': colour, width: 3 },
      },
    );
  }
  return rules;
}
