import { Activity } from 'lucide-react';
import { Link, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';
import { CustomerLookup } from '@/features/admin/components/customer-lookup';
import { DisputesPanel } from '@/features/admin/components/disputes-panel';
import { GrantForm } from '@/features/admin/components/grant-form';
import { IncidentsForm } from '@/features/admin/components/incidents-form';
import { PaymentsReviewPanel } from '@/features/admin/components/payments-review-panel';
import { RoleForm } from '@/features/admin/components/role-form';
import { AdminLayout } from '@/features/admin-console/components/admin-layout';
import { PageSection } from '@/features/admin-console/components/page-section';
import { ProductEditorPage } from '@/features/admin-console/components/products/product-editor';
import { ProductsPage } from '@/features/admin-console/components/products/products-page';
import { PromotionsPage } from '@/features/admin-console/components/promotions/promotions-page';
import { SalesPage } from '@/features/admin-console/components/sales/sales-page';
import { PrivateHead } from './support/private-head';
import { StaffOnly } from './support/staff-only';

/**
 * /admin/*: the owner's console (admin role with the second factor, as the staff pages; every
 * service checks again). Its own chunk, with recharts, so no other page downloads the charts.
 */
export default function AdminRoute() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route
        element={
          <AdminLayout
            head={<PrivateHead {...t.adminConsole.seo} path={pathname} />}
            guard={(content) => <StaffOnly>{content}</StaffOnly>}
          />
        }
      >
        <Route index element={<SalesPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="products/new" element={<ProductEditorPage />} />
        <Route path="products/:id" element={<ProductEditorSection />} />
        <Route path="promotion-codes" element={<PromotionsPage />} />
        <Route path="customers" element={<CustomersSection />} />
        <Route path="disputes" element={<DisputesSection />} />
        <Route path="incidents" element={<IncidentsSection />} />
        <Route path="*" element={<Navigate to={paths.admin} replace />} />
      </Route>
    </Routes>
  );
}

// Sections made of the admin feature's panels, which the console shows beside its own.
const noop = () => {};

function CustomersSection() {
  const { t } = useI18n();
  const copy = t.adminConsole.customers;
  return (
    <PageSection title={copy.heading} subtitle={copy.subtitle}>
      <CustomerLookup onChanged={noop} />
      <GrantForm onGranted={noop} />
      <PaymentsReviewPanel />
      <RoleForm />
    </PageSection>
  );
}

function DisputesSection() {
  const { t } = useI18n();
  const copy = t.adminConsole.disputes;
  return (
    <PageSection title={copy.heading} subtitle={copy.subtitle}>
      <div className="lg:col-span-2">
        <DisputesPanel />
      </div>
    </PageSection>
  );
}

function IncidentsSection() {
  const { t } = useI18n();
  const copy = t.adminConsole.incidents;
  return (
    <PageSection
      title={copy.heading}
      subtitle={copy.subtitle}
      action={
        <Link to={paths.status} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Activity aria-hidden="true" />
          {copy.statusPage}
        </Link>
      }
    >
      <div className="lg:col-span-2">
        <IncidentsForm />
      </div>
    </PageSection>
  );
}

function ProductEditorSection() {
  return <ProductEditorPage id={useParams().id} />;
}
