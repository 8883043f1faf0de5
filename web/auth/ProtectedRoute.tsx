import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from './AuthContext.tsx';
import { Spinner } from '../components/Spinner.tsx';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') {
    return <div className="flex min-h-[50vh] items-center justify-center"><Spinner size="xl" label="Checking your session" /></div>;
  }
  if (auth.status === 'signed-out') return <Navigate to="/sign-in" replace />;
  return <>{children}</>;
}
