import type { DashboardResponse } from '@mia/contracts';
import { BadgeCheck, ExternalLink, Gift, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatDate, formatMoney, useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { findProduct } from '@/features/catalog/catalog';
import { useCatalog } from '@/features/catalog/use-catalog';
import { useAccessGpt } from '@/features/dashboard/api/access-gpt';
import { productText } from '@/features/dashboard/product-text';
import { dollarsToCents, parseDate, usesOf } from '@/features/dashboard/summary';

type Product = DashboardResponse['availableProducts'][number];

/**
 * Opens the tool in a new tab. The tab is opened in the click itself (a tab opened after the
 * answer arrives is a popup to the browser, and blocked), cut off from this page, and sent to
 * the tool once access confirms it; a refusal closes it again.
 */
function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

function AccessSource({ product }: { product: Product }) {
  const { t, locale } = useI18n();
  const copy = t.dashboard.tools;
  if (!product.access) return null;
  const until = parseDate(product.access.until);
  const { source, teamName } = product.access;
  // A team's seat names the church: "Incluido en el plan de {team}".
  const label = source === 'team' && teamName ? copy.teamSource(teamName) : copy.source[source];
  // Plain text rather than a badge: with its date it must be able to wrap on a phone.
  return (
    <span className="flex items-start gap-1 text-xs font-semibold text-green-800">
      <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
      {until ? `${label} ${copy.until(formatDate(until, locale, { dateStyle: 'medium' }))}` : label}
    </span>
  );
}

/** Spec section 2: every product; owned ones open with 'Usar', the rest go to checkout. */
export function ToolsList({ data }: { data: DashboardResponse }) {
  const { t, locale } = useI18n();
  const copy = t.dashboard.tools;
  const access = useAccessGpt();
  // Names and pictures from the catalogue once it is here; the server's names until then.
  const catalog = useCatalog().view?.catalog;

  const use = (product: Product) => {
    const tab = openBlankTab();
    const name = productText(product, locale, catalog).name;
    access.mutate(product.id, {
      onSuccess: (answer) => {
        if (tab) tab.location.href = answer.gptUrl;
        else window.open(answer.gptUrl, '_blank', 'noopener,noreferrer');
        toast({
          variant: 'success',
          title: copy.accessGranted,
          description: copy.accessGrantedText(name, answer.totalUsage),
        });
      },
      onError: (error) => {
        tab?.close();
        toast({ variant: 'destructive', title: copy.accessDenied, description: errorText(error) });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-bold text-navy-900">{copy.heading}</h2>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" data-testid="tools-list">
          {data.availableProducts.map((product) => {
            const text = productText(product, locale, catalog);
            const image = catalog ? findProduct(catalog, product.id)?.image : undefined;
            const opening = access.isPending && access.variables === product.id;
            return (
              <li
                key={product.id}
                data-testid={`tool-${product.id}`}
                className="flex flex-col gap-3 rounded-xl border border-cream-300/70 p-3 sm:flex-row sm:items-center"
              >
                <div className="flex min-w-0 flex-1 gap-3">
                  {image ? (
                    <img
                      src={image}
                      alt=""
                      width={96}
                      height={54}
                      loading="lazy"
                      decoding="async"
                      className="h-14 w-24 shrink-0 rounded-lg bg-cream-200 object-cover"
                    />
                  ) : null}
                  <div className="grid min-w-0 justify-items-start gap-1">
                    <h3 className="font-semibold text-navy-900">{text.name}</h3>
                    <p className="line-clamp-2 text-sm text-navy-700">{text.description}</p>
                    <AccessSource product={product} />
                    {/* A quiet link under the text: the row's buttons keep their room. */}
                    <Link
                      to={paths.gift({ productId: product.id })}
                      aria-label={copy.giftLabel(text.name)}
                      className="inline-flex min-h-6 items-center gap-1 rounded text-sm font-semibold text-navy-700 underline-offset-4 hover:underline"
                    >
                      <Gift aria-hidden="true" className="size-4" />
                      {copy.gift}
                    </Link>
                  </div>
                </div>
                <div className="flex shrink-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:justify-end">
                  {product.purchased ? (
                    <>
                      <span className="text-sm font-medium text-navy-800" data-testid="uses">
                        {copy.usedTimes(usesOf(data, product.id))}
                      </span>
                      <Button
                        onClick={() => use(product)}
                        disabled={opening}
                        aria-label={`${copy.useLabel(text.name)} ${t.common.newTab}`}
                      >
                        <ExternalLink aria-hidden="true" />
                        {opening ? copy.opening : copy.use}
                      </Button>
                    </>
                  ) : (
                    <>
                      <span className="text-sm font-medium text-navy-800">
                        {copy.price(formatMoney(dollarsToCents(product.price), locale))}
                      </span>
                      <Button asChild variant="accent">
                        <Link to={paths.checkout(product.id)} aria-label={copy.buyLabel(text.name)}>
                          <ShoppingCart aria-hidden="true" />
                          {copy.buy}
                        </Link>
                      </Button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
