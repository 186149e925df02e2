import { products } from '@mia/catalog';
import { useI18n } from '@/i18n';
import { buildStructuredData, serializeJsonLd } from '@/features/landing/structured-data';

export function StructuredData() {
  const { locale } = useI18n();
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(buildStructuredData(products, locale)) }}
    />
  );
}
