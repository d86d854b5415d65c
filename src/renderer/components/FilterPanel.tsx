/** Filters by asset type and by source, with the type legend. */
import type { AssetType } from '../../shared/model/asset';
import { ASSET_LOOKS } from '../graph/asset-style';
import { appStore, useAppStore } from '../store/app-store';
import { selectSourcesPresentKey, selectTypesPresentKey, splitKey } from '../store/selectors';

export function FilterPanel() {
  const types = splitKey<AssetType>(useAppStore(selectTypesPresentKey));
  const sources = splitKey(useAppStore(selectSourcesPresentKey));
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
          {types.map((type) => (
            <label key={type} className="check">
              <input
                type="checkbox"
                checked={!hiddenTypes.has(type)}
                onChange={() => appStore.getState().toggleType(type)}
              />
              <span className="swatch" style={{ background: ASSET_LOOKS[type].color }} aria-hidden="true" />
              {type}
            </label>
          ))}
        </fieldset>
      )}
      {sources.length > 0 && (
        <fieldset>
          <legend>Sources</legend>
          {sources.map((source) => (
            <label key={source} className="check">
              <input
                type="checkbox"
                checked={!hiddenSources.has(source)}
                onChange={() => appStore.getState().toggleSource(source)}
              />
              {source}
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
