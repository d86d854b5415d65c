import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../engine/index';
import { editableFromConfig, mergeEditable } from './settings-file';

const PASSWORD = 'Tr0ub4dor-horse';
const file = {
  sources: { companydata: { baseUrl: `https://bob:${PASSWORD}@mirror.example.test/v1` } },
};

describe('endpoint passwords on the settings screen', () => {
  it('are never sent to the renderer', () => {
    const view = editableFromConfig(resolveConfig(file));
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
    expect(view.endpoints.companydata).toBe('https://bob:REDACTED@mirror.example.test/v1');
  });

  it('are kept in the file when the masked view is saved unchanged', () => {
    const view = editableFromConfig(resolveConfig(file));
    const saved = mergeEditable(file, view);
    expect(resolveConfig(saved).sources.companydata.baseUrl).toBe(file.sources.companydata.baseUrl);
  });

  it('are dropped when the endpoint is pointed at another host', () => {
    const view = editableFromConfig(resolveConfig(file));
    view.endpoints.companydata = view.endpoints.companydata.replace('mirror', 'elsewhere');
    const saved = mergeEditable(file, view);
    expect(JSON.stringify(saved)).not.toContain(PASSWORD);
  });
});
