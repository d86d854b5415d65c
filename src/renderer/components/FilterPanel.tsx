/** Filters by asset type and by source (with how many entities or edges each has), with the type legend. */
import { ASSET_LOOKS } from '../graph/asset-style';
import { appStore, useAppStore } from '../store/app-store';
import { selectSourceCounts, selectTypeCounts } from '../store/selectors';

export function FilterPanel() {
  const types = useAppStore(selectTypeCounts);
  const sources = useAppStore(selectSourceCounts);
  const hiddenTypes = useAppStore((state) => state.hiddenTypes);
  const hiddenSources = useAppStore((state) => state.hiddenSources);
  const hiddenIds = useAppStore((state) => state.hiddenIds);
  return (
    <section className="filters" aria-label="Filters">
      <h2>Filters</h2>
      {types.length === 0 && <p className="muted">The graph is empty.</p>}
      {types.length > 0 && (
        <fieldset>
          <legend>Asset types</legend>
          {types.map(({ name: type, count }) => (
            <label key={type} className="check">
              <input
                type="checkbox"
                checked={!hiddenTypes.has(type)}
                onChange={() => appStore.getState().toggleType(type)}
              />
              <span className="swatch" style={{ background: ASSET_LOOKS[type].color }} aria-hidden="true" />
              {type} <span className="muted">{count}</span>
            </label>
          ))}
        </fieldset>
      )}
      {sources.length > 0 && (
        <fieldset>
          <legend>Sources</legend>
          {sources.map(({ name: source, count }) => (
            <label key={source} className="check">
              <input
                type="checkbox"
                checked={!hiddenSources.has(source)}
                onChange={() => appStore.getState().toggleSource(source)}
              />
              {source} <span className="muted">{count}</span>
            </label>
          ))}
        </fieldset>
      )}
      {(hiddenIds.size > 0 || hiddenTypes.size > 0 || hiddenSources.size > 0) && (
        <button type="button" onClick={() => appStore.getState().showAll()}>
          Show all{hiddenIds.size > 0 ? ` (${hiddenIds.size} hidden)` : ''}
        </button>
      )}
    </section>
  );
}
