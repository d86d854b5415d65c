/** Seed entry: every seed type with its example, client-side validation (parseSeed), depth, start. */
import { useState } from 'react';
import type { SeedType } from '../../shared/model/seed';
import { parseSeed, SEED_TYPES } from '../../shared/model/seed';
import { startSession } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';

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
  const [depth, setDepth] = useState<number | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    const parsed = parseSeed(type, value);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setBusy(true);
    const message = await startSession(appStore, [{ type, value }], depth ?? defaultDepth);
    setBusy(false);
    setError(message);
    if (message === undefined) {
      setValue('');
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
      <label htmlFor="seed-depth">Depth</label>
      <input
        id="seed-depth"
        type="number"
        min={0}
        max={10}
        value={depth ?? defaultDepth}
        onChange={(event) => setDepth(Math.max(0, Math.min(10, Number(event.target.value) || 0)))}
      />
      <button type="submit" disabled={busy}>
        Start
      </button>
      {error !== undefined && (
        <p id="seed-error" role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
