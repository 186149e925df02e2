import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { ApiError, errorText } from '@/lib/api-client';
import { signInPath } from '@/lib/next-path';
import { useCancelInteraction } from '@/features/connections/api/cancel-interaction';
import { useConsentInteraction } from '@/features/connections/api/consent-interaction';
import { useInteractionDetails } from '@/features/connections/api/interaction-details';
import type { RedirectAnswer } from '@/features/connections/api/redirect-answer';
import { ConsentCard } from './consent-card';
import { ConsentFrame } from './consent-frame';
import { ConsentProblem } from './consent-problem';
import { ConsentStatus } from './consent-status';

/** Back into the authorization server, which sends the browser on to the tool. */
const follow = ({ redirectTo }: RedirectAnswer) => window.location.assign(redirectTo);

/**
 * `/oauth/consent/:uid` (issue 23): identity sends a tool's authorization request here. Signed
 * out, the visitor signs in and comes back; a tool this user already allowed is allowed again at
 * once; otherwise the person chooses Permitir or Cancelar.
 */
export function ConsentScreen({ uid }: { uid: string }) {
  const { t } = useI18n();
  const copy = t.connections.consent;
  const navigate = useNavigate();
  const details = useInteractionDetails(uid);
  const consent = useConsentInteraction();
  const cancel = useCancelInteraction();
  const back = signInPath(paths.oauthConsent(uid));

  const fail = (error: unknown) => {
    // The session ended meanwhile: sign in again and come back to the same request.
    if (error instanceof ApiError && error.status === 401) {
      navigate(back, { replace: true });
      return;
    }
    // The request expired (or was answered in another tab) meanwhile: reading it again shows so.
    if (error instanceof ApiError && error.status === 404) {
      void details.refetch();
      return;
    }
    toast({ variant: 'destructive', title: copy.failed, description: errorText(error) });
  };
  const allow = () => consent.mutate(uid, { onSuccess: follow, onError: fail });
  const deny = () => cancel.mutate(uid, { onSuccess: follow, onError: fail });

  // Asked and answered before: no second question, once per visit (not again on a re-render).
  const data = details.data;
  const autoAllow = Boolean(data?.account && data.remembered);
  const autoAllowed = useRef(false);
  useEffect(() => {
    if (!autoAllow || autoAllowed.current) return;
    autoAllowed.current = true;
    consent.mutate(uid, { onSuccess: follow, onError: fail });
    // `consent` and `fail` change identity on every render; the ref keeps this to one call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoAllow, uid]);

  let body;
  if (details.isPending) body = <ConsentStatus text={copy.loading} />;
  else if (details.isError) {
    const gone = details.error instanceof ApiError && details.error.status === 404;
    body = <ConsentProblem gone={gone} onRetry={() => void details.refetch()} />;
  } else if (!details.data.account) return <Navigate to={back} replace />;
  // Leaving for the tool (or for its refusal): the page stays as it is until the browser goes.
  else if (consent.isPending || consent.isSuccess || (autoAllow && consent.isIdle))
    body = <ConsentStatus text={copy.connecting} />;
  else if (cancel.isPending || cancel.isSuccess) body = <ConsentStatus text={copy.cancelling} />;
  else {
    body = (
      <ConsentCard
        details={{ ...details.data, account: details.data.account }}
        onAllow={allow}
        onCancel={deny}
      />
    );
  }
  return <ConsentFrame>{body}</ConsentFrame>;
}
