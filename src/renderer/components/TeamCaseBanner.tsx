/**
 * Above a team case's workspace: where the case lives (so a shared case is never mistaken for a
 * local one), a warning while its connection to the server is down (enriching is refused
 * meanwhile; what others write arrives once it is back), and a note for a read-only role.
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
        committed is lost, and what others write meanwhile appears then.
      </div>
    );
  }
  return (
    <div className="team-banner muted" role="status" data-testid="team-case-status">
      Team case <code>{team.address}</code>
      {team.readOnly
        ? ' · read-only: your PostgreSQL role can open and export it, not enrich it.'
        : ' · live: what other members write appears here as they write it.'}
    </div>
  );
}
