import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { forgetReturn, pendingReturn } from '@/lib/pending-return';

/**
 * After confirming the address: back to the invitation or gift that sent the person to register
 * (lib/pending-return.ts), when there is one.
 */
export function PendingReturnLink({ label }: { label: string }) {
  const [to] = useState(pendingReturn);
  if (!to) return null;
  return (
    <div className="mx-auto mt-6 flex max-w-lg justify-center">
      <Button asChild size="lg" variant="accent">
        <Link to={to} onClick={forgetReturn}>
          {label}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
