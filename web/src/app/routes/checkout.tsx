import { DEFAULT_CHECKOUT_ID, findCheckoutItem, localizePlan, localizeProduct } from '@mia/catalog';
import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '@/components/layouts/placeholder-page';
import { paths } from '@/config/paths';
import { formatMoney, useI18n } from '@/i18n';

export default function CheckoutRoute() {
  const { t, locale } = useI18n();
  const { plan = DEFAULT_CHECKOUT_ID } = useParams();
  const found = findCheckoutItem(plan);
  const name = found
    ? found.kind === 'product'
      ? localizeProduct(found.item, locale).name
      : localizePlan(found.item, locale).name
    : null;
  return (
    <PlaceholderPage
      page="checkout"
      title={t.checkout.heading}
      back={{ to: paths.home, label: t.checkout.cancel }}
    >
      {found && name ? (
        <p>{t.checkout.item(name, formatMoney(found.item.priceCents, locale))}</p>
      ) : null}
    </PlaceholderPage>
  );
}
