import { TEAM_MAX_SEATS, TEAM_MIN_SEATS, type TeamResponse } from '@mia/contracts';
import { Mail, RotateCw, UserMinus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { formatDate, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { errorCode } from '@/lib/error-code';
import {
  useCancelTeamPlan,
  useChangeSeats,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useWithdrawInvitation,
  useTeam,
} from '@/features/teams/api/teams';
import { seatsProblem } from '@/features/teams/team-order';
import { ConfirmInline } from './confirm-inline';

const day = (iso: string, locale: 'es' | 'en') =>
  formatDate(new Date(iso), locale, { dateStyle: 'medium' });

/** The owner's view of one team: seats, members, pending invitations, invite, seats, cancel. */
export function OwnedTeam({ teamId }: { teamId: string }) {
  const { t } = useI18n();
  const copy = t.teams.church;
  const team = useTeam(teamId);
  if (team.isPending) return <Spinner label={copy.heading} />;
  if (team.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className="text-red-800">
          {copy.loadFailed}
        </p>
        <Button variant="outline" size="sm" onClick={() => void team.refetch()}>
          {copy.retry}
        </Button>
      </div>
    );
  }
  return <TeamDetails team={team.data} />;
}

function TeamDetails({ team }: { team: TeamResponse }) {
  const { t, locale } = useI18n();
  const copy = t.teams.church;
  const ending = team.cancelAtPeriodEnd && team.nextRenewal;
  return (
    <section
      aria-labelledby={`team-${team.teamId}-title`}
      className="grid gap-6"
      data-testid={`team-${team.teamId}`}
    >
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3
            id={`team-${team.teamId}-title`}
            className="text-lg font-semibold break-words text-navy-900"
          >
            {team.name}
          </h3>
          <Badge variant={team.status === 'active' ? 'success' : 'warning'}>
            {copy.status[team.status]}
          </Badge>
        </div>
        <p className="text-sm text-navy-700">
          {copy.plan[team.plan]}
          {team.nextRenewal
            ? ` · ${ending ? copy.endsOn(day(team.nextRenewal, locale)) : copy.renews(day(team.nextRenewal, locale))}`
            : null}
        </p>
        <div className="grid gap-1.5">
          <p className="font-semibold text-navy-900" data-testid="seats-used">
            {copy.seats(team.seatsUsed, team.seats)}
          </p>
          <Progress
            value={team.seatsUsed}
            max={team.seats}
            aria-label={copy.seats(team.seatsUsed, team.seats)}
          />
          <p className="text-sm text-navy-700">{copy.seatsHelp}</p>
        </div>
      </div>
      <InviteForm teamId={team.teamId} />
      <Members team={team} />
      <Invitations team={team} />
      <SeatsForm team={team} />
      {team.cancelAtPeriodEnd || team.status === 'canceled' ? null : <CancelPlan team={team} />}
    </section>
  );
}

function InviteForm({ teamId }: { teamId: string }) {
  const { t } = useI18n();
  const copy = t.teams.church;
  const invite = useInvite(teamId);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setProblem(address ? t.validation.invalidEmail : t.validation.required);
      return;
    }
    setProblem(undefined);
    invite.mutate(address, {
      onSuccess: () => {
        setEmail('');
        toast({ variant: 'success', title: copy.invited(address) });
      },
      onError: (error) => {
        const code = errorCode(error);
        if (code === 'no_seats_left') setProblem(copy.noSeatsLeft);
        else if (code === 'already_member') setProblem(copy.alreadyMember);
        else toast({ variant: 'destructive', title: copy.failed, description: errorText(error) });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2" data-testid="invite-form">
      <h4 className="font-semibold text-navy-900">{copy.invite}</h4>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <Field
          label={<span className="sr-only">{copy.inviteEmail}</span>}
          error={problem}
          className="flex-1"
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              placeholder={copy.inviteEmail}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (problem) setProblem(undefined);
              }}
            />
          )}
        </Field>
        <Button type="submit" disabled={invite.isPending} className="sm:mt-1.5">
          <Mail aria-hidden="true" />
          {invite.isPending ? copy.inviting : copy.inviteButton}
        </Button>
      </div>
    </form>
  );
}

function Members({ team }: { team: TeamResponse }) {
  const { t, locale } = useI18n();
  const copy = t.teams.church;
  const remove = useRemoveMember();
  const [asking, setAsking] = useState<string | null>(null);

  return (
    <div className="grid gap-2">
      <h4 className="font-semibold text-navy-900">{copy.members}</h4>
      {team.members.length === 0 ? (
        <p className="text-sm text-navy-700">{copy.noMembers}</p>
      ) : (
        <ul className="grid gap-2" data-testid="team-members">
          {team.members.map((member) => (
            <li
              key={member.userId}
              className="grid gap-2 rounded-lg border border-cream-300/70 p-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-navy-900">{member.name}</p>
                  <p className="text-sm break-all text-navy-700">{member.email}</p>
                  <p className="text-xs text-navy-700">
                    {copy.joined(day(member.joinedAt, locale))}
                  </p>
                </div>
                {asking === member.userId ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={copy.removeLabel(member.name)}
                    onClick={() => setAsking(member.userId)}
                  >
                    <UserMinus aria-hidden="true" />
                    {copy.remove}
                  </Button>
                )}
              </div>
              {asking === member.userId ? (
                <ConfirmInline
                  question={copy.confirmRemove(member.name)}
                  yes={copy.confirmYes}
                  no={copy.confirmNo}
                  busy={remove.isPending}
                  onNo={() => setAsking(null)}
                  onYes={() =>
                    remove.mutate(
                      { teamId: team.teamId, userId: member.userId },
                      {
                        onSuccess: () => {
                          setAsking(null);
                          toast({ variant: 'success', title: copy.removed(member.name) });
                        },
                        onError: (error) =>
                          toast({
                            variant: 'destructive',
                            title: copy.failed,
                            description: errorText(error),
                          }),
                      },
                    )
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Invitations({ team }: { team: TeamResponse }) {
  const { t, locale } = useI18n();
  const copy = t.teams.church;
  const resend = useResendInvitation(team.teamId);
  const withdraw = useWithdrawInvitation(team.teamId);
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: copy.failed, description: errorText(error) });

  return (
    <div className="grid gap-2">
      <h4 className="font-semibold text-navy-900">{copy.invitations}</h4>
      {team.invitations.length === 0 ? (
        <p className="text-sm text-navy-700">{copy.noInvitations}</p>
      ) : (
        <ul className="grid gap-2" data-testid="team-invitations">
          {team.invitations.map((invitation) => (
            <li
              key={invitation.invitationId}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-cream-300/70 p-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-all text-navy-900">{invitation.email}</p>
                <p className="text-xs text-navy-700">
                  {copy.sent(day(invitation.sentAt, locale))} ·{' '}
                  {copy.expires(day(invitation.expiresAt, locale))}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={copy.resendLabel(invitation.email)}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(invitation.invitationId, {
                      onSuccess: () =>
                        toast({ variant: 'success', title: copy.resent(invitation.email) }),
                      onError: failed,
                    })
                  }
                >
                  <RotateCw aria-hidden="true" />
                  {copy.resend}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={copy.withdrawLabel(invitation.email)}
                  disabled={withdraw.isPending}
                  onClick={() =>
                    withdraw.mutate(invitation.invitationId, {
                      onSuccess: () =>
                        toast({ variant: 'success', title: copy.withdrawn(invitation.email) }),
                      onError: failed,
                    })
                  }
                >
                  <X aria-hidden="true" />
                  {copy.withdraw}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SeatsForm({ team }: { team: TeamResponse }) {
  const { t } = useI18n();
  const copy = t.teams.church;
  const change = useChangeSeats(team.teamId);
  const [text, setText] = useState(String(team.seats));
  const [problem, setProblem] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (seatsProblem(text)) {
      setProblem(t.teams.purchase.seatsInvalid(TEAM_MIN_SEATS, TEAM_MAX_SEATS));
      return;
    }
    setProblem(undefined);
    change.mutate(Number(text), {
      onSuccess: (answer) => toast({ variant: 'success', title: copy.seatsSaved(answer.seats) }),
      onError: (error) => {
        if (errorCode(error) === 'seats_in_use') setProblem(copy.seatsInUse);
        else toast({ variant: 'destructive', title: copy.failed, description: errorText(error) });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2" data-testid="seats-form">
      <h4 className="font-semibold text-navy-900">{copy.changeSeats}</h4>
      <div className="flex flex-wrap items-start gap-2">
        <Field
          label={<span className="sr-only">{copy.seatsLabel}</span>}
          error={problem}
          className="w-40"
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={TEAM_MIN_SEATS}
              max={TEAM_MAX_SEATS}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (problem) setProblem(undefined);
              }}
            />
          )}
        </Field>
        <Button type="submit" variant="outline" disabled={change.isPending} className="mt-1.5">
          {change.isPending ? copy.saving : copy.save}
        </Button>
      </div>
    </form>
  );
}

function CancelPlan({ team }: { team: TeamResponse }) {
  const { t } = useI18n();
  const copy = t.teams.church;
  const cancel = useCancelTeamPlan(team.teamId);
  const [asking, setAsking] = useState(false);
  if (asking) {
    return (
      <ConfirmInline
        question={copy.cancelConfirm}
        yes={copy.cancelYes}
        no={copy.confirmNo}
        busy={cancel.isPending}
        onNo={() => setAsking(false)}
        onYes={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              toast({ variant: 'success', title: copy.canceled });
            },
            onError: (error) =>
              toast({ variant: 'destructive', title: copy.failed, description: errorText(error) }),
          })
        }
      />
    );
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      className="justify-self-start text-red-800"
      onClick={() => setAsking(true)}
    >
      {copy.cancel}
    </Button>
  );
}
