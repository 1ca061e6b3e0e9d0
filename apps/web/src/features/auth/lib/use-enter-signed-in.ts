import type { AuthResponse } from '@roomweek/contract';
import { useLocation, useNavigate } from 'react-router';
import { returnPath } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';

/** After a login or a registration: keep the session, say so, and go back to where the visitor came from. */
export function useEnterSignedIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  return (auth: AuthResponse, message: string) => {
    signIn(auth);
    toast.success(message);
    void navigate(returnPath(location.state), { replace: true });
  };
}
