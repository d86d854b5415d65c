/** The details panel's "+N not expanded" line: neighbours in the case the canvas does not draw. */
import { describeReasons, type HiddenNeighbours } from '../store/hidden-neighbours';

export function HiddenNeighboursHint({
  hidden,
  onShow,
}: {
  hidden: HiddenNeighbours;
  /** Shows them: un-hides those nodes and lifts the type and source filters that hide them. */
  onShow: () => void;
}) {
  if (hidden.ids.length === 0) {
    return null;
  }
  return (
    <p className="hidden-neighbours" data-testid="hidden-neighbours">
      <span className="count-badge">+{hidden.ids.length}</span> not expanded on the canvas (
      {describeReasons(hidden.byReason)}){' '}
      <button type="button" className="link" onClick={onShow}>
        Show them
      </button>
    </p>
  );
}
