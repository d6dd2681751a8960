import { PageSpinner } from '../../components/PageSpinner';
import { useMe } from '../auth/useAuth';
import { LandingPage } from '../landing/LandingPage';
import { HomeDashboard } from './HomeDashboard';

/** `/`: the dashboard when signed in, the public landing page otherwise. */
export function HomePage() {
  const { me, loading } = useMe();
  if (loading) return <PageSpinner />;
  return me ? <HomeDashboard me={me} /> : <LandingPage />;
}
