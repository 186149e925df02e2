import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';

// The pieces every page of a mailed link shares (a team invitation, a gift): the card with its
// way back to the dashboard, a refusal, the one action, and what it did.

export function MailedLinkCard({
  testId,
  toDashboard,
  children,
}: {
  testId: string;
  toDashboard: string;
  children: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl" data-testid={testId}>
      <CardContent className="grid gap-6 pt-6">
        {children}
        <Link
          to={paths.dashboard}
          className="justify-self-start rounded font-semibold text-navy-700 underline underline-offset-4"
        >
          {toDashboard}
        </Link>
      </CardContent>
    </Card>
  );
}

export function LinkProblem({ text }: { text: string }) {
  return (
    <p role="alert" className="font-medium text-red-800">
      {text}
    </p>
  );
}

/** The link's one action (accept, claim), with why it was refused when it was. */
export function LinkAction({
  problem,
  pending,
  label,
  pendingLabel,
  onClick,
}: {
  problem: string | null;
  pending: boolean;
  label: string;
  pendingLabel: string;
  onClick: () => void;
}) {
  return (
    <div className="grid gap-3">
      {problem ? <LinkProblem text={problem} /> : null}
      <Button
        size="lg"
        variant="accent"
        className="justify-self-stretch sm:justify-self-start"
        disabled={pending}
        onClick={onClick}
      >
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}

export function LinkDone({
  title,
  text,
  testId,
}: {
  title: string;
  text: string;
  testId?: string;
}) {
  return (
    <div role="status" className="flex gap-3" data-testid={testId}>
      <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-green-700" />
      <div className="grid gap-1">
        <p className="text-lg font-semibold text-navy-900">{title}</p>
        <p className="text-navy-700">{text}</p>
      </div>
    </div>
  );
}
