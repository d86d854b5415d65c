import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CollectionDetails } from './CollectionDetails';

const details = {
  summary: {
    id: 'collection:Identifier|Organization:bank',
    parent: 'Organization:bank',
    type: 'Identifier' as const,
    count: 2,
    relations: ['id'],
    sources: ['GLEIF'],
    towardParent: false,
  },
  members: [
    { id: 'Identifier:lei', label: 'LEI 5493 <x>' },
    { id: 'Identifier:bic', label: 'BIC DEUTDEFF' },
  ],
};

function render(shown: typeof details | undefined = details): string {
  return renderToStaticMarkup(
    <CollectionDetails
      details={shown}
      parentLabel="Bank AG"
      onExpand={() => undefined}
      onSelect={() => undefined}
    />,
  );
}

describe('the collection panel', () => {
  it('says what the collection folds and of which node', () => {
    const html = render();
    expect(html).toContain('2 Identifiers');
    expect(html).toContain('id of <button type="button" class="link">Bank AG</button>');
  });

  it('lists every member as a button, text escaped', () => {
    const html = render();
    expect(html).toContain('>LEI 5493 &lt;x&gt;</button>');
    expect(html).toContain('>BIC DEUTDEFF</button>');
  });

  it('offers to expand the collection', () => {
    expect(render()).toContain('Expand collection');
  });

  it('says so when the collection is no longer drawn', () => {
    const html = renderToStaticMarkup(
      <CollectionDetails
        details={undefined}
        parentLabel=""
        onExpand={() => undefined}
        onSelect={() => undefined}
      />,
    );
    expect(html).toContain('no longer drawn');
  });
});
