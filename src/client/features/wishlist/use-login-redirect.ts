// Guests who reach for the wishlist see the login modal, then go to /account after 1.5 s (spec); the login
// page brings them back to the page they were on.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LOGIN_REDIRECT_DELAY_MS } from './login-required-modal';

export function useLoginRedirect(): { open: boolean; trigger: () => void } {
  const navigate = useNavigate();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const trigger = useCallback(() => {
    setOpen(true);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setOpen(false);
      void navigate({ to: '/account', search: { redirect: router.state.location.href } });
    }, LOGIN_REDIRECT_DELAY_MS);
  }, [navigate, router]);
  return { open, trigger };
}
