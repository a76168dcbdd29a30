import { useTranslation } from 'react-i18next';
import { LIMITS } from '@nomadswap/contracts/enums';
import { dismissToast, useToast } from '../../hooks/use-toast';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';

/**
 * The app's notification region: one toast at a time, closes after 5 s, swipe right (50 px) to dismiss,
 * F8 moves focus into it (Radix hotkey). Mount once, near the root.
 */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts } = useToast();

  return (
    <ToastProvider
      duration={LIMITS.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={LIMITS.toastSwipeThresholdPx}
      label={t('toast.regionLabel')}
    >
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => (
        <Toast
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          variant={variant}
          duration={duration}
          // Errors and warnings interrupt the screen reader; confirmations wait their turn.
          type={variant === 'destructive' || variant === 'warning' ? 'foreground' : 'background'}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose aria-label={t('toast.close')} />
        </Toast>
      ))}
      <ToastViewport label={t('toast.viewportLabel')} />
    </ToastProvider>
  );
}
