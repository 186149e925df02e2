import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { LinkAction, LinkDone, LinkProblem, MailedLinkCard } from '@/components/mailed-link-page';
import { RecipientGate } from '@/components/recipient-gate';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatDate, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { linkErrorKind, type LinkErrorKind } from '@/lib/link-error';
import { forgetReturn } from '@/lib/pending-return';
import { useAcceptInvitation, useInvitationPreview } from '@/features/teams/api/teams';

interface Props {
  token: string;
  /** What the route offers someone who must confirm their address first (a resend). */
  verify?: ReactNode;
}

/**
 * /equipo/invitacion?token=…: who invites, to which team, for which address and until when;
 * then, signed in with that confirmed address, "Aceptar invitación" and on to the dashboard.
 */
export function InvitationScreen({ token, verify }: Props) {
  const { t, locale } = useI18n();
  const copy = t.teams.invitation;
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();

  const problemText = (kind: LinkErrorKind, error: unknown): string =>
    ({
      expired: copy.expired,
      used: copy.used,
      invalid: copy.invalid,
      wrongAccount: copy.wrongAccountError,
      notVerified: copy.verifyFirst,
      noSeats: copy.noSeats,
      alreadyMember: copy.alreadyMember,
      refunded: copy.used,
      other: errorText(error),
    })[kind];

  let body: ReactNode;
  if (!token) body = <LinkProblem text={copy.missing} />;
  else if (preview.isPending) body = <Spinner label={copy.loading} />;
  else if (preview.isError)
    body = <LinkProblem text={problemText(linkErrorKind(preview.error), preview.error)} />;
  else if (accept.isSuccess) {
    body = <LinkDone title={copy.accepted(accept.data.teamName)} text={copy.acceptedText} />;
  } else {
    const invitation = preview.data;
    body = (
      <div className="grid gap-6">
        <div className="flex gap-3">
          <Users aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-gold-700" />
          <div className="grid gap-1">
            <p className="text-lg font-semibold break-words text-navy-900">
              {copy.invited(invitation.inviterName, invitation.teamName)}
            </p>
            <p className="text-navy-700">{copy.benefit}</p>
          </div>
        </div>
        <dl className="grid gap-x-4 gap-y-2 rounded-xl bg-cream-100 p-4 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm font-semibold text-navy-700 sm:text-base">{copy.team}</dt>
          <dd className="break-words text-navy-900">{invitation.teamName}</dd>
          <dt className="text-sm font-semibold text-navy-700 sm:text-base">{copy.inviter}</dt>
          <dd className="break-words text-navy-900">{invitation.inviterName}</dd>
          <dt className="text-sm font-semibold text-navy-700 sm:text-base">{copy.address}</dt>
          <dd className="break-all text-navy-900">{invitation.email}</dd>
          <dt className="text-sm font-semibold text-navy-700 sm:text-base">{copy.expiresAt}</dt>
          <dd className="text-navy-900">
            {formatDate(new Date(invitation.expiresAt), locale, { dateStyle: 'long' })}
          </dd>
        </dl>
        <RecipientGate
          email={invitation.email}
          verify={verify}
          texts={{ ...copy, checking: copy.loading }}
        >
          <LinkAction
            problem={accept.isError ? problemText(linkErrorKind(accept.error), accept.error) : null}
            pending={accept.isPending}
            label={copy.accept}
            pendingLabel={copy.accepting}
            onClick={() =>
              accept.mutate(token, {
                onSuccess: (answer) => {
                  forgetReturn();
                  toast({
                    variant: 'success',
                    title: copy.accepted(answer.teamName),
                    description: copy.acceptedText,
                  });
                  void navigate(paths.dashboard);
                },
              })
            }
          />
        </RecipientGate>
      </div>
    );
  }

  return (
    <MailedLinkCard testId="invitation" toDashboard={copy.toDashboard}>
      {body}
    </MailedLinkCard>
  );
}
