/**
 * Above a team case's workspace: a banner while its connection to the server is down (writes are
 * refused meanwhile; what others write arrives once it is back), and a note for a read-only role.
 */
import { useAppStore } from '../store/app-store';

export function TeamCaseBanner() {
  const team = useAppStore((state) => state.activeCase?.team);
  if (team === undefined) {
    return null;
  }
  if (team.connection === 'reconnecting') {
    return (
      <div className="team-banner team-banner-down" role="alert" data-testid="team-case-reconnecting">
        Reconnecting to the team case’s server… Enriching is paused until the connection is back; nothing
        committed is lost.
      </div>
    );
  }
  if (team.readOnly) {
    return (
      <div className="team-banner" role="status" data-testid="team-case-read-only">
        Read-only team case: your PostgreSQL role can open and export it, not enrich it.
      </div>
    );
  }
  return null;
}
