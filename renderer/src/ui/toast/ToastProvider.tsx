import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_DURATION, ToastContext, type ToastApi, type ToastMessage, type ToastType } from './toastContext';
import { ToastItem } from './ToastItem';

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback((type: ToastType, text: string, title?: string, duration?: number) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-5), { id, type, text, title, duration: duration ?? TOAST_DURATION[type] }]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (text, title) => show('success', text, title),
      info: (text, title) => show('info', text, title),
      warning: (text, title) => show('warning', text, title),
      error: (text, title) => show('error', text, title),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-stack" aria-live="polite">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
