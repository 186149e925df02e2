import type { AdminProduct } from '@mia/contracts';
import { ArrowLeft, Rocket, Save } from 'lucide-react';
import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useI18n } from '@/i18n';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf, type FieldErrors } from '@/features/admin-console/api/field-errors';
import {
  useAdminProducts,
  useCreateProduct,
  usePublishProduct,
  useUpdateProduct,
} from '@/features/admin-console/api/products';
import { SectionHeading } from '@/features/admin-console/components/admin-layout';
import { SectionState } from '@/features/admin-console/components/section-state';
import { adminPaths } from '@/features/admin-console/paths';
import {
  checkNewProduct,
  checkProductChange,
  emptyProductForm,
  languages,
  productFormOf,
  type Language,
  type ProductFormState,
} from '@/features/admin-console/product-form';
import { ImageField } from './image-field';
import { ProductPreview } from './product-preview';
import { RetireDialog } from './retire-dialog';
import { ProductStatusBadge } from './status-badge';

/** /admin/products/new and /admin/products/:id: the form once the product (if any) is loaded. */
export function ProductEditorPage({ id }: { id?: string }) {
  const { t } = useI18n();
  const products = useAdminProducts();
  if (!id) return <ProductEditor key="new" />;
  if (!products.data) return <SectionState query={products} />;
  const product = products.data.products.find((item) => item.id === id);
  if (!product) {
    return (
      <>
        <BackLink />
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
          {t.adminConsole.editor.notFound}
        </p>
      </>
    );
  }
  return <ProductEditor key={product.id} product={product} />;
}

function BackLink() {
  const { t } = useI18n();
  return (
    <Link
      to={adminPaths.products}
      className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} -ml-3 justify-self-start`}
    >
      <ArrowLeft aria-hidden="true" />
      {t.adminConsole.editor.back}
    </Link>
  );
}

function ProductEditor({ product }: { product?: AdminProduct }) {
  const { t, locale } = useI18n();
  const copy = t.adminConsole.editor;
  const navigate = useNavigate();
  const [initial] = useState(() => (product ? productFormOf(product) : emptyProductForm()));
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const publish = usePublishProduct();
  const pending = create.isPending || update.isPending;

  const set = (change: Partial<ProductFormState>) =>
    setForm((current) => ({ ...current, ...change }));
  const setText = (
    key: 'name' | 'description' | 'examplePrompts',
    language: Language,
    value: string,
  ) => setForm((current) => ({ ...current, [key]: { ...current[key], [language]: value } }));
  const setFeature = (language: Language, index: number, value: string) =>
    setForm((current) => ({
      ...current,
      features: {
        ...current.features,
        [language]: current.features[language].map((feature, at) =>
          at === index ? value : feature,
        ),
      },
    }));

  const failed = (failure: unknown) => {
    const fields = fieldErrorsOf(failure);
    if (fields && Object.keys(fields).length > 0) {
      setErrors(fields);
      toast({
        variant: 'destructive',
        title: copy.failed,
        description: t.adminConsole.formHasErrors,
      });
    } else toast({ variant: 'destructive', title: copy.failed, description: errorText(failure) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!product) {
      const result = checkNewProduct(form, copy.priceInvalid);
      if (!result.ok) return setErrors(result.errors);
      setErrors({});
      create.mutate(result.request, {
        onSuccess: () => {
          toast({ variant: 'success', title: copy.created });
          void navigate(adminPaths.product(result.request.id));
        },
        onError: failed,
      });
      return;
    }
    const result = checkProductChange(initial, form, copy.priceInvalid);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    if (!result.request) return toast({ variant: 'success', title: copy.saved });
    update.mutate(
      { id: product.id, body: result.request },
      { onSuccess: () => toast({ variant: 'success', title: copy.saved }), onError: failed },
    );
  };

  const name = product ? product.name[locale] : '';
  return (
    <>
      <BackLink />
      <SectionHeading
        title={product ? copy.editHeading(name) : copy.newHeading}
        action={
          product ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="sr-only">{copy.statusLabel}:</span>
              <ProductStatusBadge status={product.status} />
              {product.status === 'draft' ? (
                <Button
                  size="sm"
                  disabled={publish.isPending}
                  onClick={() =>
                    publish.mutate(product.id, {
                      onSuccess: () =>
                        toast({ variant: 'success', title: t.adminConsole.products.published }),
                      onError: failed,
                    })
                  }
                >
                  <Rocket aria-hidden="true" />
                  {t.adminConsole.products.publish}
                </Button>
              ) : null}
              {product.status === 'published' ? <RetireDialog id={product.id} name={name} /> : null}
            </div>
          ) : undefined
        }
      />
      <div className="grid items-start gap-6 xl:grid-cols-[1fr_22rem]">
        <form onSubmit={onSubmit} noValidate className="grid gap-6" data-testid="product-form">
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold text-navy-900">{copy.general}</h2>
            </CardHeader>
            <CardContent className="grid gap-4 md:grid-cols-2">
              <Field label={copy.id} error={errors.id} className="md:col-span-2">
                {(control) => (
                  <>
                    <Input
                      {...control}
                      value={form.id}
                      readOnly={Boolean(product)}
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono read-only:bg-cream-100"
                      onChange={(event) => set({ id: event.target.value })}
                    />
                    <Hint>{copy.idHint}</Hint>
                  </>
                )}
              </Field>
              <Field label={copy.price} error={errors.priceCents}>
                {(control) => (
                  <>
                    <Input
                      {...control}
                      inputMode="decimal"
                      value={form.price}
                      onChange={(event) => set({ price: event.target.value })}
                    />
                    <Hint>{copy.priceHint}</Hint>
                  </>
                )}
              </Field>
              <Field label={copy.destination} error={errors.destinationUrl}>
                {(control) => (
                  <>
                    <Input
                      {...control}
                      type="url"
                      inputMode="url"
                      placeholder="https://chatgpt.com/g/..."
                      value={form.destinationUrl}
                      onChange={(event) => set({ destinationUrl: event.target.value })}
                    />
                    <Hint>{copy.destinationHint}</Hint>
                  </>
                )}
              </Field>
              <div className="md:col-span-2">
                <ImageField
                  value={form.image === initial.image ? '' : form.image}
                  error={errors.image}
                  onChange={(image) => set({ image: image || initial.image })}
                />
              </div>
              <div className="flex items-center gap-3 md:col-span-2">
                <Checkbox
                  id="product-popular"
                  checked={form.popular}
                  onCheckedChange={(checked) => set({ popular: checked === true })}
                />
                <Label htmlFor="product-popular">{copy.popular}</Label>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold text-navy-900">{copy.texts}</h2>
            </CardHeader>
            <CardContent className="grid gap-6 md:grid-cols-2">
              {languages.map((language) => (
                <fieldset key={language} className="grid content-start gap-4" lang={language}>
                  <legend className="mb-2 text-base font-semibold text-navy-900">
                    {copy.language[language]}
                  </legend>
                  <Field
                    label={<Labelled text={copy.name} language={copy.language[language]} />}
                    error={errors[`name.${language}`]}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        value={form.name[language]}
                        onChange={(event) => setText('name', language, event.target.value)}
                      />
                    )}
                  </Field>
                  <Field
                    label={<Labelled text={copy.description} language={copy.language[language]} />}
                    error={errors[`description.${language}`]}
                  >
                    {(control) => (
                      <TextArea
                        {...control}
                        rows={3}
                        value={form.description[language]}
                        onChange={(value) => setText('description', language, value)}
                      />
                    )}
                  </Field>
                  {form.features[language].map((feature, index) => (
                    <Field
                      key={index}
                      label={
                        <Labelled
                          text={copy.feature(index + 1)}
                          language={copy.language[language]}
                        />
                      }
                      error={
                        errors[`features.${language}.${index}`] ??
                        (index === 0 ? errors[`features.${language}`] : undefined)
                      }
                    >
                      {(control) => (
                        <Input
                          {...control}
                          value={feature}
                          onChange={(event) => setFeature(language, index, event.target.value)}
                        />
                      )}
                    </Field>
                  ))}
                  <Field
                    label={
                      <Labelled text={copy.examplePrompts} language={copy.language[language]} />
                    }
                    error={
                      errors[`examplePrompts.${language}`] ??
                      Object.entries(errors).find(([path]) =>
                        path.startsWith(`examplePrompts.${language}.`),
                      )?.[1]
                    }
                  >
                    {(control) => (
                      <TextArea
                        {...control}
                        rows={4}
                        value={form.examplePrompts[language]}
                        onChange={(value) => setText('examplePrompts', language, value)}
                      />
                    )}
                  </Field>
                </fieldset>
              ))}
            </CardContent>
          </Card>
          <Button type="submit" disabled={pending} className="justify-self-start">
            <Save aria-hidden="true" />
            {pending ? copy.saving : product ? copy.saveChanges : copy.save}
          </Button>
        </form>
        <div className="xl:sticky xl:top-6">
          <ProductPreview form={form} />
        </div>
      </div>
    </>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-navy-700">{children}</p>;
}

/** A field's label with its language for screen readers ('Nombre (Español)'); the legend shows it. */
function Labelled({ text, language }: { text: string; language: string }) {
  return (
    <>
      {text}
      <span className="sr-only"> ({language})</span>
    </>
  );
}

function TextArea({
  onChange,
  ...props
}: Omit<ComponentProps<'textarea'>, 'onChange'> & { onChange: (value: string) => void }) {
  return (
    <textarea
      {...props}
      onChange={(event) => onChange(event.target.value)}
      className="block w-full rounded-lg border border-navy-200 bg-white px-3 py-2 text-base text-navy-950 shadow-sm focus-visible:border-navy-500 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gold-500 aria-invalid:border-red-700"
    />
  );
}
