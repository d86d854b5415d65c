/** Seeds for tests, parsed exactly as the CLI parses them (`Organization=Microsoft Corporation`). */
import type { TypedAsset } from '../../src/shared/model/asset';
import { parseSeedArgument } from '../../src/shared/model/seed';

export function seedOf(text: string): TypedAsset {
  const result = parseSeedArgument(text);
  if (!result.ok) {
    throw new Error(result.error);
  }
  return result.seed;
}
