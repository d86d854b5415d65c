/**
 * Text from sources is text in the report, never markup: every character HTML gives a meaning to
 * is escaped, and control characters (which no reply needs to show and which can upset a
 * reader's parser) become U+FFFD.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// C0 controls except tab, line feed and carriage return; DEL and the C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function escapeHtml(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char).replace(CONTROL, '\uFFFD');
}
