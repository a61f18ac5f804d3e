// After a sign-in round trip (the server sends the browser back to #/), go to the destination the guard remembered
// when it stopped the anonymous visitor.
import { useEffect } from 'react';
import { useNavigationState } from '../components/services-react';
import { useRouter } from '../lib/router-react';
import { selectAccount } from '../lib/session-store';
import { useSessionState } from '../lib/session-react';

export function useReturnAfterSignIn(): void {
  const account = useSessionState(selectAccount);
  const navigation = useNavigationState();
  const router = useRouter();
  useEffect(() => {
    if (!account) return;
    const previous = navigation.retrievePrevious();
    if (!previous) return;
    navigation.clearPrevious();
    router.navigate(previous.url, { replace: true });
  }, [account, navigation, router]);
}
