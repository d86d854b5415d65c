/** Keyboard helpers shared by the workspace's shortcuts. */

/** Keys typed into a field belong to the field (its own undo, its own letters), not to shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}
