import { createContext, useContext } from 'react';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export interface ToastMessage {
  id: number;
  type: ToastType;
  text: string;
  title?: string;
  duration: number;
}

export type ShowToast = (text: string, title?: string) => void;

export interface ToastApi {
  show: (type: ToastType, text: string, title?: string, duration?: number) => void;
  success: ShowToast;
  info: ShowToast;
  warning: ShowToast;
  error: ShowToast;
}

/** Spec §9: error toasts last 10000 ms. */
export const TOAST_DURATION: Record<ToastType, number> = {
  success: 4000,
  info: 4000,
  warning: 6000,
  error: 10000,
};

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
