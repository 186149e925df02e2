import { useParams } from 'react-router-dom';
import { buildHead } from '@/components/seo/head';
import { useI18n } from '@/i18n';
import { ConsentScreen } from '@/features/connections/components/consent-screen';

/** /oauth/consent/:uid: a tool asks to connect (issue 23). Never indexed: each address is one-off. */
export default function OAuthConsentRoute() {
  const { t, locale } = useI18n();
  const { uid = '' } = useParams();
  const copy = t.connections.consent;
  const head = buildHead({
    title: copy.headTitle,
    description: copy.headDescription,
    keywords: copy.headKeywords,
    path: null,
    indexable: false,
    locale,
  });
  return (
    <>
      <title>{head.title}</title>
      {head.meta.map((tag) => (
        <meta key={tag.name ?? tag.property} {...tag} />
      ))}
      {/* A new uid is a new request: nothing of the previous one's state carries over. */}
      <ConsentScreen key={uid} uid={uid} />
    </>
  );
}
