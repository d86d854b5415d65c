/**
 * One keyed entry of a WHOIS reply, as tokenise.ts reads it. Its own module so that the value
 * tests (values.ts), which tokenise uses, can name it without an import cycle.
 */
import type { LabelFacts } from './label-facts';

export interface Entry {
  /** Normalised key: lower case, single spaces, no trailing parenthetical. */
  key: string;
  /** What the label tables say of the key (worked out once per distinct label). */
  label: LabelFacts;
  value: string;
  /** Unkeyed lines that follow the entry (a header's children, an address's next lines). */
  more: string[];
  /** The key's trailing parenthetical (`Creation Date (dd/mm/yyyy)`), a hint about its value. */
  hint?: string | undefined;
  /** The enclosing section header's label, if any. */
  section: LabelFacts | undefined;
  block: number;
  /** The first entry of its block. */
  opensBlock: boolean;
}
