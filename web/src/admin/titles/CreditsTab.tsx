import { useParams } from 'react-router';
import { CreditsPanel } from './CreditsPanel';
import { useTitleContext } from './TitleLayout';

/** Cast or crew of the title, or of the season / episode in the URL. */
function useTarget() {
  const { title } = useTitleContext();
  const { season, episode } = useParams();
  return { titleId: title.id, season: season ? Number(season) : undefined, episode: episode ? Number(episode) : undefined };
}

export function CastTab() {
  return <CreditsPanel {...useTarget()} crewType="cast" />;
}
export function CrewTab() {
  return <CreditsPanel {...useTarget()} crewType="crew" />;
}
