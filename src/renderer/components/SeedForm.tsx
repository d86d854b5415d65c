/**
 * Seed entry: a list of seeds of any type built up before a run (each validated with parseSeed),
 * depth, and one start for all of them. A value still in the field at Start is included.
 */
import { useState } from 'react';
import type { SeedType } from '../../shared/model/seed';
import { SEED_TYPES } from '../../shared/model/seed';
import { startSession } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { useEnrichBlockedReason } from './enrich-blocked';
import type { ListedSeed } from './seed-list';
import { addSeed, seedsToStart } from './seed-list';

const TYPE_LABELS: Record<SeedType, string> = {
  Organization: 'Organization name',
  Identifier: 'LEI',
  AutonomousSystem: 'AS number',
  Netblock: 'Netblock (CIDR)',
  DomainRecord: 'Domain',
};

export function SeedForm() {
  const defaultDepth = useAppStore((state) => state.settings?.values.depth ?? 2);
  const [type, setType] = useState<SeedType>('Organization');
  const [value, setValue] = useState('');
  const [seeds, setSeeds] = useState<ListedSeed[]>([]);
  const [depth, setDepth] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const blocked = useEnrichBlockedReason();

  const add = (): void => {
    const next = addSeed(seeds, type, value);
    if (!next.ok) {
      setError(next.error);
      return;
    }
    setSeeds(next.seeds);
    setValue('');
    setError(undefined);
  };

  const submit = async (): Promise<void> => {
    const next = seedsToStart(seeds, type, value);
    if (blocked !== undefined) {
      return; // Enter in a field submits too: the reason is already shown under Start.
    }
    if (!next.ok) {
      setError(next.error);
      return;
    }
    setBusy(true);
    const message = await startSession(
      appStore,
      next.seeds.map(({ type: seedType, value: seedValue }) => ({ type: seedType, value: seedValue })),
      depth ?? defaultDepth,
    );
    setBusy(false);
    setError(message);
    if (message === undefined) {
      setValue('');
      setSeeds([]);
    }
  };

  return (
    <form
      className="seed-form"
      aria-label="New seed"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>Seed</h2>
      <label htmlFor="seed-type">Seed type</label>
      <select
        id="seed-type"
        value={type}
        onChange={(event) => {
          setType(event.target.value as SeedType);
          setError(undefined);
        }}
      >
        {(Object.keys(SEED_TYPES) as SeedType[]).map((item) => (
          <option key={item} value={item}>
            {TYPE_LABELS[item]}
          </option>
        ))}
      </select>
      <label htmlFor="seed-value">Value</label>
      <div className="seed-entry">
        <input
          id="seed-value"
          value={value}
          placeholder={SEED_TYPES[type]}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : 'seed-error'}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <button type="button" onClick={add} disabled={busy}>
          Add
        </button>
      </div>
      {seeds.length > 0 && (
        <ul className="seed-list" aria-label="Seeds for this run">
          {seeds.map((seed) => (
            <li key={seed.identity}>
              <span className="seed-list-text">
                <span className="seed-list-type">{TYPE_LABELS[seed.type]}</span>
                {seed.value}
              </span>
              <button
                type="button"
                aria-label={`Remove ${TYPE_LABELS[seed.type]} ${seed.value}`}
                disabled={busy}
                onClick={() => setSeeds(seeds.filter((item) => item.identity !== seed.identity))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor="seed-depth">Depth</label>
      <input
        id="seed-depth"
        type="number"
        min={0}
        max={10}
        value={depth ?? defaultDepth}
        onChange={(event) => setDepth(Math.max(0, Math.min(10, Number(event.target.value) || 0)))}
      />
      <button
        type="submit"
        disabled={busy || blocked !== undefined}
        aria-describedby={blocked === undefined ? undefined : 'seed-blocked'}
      >
        {seeds.length > 1 ? `Start (${seeds.length} seeds)` : 'Start'}
      </button>
      {blocked !== undefined && (
        <p id="seed-blocked" className="muted" data-testid="seed-blocked">
          {blocked}
        </p>
      )}
      {error !== undefined && (
        <p id="seed-error" role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
