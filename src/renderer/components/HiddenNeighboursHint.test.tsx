import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../graph/filters';
import { HiddenNeighboursHint } from './HiddenNeighboursHint';

describe('the "+N not expanded" hint', () => {
  it('shows the count, the reasons and an action to show them', () => {
    const html = renderToStaticMarkup(
      <HiddenNeighboursHint
        hidden={{ ids: ['a', 'b'], byReason: { hidden: 1, type: 1, source: 0 }, revealed: NO_FILTERS }}
        onShow={() => undefined}
      />,
    );
    expect(html).toContain('+2');
    expect(html).toContain('1 hidden, 1 filtered by type');
    expect(html).toContain('Show them');
  });

  it('renders nothing when every neighbour is drawn', () => {
    const html = renderToStaticMarkup(
      <HiddenNeighboursHint
        hidden={{ ids: [], byReason: { hidden: 0, type: 0, source: 0 }, revealed: NO_FILTERS }}
        onShow={() => undefined}
      />,
    );
    expect(html).toBe('');
  });
});
