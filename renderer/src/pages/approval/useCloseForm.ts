import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { previousLocation } from './navHistory';

/** Close: back to the previous route, or to the approval list when that was this form (or none). */
export function useCloseForm(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const { path, pushed } = previousLocation();
    if (!path || path.startsWith('/approval-form')) {
      navigate('/approval-list');
      return;
    }
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (pushed && idx > 0) navigate(-1);
    else navigate(path);
  }, [navigate]);
}
