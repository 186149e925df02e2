import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useI18n } from '@/i18n';

/** Spec section 8: an unknown /checkout/{plan} says 'Producto Inválido' and goes home. */
export function InvalidCheckoutItem() {
  const { t } = useI18n();
  const navigate = useNavigate();
  // Once, even when development mounts the page twice.
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast({
      variant: 'destructive',
      title: t.checkout.invalidProduct,
      description: t.checkout.invalidProductText,
    });
    navigate(paths.home, { replace: true });
  }, [navigate, t]);
  return null;
}
