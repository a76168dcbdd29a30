import { usePageMeta } from '../hooks/use-page-meta';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { Hero } from '../features/landing/components/hero';
import { HowItWorks } from '../features/landing/components/how-it-works';

/** `/`: composed from feature sections; the location bar, search and destinations join them later. */
export default function HomeRoute() {
  usePageMeta();
  const { user } = useCurrentUser();
  return (
    <>
      <Hero signedIn={user !== null} />
      <HowItWorks />
    </>
  );
}
