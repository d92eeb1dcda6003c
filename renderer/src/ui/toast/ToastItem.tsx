import { useEffect } from 'react';
import type { ToastMessage } from './toastContext';
import { t } from '../../i18n';

const ICON: Record<ToastMessage['type'], string> = { success: '✓', info: 'i', warning: '!', error: '×' };

export function ToastItem({ toast, onClose }: { toast: ToastMessage; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onClose(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.duration, onClose]);

  return (
    <div
      className={`toast toast-${toast.type}`}
      role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
      data-toast-type={toast.type}
    >
      <span className="toast-icon" aria-hidden="true">
        {ICON[toast.type]}
      </span>
      <div className="toast-body">
        {toast.title ? <div className="toast-title">{toast.title}</div> : null}
        <div className="toast-text">{toast.text}</div>
      </div>
      <button type="button" className="toast-close" aria-label={t('Dismiss notification')} onClick={() => onClose(toast.id)}>
        ×
      </button>
    </div>
  );
}
