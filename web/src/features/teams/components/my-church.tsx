import { Church } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatDate, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { useMyTeams, useRemoveMember } from '@/features/teams/api/teams';
import { ConfirmInline } from './confirm-inline';
import { OwnedTeam } from './owned-team';

/**
 * The dashboard's "Mi iglesia": the teams the user owns (seats, members, invitations) and those
 * they hold a seat in (with the way out). Without either, the way to start one.
 */
export function MyChurch({ userId }: { userId: string }) {
  const { t } = useI18n();
  const copy = t.teams.church;
  const teams = useMyTeams();

  let body;
  if (teams.isPending) body = <Spinner label={copy.heading} />;
  else if (teams.isError) {
    body = (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-red-800">
          {copy.loadFailed}
        </p>
        <Button variant="outline" size="sm" onClick={() => void teams.refetch()}>
          {copy.retry}
        </Button>
      </div>
    );
  } else {
    const { owned, memberships } = teams.data;
    body = (
      <div className="grid gap-6">
        {owned.map((team) => (
          <OwnedTeam key={team.teamId} teamId={team.teamId} />
        ))}
        {memberships.length > 0 ? <Memberships userId={userId} teams={memberships} /> : null}
        {owned.length === 0 ? (
          <div className="grid justify-items-start gap-3">
            {memberships.length === 0 ? <p className="text-navy-700">{copy.none}</p> : null}
            <Button asChild variant="outline">
              <Link to={paths.teamNew}>{copy.noneCta}</Link>
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <Card aria-labelledby="my-church-title" data-testid="my-church">
      <CardHeader>
        <h2
          id="my-church-title"
          className="flex items-center gap-2 text-xl font-bold text-navy-900"
        >
          <Church aria-hidden="true" className="size-5 text-gold-700" />
          {copy.heading}
        </h2>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

interface Membership {
  teamId: string;
  name: string;
  joinedAt: string;
}

function Memberships({ userId, teams }: { userId: string; teams: Membership[] }) {
  const { t, locale } = useI18n();
  const copy = t.teams.church;
  const leave = useRemoveMember();
  const [asking, setAsking] = useState<string | null>(null);

  const onLeave = (team: Membership) =>
    leave.mutate(
      { teamId: team.teamId, userId },
      {
        onSuccess: () => {
          setAsking(null);
          toast({ variant: 'success', title: copy.left(team.name) });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: copy.failed, description: errorText(error) }),
      },
    );

  return (
    <section aria-labelledby="member-of-title" className="grid gap-3">
      <h3 id="member-of-title" className="font-semibold text-navy-900">
        {copy.memberOf}
      </h3>
      <ul className="grid gap-3">
        {teams.map((team) => (
          <li
            key={team.teamId}
            className="grid gap-3 rounded-xl border border-cream-300/70 p-3"
            data-testid={`membership-${team.teamId}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-navy-900">{team.name}</p>
                <p className="text-sm text-navy-700">
                  {copy.memberSince(
                    formatDate(new Date(team.joinedAt), locale, { dateStyle: 'medium' }),
                  )}
                </p>
              </div>
              {asking === team.teamId ? null : (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={copy.leaveLabel(team.name)}
                  onClick={() => setAsking(team.teamId)}
                >
                  {copy.leave}
                </Button>
              )}
            </div>
            {asking === team.teamId ? (
              <ConfirmInline
                question={copy.confirmLeave(team.name)}
                yes={copy.leaveYes}
                no={copy.confirmNo}
                busy={leave.isPending}
                onYes={() => onLeave(team)}
                onNo={() => setAsking(null)}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
