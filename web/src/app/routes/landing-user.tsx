import type { User } from '@mia/contracts';
import { useEffect } from 'react';
import { QueryProvider } from '@/app/query-provider';
import { useUser } from '@/lib/session';

type Props = { onUser: (user: User | null) => void };

function ReportUser({ onUser }: Props) {
  const { data } = useUser();
  useEffect(() => onUser(data ?? null), [data, onUser]);
  return null;
}

/**
 * Reports the signed-in user to the landing page. In its own chunk (with the query cache), loaded
 * only when the signed-in hint cookie says there is a session to ask about.
 */
export default function LandingUser(props: Props) {
  return (
    <QueryProvider>
      <ReportUser {...props} />
    </QueryProvider>
  );
}
