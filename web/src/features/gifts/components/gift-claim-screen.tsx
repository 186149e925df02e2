import { Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { LinkAction, LinkDone, LinkProblem, MailedLinkCard } from '@/components/mailed-link-page';
import { RecipientGate } from '@/components/recipient-gate';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { linkErrorKind, type LinkErrorKind } from '@/lib/link-error';
import { forgetReturn } from '@/lib/pending-return';
import { useCatalog } from '@/features/catalog/use-catalog';
import { useClaimGift, useGiftPreview } from '@/features/gifts/api/gifts';
import { giftItemName } from '@/features/gifts/gift-item';

interface Props {
  token: string;
  /** What the route offers someone who must confirm their address first (a resend). */
  verify?: ReactNode;
}

/**
 * /regalo?token=…: who gives what, with their message (shown as text, never as markup); then,
 * signed in with the recipient's confirmed address, "Canjear regalo".
 */
export function GiftClaimScreen({ token, verify }: Props) {
  const { t } = useI18n();
  const copy = t.gifts.claim;
  const navigate = useNavigate();
  const view = useCatalog().view;
  const preview = useGiftPreview(token);
  const claim = useClaimGift();

  const problemText = (kind: LinkErrorKind, error: unknown): string =>
    ({
      expired: copy.expired,
      used: copy.used,
      invalid: copy.invalid,
      wrongAccount: copy.wrongAccountError,
      notVerified: copy.verifyFirst,
      noSeats: errorText(error),
      alreadyMember: errorText(error),
      refunded: copy.refunded,
      other: errorText(error),
    })[kind];

  let body: ReactNode;
  if (!token) body = <LinkProblem text={copy.missing} />;
  else if (preview.isPending) body = <Spinner label={copy.loading} />;
  else if (preview.isError)
    body = <LinkProblem text={problemText(linkErrorKind(preview.error), preview.error)} />;
  else if (claim.isSuccess) {
    body = (
      <LinkDone
        testId="gift-claimed"
        title={copy.claimed}
        text={claim.data.alreadyOwned ? copy.alreadyOwned : copy.claimedText}
      />
    );
  } else {
    const gift = preview.data;
    body = (
      <div className="grid gap-6">
        <div className="flex gap-3">
          <Gift aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-gold-700" />
          <p className="text-lg font-semibold break-words text-navy-900">
            {copy.from(gift.fromName)}
          </p>
        </div>
        <dl className="grid gap-x-4 gap-y-2 rounded-xl bg-cream-100 p-4 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm font-semibold text-navy-700 sm:text-base">{copy.what}</dt>
          <dd className="break-words text-navy-900">
            {giftItemName(gift.item, view, t.catalog.plans)}
            {gift.item.kind === 'plan' ? ` · ${t.gifts.purchase.planGift[gift.item.plan]}` : null}
          </dd>
          <dt className="text-sm font-semibold text-navy-700 sm:text-base">{copy.address}</dt>
          <dd className="break-all text-navy-900">{gift.recipientEmail}</dd>
        </dl>
        {gift.message ? (
          <figure className="grid gap-1 border-l-4 border-gold-400 pl-4">
            <figcaption className="text-sm font-medium text-navy-800">{copy.message}</figcaption>
            {/* A text node: whatever the buyer typed, markup included, reads as typed. */}
            <blockquote
              className="whitespace-pre-line break-words text-navy-900"
              data-testid="gift-message"
            >
              {gift.message}
            </blockquote>
          </figure>
        ) : null}
        <RecipientGate
          email={gift.recipientEmail}
          verify={verify}
          texts={{ ...copy, checking: copy.loading }}
        >
          <LinkAction
            problem={claim.isError ? problemText(linkErrorKind(claim.error), claim.error) : null}
            pending={claim.isPending}
            label={copy.claim}
            pendingLabel={copy.claiming}
            onClick={() =>
              claim.mutate(token, {
                onSuccess: (answer) => {
                  forgetReturn();
                  toast({
                    variant: 'success',
                    title: copy.claimed,
                    description: answer.alreadyOwned ? copy.alreadyOwned : copy.claimedText,
                  });
                  // Someone who already had it reads why before moving on.
                  if (!answer.alreadyOwned) void navigate(paths.dashboard);
                },
              })
            }
          />
        </RecipientGate>
      </div>
    );
  }

  return (
    <MailedLinkCard testId="gift-claim" toDashboard={copy.toDashboard}>
      {body}
    </MailedLinkCard>
  );
}
